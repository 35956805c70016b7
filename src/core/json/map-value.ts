/**
 * A read JSON node as a plain value whose objects are `Map`s, for readers that look values up by key (the
 * history reader). A `Map` keeps keys such as `__proto__` as plain data.
 */
import type { JsonNode } from './read-json.ts';

/** A JSON value with objects as `Map`s. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object; a repeated key keeps its last value at its first key's place, as in Python and JavaScript. */
export type JsonObject = Map<string, JsonValue>;

/** The value of `node`, objects as `Map`s. Recursive: nodes are at most `MAX_JSON_DEPTH` deep. */
export function mapValue(node: JsonNode): JsonValue {
  switch (node.kind) {
    case 'object': {
      const out: JsonObject = new Map();
      for (const member of node.members) out.set(member.key, mapValue(member.value));
      return out;
    }
    case 'array':
      return node.items.map(mapValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}
