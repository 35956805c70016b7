/**
 * Names that read: what a workspace is called after what it holds ("post_writer (shared)", "Chain bundle
 * (example)") and how a file count is written ("1 file", "3 files"). Plain functions over untrusted text (a
 * shared link's files): never throw, and every name fits the stored limit. Deliberately a few regular
 * expressions, not the core's parsers: this runs on the main thread and must not pull them into its bundle.
 */

/** The longest name these functions return (the stored name limit is larger). */
export const MAX_WORKSPACE_NAME_CHARS = 80;

/** "1 file", "3 files", "0 files". */
export function describeFileCount(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/** The name of the workspace a shared link opens as: its content's name and "(shared)". */
export function sharedWorkspaceName(files: Record<string, string>, active: string): string {
  return `${contentName(files, active) ?? 'Shared link'} (shared)`;
}

/**
 * What the content of a workspace is called, read from its active file (or else its first file): the name of
 * its one card (a top-level `name:` of YAML or frontmatter, or the `name`/`metadata.name` of a JSON file), or
 * the file's name without its folder and extension when it holds several cards or none. Undefined when there
 * is no file. Control characters and runs of white space become single spaces; the result is at most
 * `MAX_WORKSPACE_NAME_CHARS` characters.
 */
export function contentName(files: Record<string, string>, active: string): string | undefined {
  const path = Object.hasOwn(files, active) ? active : Object.keys(files)[0];
  if (path === undefined) return undefined;
  const text = files[path] ?? '';
  const names = /\.json$/i.test(path) ? jsonNames(text) : yamlNames(text);
  const name = names.length === 1 ? clean(names[0]!) : '';
  return name || clean(fileStem(path)) || undefined;
}

/**
 * `name` if no workspace in `taken` is called that, else `name 2`, `name 3`… (the first free one), so that two
 * shared links of one card are told apart in the workspace list.
 */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(name)) return name;
  for (let n = 2; ; n++) if (!names.has(`${name} ${n}`)) return `${name} ${n}`;
}

// Top-level `name:` lines (no indentation), in YAML streams and in Markdown frontmatter alike; a body line
// that happens to start with `name:` is rare enough not to matter for a name.
function yamlNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.slice(0, 200_000).matchAll(/^name:[ \t]*(.*?)[ \t]*(?:#.*)?$/gm)) {
    const value = unquote(match[1] ?? '');
    if (value) names.push(value);
  }
  return names;
}

function jsonNames(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  const name =
    parsed['name'] ?? (isRecord(parsed['metadata']) ? parsed['metadata']['name'] : undefined);
  return typeof name === 'string' && name.trim() ? [name] : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unquote(value: string): string {
  const quoted = /^(['"])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] ?? '') : value;
}

/** `agents/post_writer.md` → `post_writer`; `unit_converter.afm.md` → `unit_converter`. */
function fileStem(path: string): string {
  const base = path.split('/').pop() ?? path;
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

function clean(text: string): string {
  const flat = text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g,
    ' ',
  );
  const single = flat.replace(/\s+/g, ' ').trim();
  return single.length > MAX_WORKSPACE_NAME_CHARS
    ? `${single.slice(0, MAX_WORKSPACE_NAME_CHARS - 1).trimEnd()}…`
    : single;
}
