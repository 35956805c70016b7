/**
 * Picking a file name that is not taken yet: `name-2.ext`, `name-3.ext`, … with the number before the
 * whole extension, so double extensions that say a file's format survive (`name-2.afm.md`, never
 * `name.afm-2.md`).
 */

/** Extensions of two parts that name a format; the number goes before them as a whole. */
const COMPOUND_EXTENSIONS = ['.afm.md'];

/**
 * Splits `path` into the part before its extension and the extension (with its dot; '' when there is
 * none). A known compound extension (`.afm.md`, any case) counts as one; a dot that starts the file
 * name (`.env`) is not an extension.
 */
export function splitExtension(path: string): [stem: string, extension: string] {
  const nameStart = path.lastIndexOf('/') + 1;
  const lower = path.toLowerCase();
  for (const compound of COMPOUND_EXTENSIONS)
    if (lower.endsWith(compound) && path.length - compound.length > nameStart)
      return [path.slice(0, -compound.length), path.slice(-compound.length)];
  const dot = path.lastIndexOf('.');
  return dot > nameStart ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
}

/** `path` when `taken(path)` is false, else the first of `stem-2.ext`, `stem-3.ext`, … that is free. */
export function freePath(path: string, taken: (path: string) => boolean): string {
  if (!taken(path)) return path;
  const [stem, extension] = splitExtension(path);
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}${extension}`;
    if (!taken(candidate)) return candidate;
  }
}
