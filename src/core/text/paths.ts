/** Posix path helpers for load-set paths (always `/`-separated, no leading `./`). */

/** Normalises a path: backslashes to `/`, removes `.` segments and resolves `..` where possible. */
export function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return (absolute ? '/' : '') + out.join('/');
}

/** The folder of a path ('' for a top-level file). */
export function dirname(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at);
}

/** The last segment of a path. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Resolves `relative` against folder `dir`; absolute paths stay absolute. */
export function resolvePath(dir: string, relative: string): string {
  if (relative.startsWith('/') || /^[A-Za-z]:[\\/]/.test(relative)) return normalizePath(relative);
  return normalizePath(dir === '' ? relative : `${dir}/${relative}`);
}

/** The lower-cased extension including the dot ('' when none). */
export function extension(path: string): string {
  const name = basename(path);
  const at = name.lastIndexOf('.');
  return at <= 0 ? '' : name.slice(at).toLowerCase();
}

/** The file name without its extension. */
export function stem(path: string): string {
  const name = basename(path);
  const at = name.lastIndexOf('.');
  return at <= 0 ? name : name.slice(0, at);
}
