/**
 * Checking a file name typed into New file or Rename. Names are untrusted: one that a file system would
 * refuse, that climbs out of the workspace or hides in a dot-folder, or that carries control characters is
 * refused with a sentence saying why; nothing is silently dropped from it. A name with a known extension
 * is kept as typed; any other name gets `.md`, the extension of a card.
 */
import { splitExtension } from './free-path.ts';

/** Extensions kept as typed (any case): cards, configuration, history, AFM, JSON formats, templates. */
export const KNOWN_EXTENSIONS: readonly string[] = [
  '.md',
  '.markdown',
  '.yaml',
  '.yml',
  '.json',
  '.mdt',
  '.txt',
  '.py',
  '.afm.md',
];

/** The longest path the workspace keeps, in characters. */
export const MAX_PATH_CHARS = 300;

/** What `checkFileName` found: the path to use, or why the name is refused. */
export type FileNameCheck = { ok: true; path: string } | { ok: false; message: string };

/** Where a checked name must fit: the paths taken, and the file being renamed (its own name is free). */
export interface FileNameContext {
  taken: (path: string) => boolean;
  /** The path of the file being renamed; absent for a new file. */
  current?: string;
}

// C0 and C1 controls, DEL, and the marks that reorder text (a name shown backwards is a disguise).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// Characters Windows refuses in a name (a workspace is downloaded and unzipped there too).
const WINDOWS_CHARS = /[<>:"|?*]/;
// Names Windows reserves for devices, with or without an extension.
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const MAX_NAME_BYTES = 255;

/**
 * Checks `typed` (surrounding spaces ignored, `\` read as `/`) as the path of a new or renamed file. The
 * path is `typed` itself when its extension is known (see `KNOWN_EXTENSIONS`), else `typed` + `.md`.
 * Refused: an empty name; control or text-direction characters; an empty folder (`a//b`, a leading or
 * trailing `/`); `.` or `..` as a folder; a folder or file whose name starts with a dot; `< > : " | ? *`;
 * a name that ends in a space or dot, or is a Windows device name (`con`, `nul.md`, `com1`); a name over
 * 255 UTF-8 bytes; a path over 300 characters; a path taken by another file. The renamed file's own
 * name (`context.current`) is always accepted. Never throws.
 */
export function checkFileName(typed: string, context: FileNameContext): FileNameCheck {
  const text = typed.trim().replace(/\\/g, '/');
  // The renamed file's own name stands, whatever it is (a dropped `.github/x.md` may keep its name).
  if (text === context.current) return { ok: true, path: text };
  if (text === '') return refuse('A file needs a name.');
  if (CONTROL.test(text))
    return refuse(
      'A file name may not contain control characters (a tab, a line break, a text-direction mark).',
    );
  const path = hasKnownExtension(text) ? text : `${text}.md`;
  // The typed parts, then the file name with its added extension (which may make it too long).
  for (const part of [...text.split('/'), path.slice(path.lastIndexOf('/') + 1)]) {
    const problem = partProblem(part);
    if (problem) return refuse(problem);
  }
  if (path.length > MAX_PATH_CHARS)
    return refuse(`A path may be at most ${MAX_PATH_CHARS} characters long.`);
  if (path !== context.current && context.taken(path)) return refuse(`${path} exists already.`);
  return { ok: true, path };
}

/** True when the name of `path` ends with one of `KNOWN_EXTENSIONS` (any case). */
export function hasKnownExtension(path: string): boolean {
  const extension = splitExtension(path)[1].toLowerCase();
  return KNOWN_EXTENSIONS.includes(extension);
}

/** Why one folder or file name of a path is refused; '' when it is fine. */
function partProblem(part: string): string {
  if (part === '') return 'A path may not start or end with “/” or hold “//”.';
  if (part === '.' || part === '..')
    return 'A path may not hold “.” or “..” as a folder: files stay inside the workspace.';
  if (part.startsWith('.'))
    return `“${part}” starts with a dot: hidden files and folders (such as .git) are not part of a workspace.`;
  if (WINDOWS_CHARS.test(part))
    return 'A file name may not hold < > : " | ? * (Windows refuses them).';
  if (part !== part.trimEnd() || part.endsWith('.'))
    return `“${part}” ends with a space or a dot (Windows refuses it).`;
  if (part !== part.trimStart()) return `“${part}” starts with a space.`;
  if (WINDOWS_DEVICES.test(part)) return `“${part}” is a device name on Windows.`;
  if (new TextEncoder().encode(part).length > MAX_NAME_BYTES)
    return `A file or folder name may be at most ${MAX_NAME_BYTES} bytes long.`;
  return '';
}

function refuse(message: string): FileNameCheck {
  return { ok: false, message };
}

/**
 * What the name field says under it: why `check` refuses `typed`, or the path it will use when that is not
 * what was typed (`.md` added, spaces trimmed); '' when the path is `typed` itself.
 */
export function fileNameNote(typed: string, check: FileNameCheck): string {
  if (!check.ok) return check.message;
  return check.path === typed ? '' : `Will be named ${check.path}.`;
}
