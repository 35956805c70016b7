/**
 * The shapes of AFM. Three incompatible frontmatter shapes have all been called v0.3.0: the spec text's
 * **draft** shape (singular `interface`, `tools.mcp.servers[]`, `namespace`, `iconUrl`), the **current**
 * shape the reference implementation reads (`interfaces[]`, `tools.mcp[]` with `http|stdio`, `icon_url`,
 * `skills`), and the **newer** current shape that adds the `platformchat` interface. A file is read in the
 * shape its fields point to; a file that uses only fields common to all is `common`.
 */
import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import type { NodeChecker, Range } from './node-checks.ts';

/** Which shape a file is written in. */
export type AfmShape = 'draft' | 'current' | 'newer' | 'common';

/** The shape as shown to the user (`FormatAnalysis.shape`). */
export const SHAPE_LABELS: Readonly<Record<AfmShape, string>> = {
  draft: 'AFM v0.3.0, spec-text draft shape (interface, tools.mcp.servers)',
  current: 'AFM v0.3.0, current shape (interfaces[], tools.mcp[])',
  newer: 'AFM current shape with platformchat (spec 0.4.0)',
  common: 'AFM v0.3.0 (only fields common to every shape)',
};

/** Top-level fields of every shape. */
export const COMMON_FIELDS = [
  'spec_version',
  'name',
  'description',
  'version',
  'author',
  'authors',
  'license',
  'model',
  'max_iterations',
  'tools',
] as const;
/** Top-level fields only the draft shape has. */
export const DRAFT_ONLY_FIELDS = ['namespace', 'iconUrl', 'provider', 'interface'] as const;
/** Top-level fields only the current shape has. */
export const CURRENT_ONLY_FIELDS = ['icon_url', 'provider', 'interfaces', 'skills'] as const;

/** How the draft's interface types map onto the current ones (for migration hints). */
export const DRAFT_TO_CURRENT: Readonly<Record<string, string>> = {
  function: 'consolechat',
  service: 'webchat',
  chat: 'webchat',
  webhook: 'webhook',
};

/** What the rules share while walking one frontmatter. */
export interface RuleContext {
  c: NodeChecker;
  /** The shape the file is read in (`common` is checked by the current rules). */
  shape: AfmShape;
  /** Ranges where `${http:…}` variables may appear (webhook / platformchat prompts). */
  httpAllowed: Range[];
  /** The `local` skill paths to look up, with the node of each. */
  skillPaths: Array<{ path: string; node: unknown }>;
}

/** One field that points to a shape, with where it is. */
export interface ShapeMarker {
  field: string;
  range: Range;
}

/**
 * Reads the shape from the root mapping's fields, without reporting anything: counts the draft and the
 * current markers, the larger set wins (a tie goes to current), `platformchat` makes current newer.
 */
export function detectShape(
  c: NodeChecker,
  root: YAMLMap,
): { shape: AfmShape; draft: ShapeMarker[]; current: ShapeMarker[] } {
  const draft: ShapeMarker[] = [];
  const current: ShapeMarker[] = [];
  let platformchat = false;
  for (const pair of root.items) {
    const key = c.resolve(pair.key);
    if (!isScalar(key) || typeof key.value !== 'string') continue;
    const range = c.range(key);
    const value = c.resolve(pair.value);
    const field = key.value;
    if (field === 'interface' || field === 'namespace' || field === 'iconUrl')
      draft.push({ field, range });
    if (field === 'interfaces' || field === 'icon_url' || field === 'skills')
      current.push({ field, range });
    if (field === 'interfaces' && isSeq(value)) {
      platformchat = value.items.some((item) => {
        const i = c.resolve(item);
        if (!isMap(i)) return false;
        const type = c.resolve(i.get('type', true));
        return isScalar(type) && type.value === 'platformchat';
      });
    }
    if (field === 'provider' && isMap(value)) {
      if (value.has('organization')) draft.push({ field: 'provider.organization', range });
      if (value.has('name')) current.push({ field: 'provider.name', range });
    }
    if (field === 'model' && isMap(value) && value.has('provider'))
      current.push({ field: 'model.provider', range });
    if (field === 'tools' && isMap(value)) {
      const mcp = c.resolve(value.get('mcp', true));
      if (isMap(mcp)) draft.push({ field: 'tools.mcp.servers', range });
      if (isSeq(mcp)) current.push({ field: 'tools.mcp[]', range });
    }
  }
  let shape: AfmShape = 'common';
  if (draft.length > current.length) shape = 'draft';
  else if (current.length > 0) shape = platformchat ? 'newer' : 'current';
  return { shape, draft, current };
}

/** True for the shapes checked by the current rules. */
export function isCurrent(shape: AfmShape): boolean {
  return shape !== 'draft';
}
