/**
 * The smallest single change that turns `current` into `text` (common prefix and suffix kept), or null
 * when they are equal.
 */
export function textChange(
  current: string,
  text: string,
): { from: number; to: number; insert: string } | null {
  if (current === text) return null;
  let start = 0;
  const max = Math.min(current.length, text.length);
  while (start < max && current.charCodeAt(start) === text.charCodeAt(start)) start++;
  let endA = current.length;
  let endB = text.length;
  while (
    endA > start &&
    endB > start &&
    current.charCodeAt(endA - 1) === text.charCodeAt(endB - 1)
  ) {
    endA--;
    endB--;
  }
  return { from: start, to: endA, insert: text.slice(start, endB) };
}
