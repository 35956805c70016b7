/** Random identifiers that work outside secure contexts too (`crypto.randomUUID` needs HTTPS). */

/** A random id of 128 bits as 32 lowercase hex digits. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
