/**
 * Which load-set paths a fix may create: a relative path below the root, outside any dot-folder
 * (`.git/`, `.venv/`), whose every part is a valid file name on Linux, macOS and Windows alike.
 */

/** Characters no part of a path may hold: Windows' reserved ones, control characters and DEL. */
const BAD_CHARACTERS = /[<>:"|?*\\\u0000-\u001f\u007f]/;
/** Windows' reserved device names, with or without an extension (`con`, `nul.md`, `com1.json`). */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
/** The longest file name, in UTF-8 bytes, that ext4, APFS and NTFS all take. */
const MAX_NAME_BYTES = 255;

const encoder = new TextEncoder();

/**
 * Why a fix may not create the file at load-set path `path` (`/`-separated), or undefined when it may.
 * Refused: an empty path, an absolute one (`/x`, `C:x`), a part that is empty, `.` or `..` (outside the
 * root) or that starts with a dot (inside a dot-folder, or a hidden file), a part holding `<>:"|?*`, a
 * backslash or a control character, a reserved Windows name (`con`, `nul.txt`, `com1`), a part ending
 * in a dot or a space (Windows drops them), and a part over 255 bytes.
 */
export function fileTargetProblem(path: string): string | undefined {
  if (path === '') return 'the path is empty';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'the path is absolute';
  for (const part of path.split('/')) {
    if (part === '' || part === '.') return 'the path has an empty part';
    if (part === '..') return 'the path leads above the load-set root';
    if (part.startsWith('.')) return `'${part}' is a dot-folder or a hidden file`;
    if (BAD_CHARACTERS.test(part))
      return 'a file name may not hold <>:"|?*, a backslash or a control character';
    if (RESERVED.test(part)) return `'${part}' is a reserved name on Windows`;
    if (/[. ]$/.test(part)) return 'a file name may not end in a dot or a space';
    if (encoder.encode(part).length > MAX_NAME_BYTES)
      return `a file name may be ${MAX_NAME_BYTES} bytes at most`;
  }
  return undefined;
}

/**
 * Why a fix may not create `path` beside the files of the load-set, or undefined: `fileTargetProblem`
 * for the part below the leading `../` steps (where the cards the fix comes from already are; whether
 * that is inside the root is the host's check).
 */
export function createdFileProblem(path: string): string | undefined {
  return fileTargetProblem(path.replace(/^(\.\.\/)+/, ''));
}

/**
 * `base` made into a file name that `fileTargetProblem` accepts once `suffix` (an extension such as
 * `.md`, itself valid) is added: runs of refused characters and white space become `_`, leading dots
 * and trailing dots and spaces go, a reserved name gains a `_`, and the name is cut to fit 255 bytes
 * (with room for a `-99` a caller may add). Answers `fallback` when nothing is left.
 */
export function safeFileBase(base: string, suffix: string, fallback: string): string {
  let clean = base.replace(/[\s/<>:"|?*\\\u0000-\u001f\u007f]+/g, '_').replace(/^\.+/, '');
  clean = clean.replace(/[. ]+$/, '');
  if (clean === '') clean = fallback;
  // `con.history.md` is as reserved as `con`: the part before the first dot gains the `_`.
  if (RESERVED.test(`${clean}${suffix}`)) clean = clean.replace(/^[^.]*/, (head) => `${head}_`);
  const room = MAX_NAME_BYTES - encoder.encode(suffix).length - 4;
  while (encoder.encode(clean).length > room) clean = [...clean].slice(0, -1).join('');
  return clean;
}
