/**
 * Reads one AFM file: splits it, parses the frontmatter with the project's YAML reader, checks the
 * fields by the file's shape, reads the Role / Instructions body, reports every `${…}` variable, and
 * compiles the agent. Pure; never throws on any text.
 */
import { isMap, type Document } from 'yaml';
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import { basename, dirname, resolvePath } from '../../text/paths.ts';
import { parseYaml } from '../../text/parse-yaml.ts';
import type {
  FormatAnalysis,
  FormatContext,
  FormatDiagnostic,
  FormatUnit,
} from '../format-module.ts';
import { checkFrontmatter, type FrontmatterReading } from './check-frontmatter.ts';
import { compileAfm, toJson } from './compile-afm.ts';
import { fieldAt, findVariables, variableJson, type AfmVariable } from './find-variables.ts';
import { NodeChecker, type Range } from './node-checks.ts';
import { readBody } from './read-body.ts';
import { SHAPE_LABELS } from './shape.ts';
import { splitAfm, type AfmSplit } from './split-afm.ts';

/** The agent identifier of an AFM path: its file name without `.afm.md` / `.afm` (else the last extension). */
export function afmIdentifier(path: string): string {
  const name = basename(path);
  const lower = name.toLowerCase();
  if (lower.endsWith('.afm.md')) return name.slice(0, -7);
  if (lower.endsWith('.afm')) return name.slice(0, -4);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Analyses the unit's entry file as AFM. */
export function analyzeAfm(unit: FormatUnit, context: FormatContext): FormatAnalysis {
  const path = unit.entry;
  const text = unit.files[path] ?? '';
  const diagnostics: FormatDiagnostic[] = [];
  const add: Report = (d) => diagnostics.push({ ...d, file: path });
  const firstLineEnd = Math.max(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const top: Range = [0, firstLineEnd];
  const identifier = afmIdentifier(path);
  checkIdentifier(identifier, top, diagnostics, path);

  const split = splitAfm(text);
  for (const d of split.diagnostics) add(d);
  if (split.fatal) return { agents: [], diagnostics };

  const fm = split.frontmatter;
  const front = fm ? readFrontmatter(text, fm, add) : noFrontmatter();
  const anchor: Range = fm ? [fm.close.start, fm.close.end] : top;
  const body = readBody(text, split.lines, split.bodyLine, anchor);
  for (const d of body.diagnostics) add(d);
  const variables = checkVariables(text, fm, front, add);
  checkSkills(front.reading, fm, path, context.paths, add);

  const shape = SHAPE_LABELS[front.reading.shape];
  if (!front.usable) return { shape, agents: [], diagnostics };
  const given = typeof front.meta['name'] === 'string' ? front.meta['name'].trim() : '';
  const name = given !== '' ? given : identifier;
  const { data, extras } = compileAfm({
    meta: front.meta,
    shape: front.reading.shape,
    name,
    role: body.role,
    instructions: body.instructions,
    variables: variables.map(variableJson),
  });
  extras['identifier'] = toJson(identifier);
  const headerTo = fm ? fm.close.next : text.length;
  const agent = { name, file: path, from: 0, to: text.length, headerTo, data, extras };
  return { shape, agents: [agent], diagnostics };
}

/** Adds one diagnostic about the entry file. */
type Report = (d: RawDiagnostic) => void;

/** The frontmatter's fences and YAML slice. */
type Frontmatter = NonNullable<AfmSplit['frontmatter']>;

/** What the frontmatter gave: its plain value, the checker's reading, and its YAML document. */
interface FrontmatterResult {
  meta: Record<string, unknown>;
  reading: FrontmatterReading;
  /** False when the frontmatter cannot be read as fields (YAML errors, not a mapping). */
  usable: boolean;
  doc: Document.Parsed | null;
}

/** The result for a file without frontmatter, or whose frontmatter cannot be read. */
function noFrontmatter(usable = true): FrontmatterResult {
  const reading: FrontmatterReading = { shape: 'common', httpAllowed: [], skillPaths: [] };
  return { meta: {}, reading, usable, doc: null };
}

/** Parses and checks the frontmatter. */
function readFrontmatter(text: string, fm: Frontmatter, add: Report): FrontmatterResult {
  const parsed = parseYaml(text.slice(fm.yamlFrom, fm.yamlTo), fm.yamlFrom, '1.2');
  for (const d of parsed.diagnostics) add(d);
  const root = parsed.doc?.contents ?? null;
  if (!parsed.ok || !parsed.doc) return noFrontmatter(false);
  if (root === null) return noFrontmatter();
  if (!isMap(root)) {
    const r = root.range;
    const from = r ? fm.yamlFrom + r[0] : fm.open.start;
    const to = r ? Math.max(fm.yamlFrom + r[1], from + 1) : fm.open.end;
    add(
      problem(
        'frontmatter-not-mapping',
        'The frontmatter must be a mapping of fields (`key: value` lines)',
        from,
        to,
      ),
    );
    return noFrontmatter(false);
  }
  const found: RawDiagnostic[] = [];
  const c = new NodeChecker(parsed.doc, fm.yamlFrom, found, [fm.open.start, fm.open.end]);
  const reading = checkFrontmatter(c, root);
  for (const d of found) add(d);
  const value = parsed.value;
  const meta =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  return { meta, reading, usable: true, doc: parsed.doc };
}

/** Finds every `${…}` variable and reports it, with a misplaced `http:` or unsupported prefix. */
function checkVariables(
  text: string,
  fm: Frontmatter | null,
  front: FrontmatterResult,
  add: Report,
): AfmVariable[] {
  const variables = findVariables(text, fm ? fm.close.next : 0);
  for (const v of variables) {
    if (v.where === 'frontmatter' && front.doc && fm) {
      const field = fieldAt(front.doc, fm.yamlFrom, v.from);
      if (field !== undefined) v.field = field;
    }
    const where = v.field ?? v.where;
    const prefix = v.prefix === '' ? 'no prefix (an environment variable)' : `prefix '${v.prefix}'`;
    add(
      problem(
        'afm-variable',
        `Variable ${v.text} in ${where}, ${prefix}: left for the runtime to resolve`,
        v.from,
        v.to,
      ),
    );
    const allowed = front.reading.httpAllowed.some(([a, b]) => v.from >= a && v.to <= b);
    if (v.prefix === 'http' && !allowed)
      add(
        problem(
          'afm-http-variable-misplaced',
          `${v.text}: \`http:\` variables read the incoming request, so they may appear only in a webhook or platformchat \`prompt\``,
          v.from,
          v.to,
        ),
      );
    else if (v.prefix !== '' && v.prefix !== 'env' && v.prefix !== 'http')
      add(
        problem(
          'afm-unsupported-prefix',
          `Prefix '${v.prefix}:' is implementation-defined; the reference implementation supports only env: and http: and fails on it`,
          v.from,
          v.to,
        ),
      );
  }
  return variables;
}

/** Reports each `skills` path with no SKILL.md under it in the load-set. */
function checkSkills(
  reading: FrontmatterReading,
  fm: Frontmatter | null,
  path: string,
  paths: readonly string[],
  add: Report,
): void {
  for (const skill of reading.skillPaths) {
    const folder = resolvePath(dirname(path), skill.path.trim());
    const prefix = folder === '' ? '' : `${folder}/`;
    const found = paths.some(
      (p) => p.startsWith(prefix) && (p.endsWith('/SKILL.md') || p === `${prefix}SKILL.md`),
    );
    if (found) continue;
    const node = skill.node as { range?: [number, number, number] };
    const from = fm && node.range ? fm.yamlFrom + node.range[0] : 0;
    const to = fm && node.range ? fm.yamlFrom + node.range[1] : 0;
    add(
      problem(
        'afm-skills-not-found',
        `No SKILL.md under '${folder || '.'}' in the load-set`,
        from,
        to,
      ),
    );
  }
}

function checkIdentifier(id: string, at: Range, out: FormatDiagnostic[], file: string): void {
  if (id === '' || !/^\p{L}/u.test(id)) {
    out.push({
      ...problem(
        'afm-invalid-identifier',
        `The file name '${id}' is the agent identifier and must start with a letter (not a digit, a special character or whitespace)`,
        at[0],
        at[1],
      ),
      file,
    });
    return;
  }
  if (!/^[a-z][a-z0-9_-]*$/.test(id))
    out.push({
      ...problem(
        'afm-identifier-style',
        `The file name '${id}' is best written in lowercase letters, digits and hyphens`,
        at[0],
        at[1],
      ),
      file,
    });
}
