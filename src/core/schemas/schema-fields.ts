/**
 * The fields a format's schema allows at a place in a document, for the editor's completion and hover. It
 * reads the same conversion the published JSON Schemas come from (`convertSchema` over the format's valibot
 * schema), so the descriptions and shapes shown while editing are those of `public/schemas/v1/*.json`; there
 * is no second walk over valibot's objects to keep in step.
 */
import type { GenericSchema } from 'valibot';
import { frontmatterSchema } from '../formats/afm/frontmatter-schema.ts';
import type { FormatId } from '../formats/format-module.ts';
import { specSchema } from '../formats/openagentspec/spec-schema.ts';
import { convertSchema } from './convert-schema.ts';

/** One field a mapping may hold. */
export interface SchemaField {
  name: string;
  /** The field's description from the schema, or null when it has none. */
  description: string | null;
  /** The value the field takes, in a few words: `string`, `integer`, `list of mapping`, `'webhook'`, … */
  shape: string;
  /** True when the mapping must have the field. */
  required: boolean;
}

/** One step of a YAML key path: a mapping key, or a list index. */
export type KeyPathStep = string | number;

type Node = Record<string, unknown>;

/** The formats whose valibot schema describes a whole document (AgentCard has its own field tables). */
const SCHEMAS: Partial<Record<FormatId, GenericSchema>> = {
  afm: frontmatterSchema,
  openagentspec: specSchema,
};

const converted = new Map<FormatId, Node>();

/** The format's schema as JSON Schema, converted on first use and kept. */
function rootOf(format: FormatId): Node | null {
  const schema = SCHEMAS[format];
  if (!schema) return null;
  let root = converted.get(format);
  if (!root) {
    root = convertSchema(schema).schema;
    converted.set(format, root);
  }
  return root;
}

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && !Array.isArray(x);
const nodes = (x: unknown): Node[] => (Array.isArray(x) ? x.filter(isNode) : []);

/** The alternatives a schema stands for: its `anyOf`/`oneOf` members, flattened; null-only members dropped. */
function alternatives(schema: Node): Node[] {
  const members = [...nodes(schema['anyOf']), ...nodes(schema['oneOf'])];
  if (members.length === 0) return schema['type'] === 'null' ? [] : [schema];
  return members.flatMap(alternatives);
}

/** Keeps the variants whose constant fields (`type: webhook`) agree with the mapping's values, when any do. */
function narrow(options: Node[], values: Readonly<Record<string, unknown>>): Node[] {
  const fits = options.filter((option) => {
    const properties = isNode(option['properties']) ? option['properties'] : {};
    return Object.entries(properties).every(([key, field]) => {
      if (!isNode(field) || !('const' in field) || !(key in values)) return true;
      return field['const'] === values[key];
    });
  });
  return fits.length > 0 ? fits : options;
}

/** The schemas a step leads to from `schema`. */
function step(schema: Node, key: KeyPathStep): Node[] {
  return alternatives(schema).flatMap((option) => {
    if (typeof key === 'number') return isNode(option['items']) ? [option['items']] : [];
    const properties = option['properties'];
    if (isNode(properties) && isNode(properties[key])) return [properties[key]];
    const extra = option['additionalProperties'];
    return isNode(extra) && Object.keys(extra).length > 0 ? [extra] : [];
  });
}

/** The first description on the schema or one of its alternatives. */
function descriptionOf(schema: Node): string | null {
  if (typeof schema['description'] === 'string') return schema['description'];
  for (const option of alternatives(schema)) {
    if (typeof option['description'] === 'string') return option['description'];
  }
  return null;
}

/**
 * The shape of a value in a few words (`string`, `list of string`, `one of 'full', 'iterative'`), read from
 * its JSON Schema; null alternatives are left out, since a field set to null reads as unset. Completion,
 * hover and the playground's Reference all word shapes with it.
 */
export function shapeOf(schema: Node, depth = 0): string {
  const shapes = [...new Set(alternatives(schema).map((option) => shapeOfOne(option, depth)))];
  return shapes.length === 0 ? 'null' : shapes.join(' or ');
}

function shapeOfOne(schema: Node, depth: number): string {
  if ('const' in schema) return JSON.stringify(schema['const']).replaceAll('"', "'");
  if (Array.isArray(schema['enum'])) {
    return `one of ${schema['enum'].map((x) => JSON.stringify(x).replaceAll('"', "'")).join(', ')}`;
  }
  const type = schema['type'];
  if (type === 'array') {
    const items = isNode(schema['items']) && depth < 2 ? shapeOf(schema['items'], depth + 1) : '';
    return items ? `list of ${items}` : 'list';
  }
  if (type === 'object') return 'mapping';
  return typeof type === 'string' ? type : 'any value';
}

/**
 * The fields the schema of `format` allows in the mapping at `path` (YAML keys and list indexes from the
 * document's root: `['interfaces', 0, 'exposure']`), each with its description, value shape and whether it
 * is required, in the schema's order. Read from the format's valibot schema (via its JSON Schema
 * conversion, the one the published schemas come from): optional and nullable wrappers, lists, records and
 * variants are seen through. Where the place is a variant (AFM's interface types), `values` — the mapping's
 * scalar values as written, e.g. `{ type: 'webhook' }` — picks the variants whose constant fields agree;
 * without a match, or without `values`, the fields of all variants are listed once each. Formats without
 * such a schema (AgentCard, TsAgent, A2A), unknown paths and places that are not mappings give [].
 */
export function schemaFields(
  format: FormatId,
  path: readonly KeyPathStep[],
  values: Readonly<Record<string, unknown>> = {},
): SchemaField[] {
  const root = rootOf(format);
  if (!root) return [];
  let here: Node[] = [root];
  for (const key of path) here = here.flatMap((schema) => step(schema, key));
  const objects = here.flatMap(alternatives).filter((s) => isNode(s['properties']));
  const fields = new Map<string, SchemaField>();
  for (const object of narrow(objects, values)) {
    const required = Array.isArray(object['required']) ? object['required'] : [];
    for (const [name, field] of Object.entries(object['properties'] as Node)) {
      if (!isNode(field)) continue;
      const shape = shapeOf(field);
      const known = fields.get(name);
      if (known) {
        // A field of several variants (`type`): its shapes joined, the first description kept.
        if (!known.shape.split(' or ').includes(shape)) known.shape += ` or ${shape}`;
        continue;
      }
      fields.set(name, {
        name,
        description: descriptionOf(field),
        shape,
        required: required.includes(name),
      });
    }
  }
  return [...fields.values()];
}
