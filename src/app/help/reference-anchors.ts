/**
 * The ids of Reference entries, apart from the Reference's data so the editor's hovers can link to an entry
 * without loading the Reference (and the schemas it reads).
 */

/** A key path step: a mapping key or a list index. */
type Step = string | number;

/** The entry of an AgentCard field: `field-sequence`. */
export function cardFieldAnchor(field: string): string {
  return `field-${field}`;
}

/** The entry of a schema-described format's field at `path` (list indexes left out): `afm-interfaces.type`. */
export function schemaFieldAnchor(format: string, path: readonly Step[]): string {
  return `${format}-${path.filter((step) => typeof step === 'string').join('.')}`;
}
