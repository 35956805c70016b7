/**
 * A copy of `text` that does not keep a larger string alive. Engines represent `slice` results as views
 * into their parent, so a cache keyed by slices of a 1 MB file would keep every version of that file;
 * caches store this copy instead (it costs the length of `text`, once per cache miss).
 */
export function detachString(text: string): string {
  // Concatenation then slicing makes the engine flatten a string of `text`'s own length.
  return (' ' + text).slice(1);
}
