/**
 * The Reference's content, generated from the core's own tables: the card types (`TYPE_DOCS`, which fields
 * each allows and requires), every AgentCard field (`FIELD_DOCS`, its value schema in `field-specs.ts` worded
 * as a shape, `FIELD_DEFAULTS`, `FIELD_EXAMPLES`), and the AFM and OpenAgentSpec fields (`schemaFields`, the
 * same walk as completion and hover). Nothing here is written a second time: a field added to the tables
 * appears in the Reference. Only the two settings (profiles, reload modes) are worded here, as the
 * playground owns the reload mode.
 */
import {
  allowedFields,
  CARD_TYPES,
  convertSchema,
  FIELD_DEFAULTS,
  FIELD_DOCS,
  FIELD_EXAMPLES,
  FORMATS,
  PROFILES,
  requiredFields,
  schemaFields,
  schemaShape,
  TYPE_DOCS,
  fieldSpec,
  type CardType,
  type FormatId,
  type KeyPathStep,
  type Profile,
} from '../../core/index.ts';
import type { ReloadMode } from '../state/workspace-types.ts';
import { cardFieldAnchor, schemaFieldAnchor } from './reference-anchors.ts';

/** One AgentCard field. */
export interface ReferenceField {
  /** The entry's anchor: `field-<name>`. */
  id: string;
  name: string;
  description: string;
  /** The value it takes, in a few words (from its value schema). */
  shape: string;
  /** What a card that leaves it out gets, or null when it has no default. */
  default: string | null;
  /** A card line (or a few) that sets it. */
  example: string | null;
  /** The card types that allow it, in either profile. */
  types: CardType[];
  /** The types that require it. */
  requiredBy: CardType[];
  /** Set when only one profile allows it: the profile that does. */
  onlyIn: Profile | null;
}

/** One card type. */
export interface ReferenceType {
  /** `type-<name>`. */
  id: string;
  name: CardType;
  description: string;
  required: readonly string[];
  /** Its fields, in either profile. */
  fields: string[];
  /** Set when only one profile has the type. */
  onlyIn: Profile | null;
}

/** One field of a format described by a schema (AFM, OpenAgentSpec), at any depth. */
export interface ReferenceSchemaField {
  /** `<format>-<path>`, e.g. `afm-interfaces.type` (list indexes left out). */
  id: string;
  /** Its path, e.g. `interfaces[].type`. */
  path: string;
  name: string;
  description: string | null;
  shape: string;
  required: boolean;
}

/** The fields of one schema-described format. */
export interface ReferenceFormat {
  id: FormatId;
  label: string;
  fields: ReferenceSchemaField[];
}

/** A setting explained: one sentence per choice. */
export interface ReferenceTopic {
  /** `profiles` or `reload-modes`. */
  id: string;
  title: string;
  choices: Array<{ id: string; name: string; text: string }>;
}

/** Everything the Reference shows. */
export interface Reference {
  topics: ReferenceTopic[];
  types: ReferenceType[];
  fields: ReferenceField[];
  formats: ReferenceFormat[];
}

const PROFILE_TEXT: Record<Profile, string> = {
  rfc: 'Checks cards as the AgentCard RFC writes them: several cards in one bundle, inline server configurations, body and `instruction` joined; where fast-agent would behave differently, a portability warning says so.',
  'fast-agent':
    'Checks cards as fast-agent 0.10.9 really loads them: one card per Markdown file, case-insensitive types, the `a2a` type, and errors where fast-agent refuses what the RFC allows.',
};

const RELOAD_TEXT: Record<ReloadMode, string> = {
  'hot-swap': 'Results follow every edit as you type.',
  explicit: 'Results are updated only when you press Run or Ctrl/Cmd+Enter.',
};

const ALL_TYPES: readonly CardType[] = [...CARD_TYPES, 'a2a'];

/** The types allowed in a profile (`a2a` is fast-agent's). */
function typesOf(profile: Profile): readonly CardType[] {
  return profile === 'fast-agent' ? ALL_TYPES : CARD_TYPES;
}

/** The fields a type allows in either profile, in table order. */
function fieldsOfType(type: CardType): string[] {
  return [...new Set(PROFILES.flatMap((p) => [...allowedFields(type, p)]))];
}

/** The one profile that has `(type, field)`, or null when both do. */
function onlyProfile(allowedIn: (profile: Profile) => boolean): Profile | null {
  const profiles = PROFILES.filter(allowedIn);
  return profiles.length === 1 ? profiles[0]! : null;
}

/** The value shape of an AgentCard field, worded from its value schema's JSON Schema form. */
function cardFieldShape(field: string): string {
  const spec = fieldSpec(field);
  return spec ? schemaShape(convertSchema(spec.schema).schema) : 'any value';
}

/** Every AgentCard field of the tables (`FIELD_DOCS`, in its order), with the types that allow it. */
export function referenceFields(): ReferenceField[] {
  return Object.keys(FIELD_DOCS).map((name) => {
    const types = ALL_TYPES.filter((type) => fieldsOfType(type).includes(name));
    return {
      id: cardFieldAnchor(name),
      name,
      description: FIELD_DOCS[name] ?? '',
      shape: cardFieldShape(name),
      default: Object.hasOwn(FIELD_DEFAULTS, name) ? FIELD_DEFAULTS[name]! : null,
      example: Object.hasOwn(FIELD_EXAMPLES, name) ? FIELD_EXAMPLES[name]! : null,
      types,
      requiredBy: types.filter((type) => requiredFields(type).includes(name)),
      onlyIn: onlyProfile((p) => typesOf(p).some((type) => allowedFields(type, p).includes(name))),
    };
  });
}

/** Every card type, a2a included. */
export function referenceTypes(): ReferenceType[] {
  return ALL_TYPES.map((name) => ({
    id: `type-${name}`,
    name,
    description: TYPE_DOCS[name],
    required: requiredFields(name),
    fields: fieldsOfType(name),
    onlyIn: onlyProfile((p) => typesOf(p).includes(name)),
  }));
}

const MAX_DEPTH = 4;

/**
 * The fields of a schema-described format, depth first: each mapping field is followed by its own fields
 * (a list of mappings by its items' fields), down to four levels.
 */
export function referenceSchemaFields(format: FormatId): ReferenceSchemaField[] {
  const out: ReferenceSchemaField[] = [];
  const seen = new Set<string>();
  const walk = (path: KeyPathStep[], label: string): void => {
    for (const field of schemaFields(format, path)) {
      const fieldPath = [...path, field.name];
      const id = schemaFieldAnchor(format, fieldPath);
      if (seen.has(id)) continue;
      seen.add(id);
      const shown = label ? `${label}.${field.name}` : field.name;
      out.push({ id, path: shown, name: field.name, ...pick(field) });
      if (path.length >= MAX_DEPTH) continue;
      if (schemaFields(format, fieldPath).length > 0) walk(fieldPath, shown);
      else if (schemaFields(format, [...fieldPath, 0]).length > 0)
        walk([...fieldPath, 0], `${shown}[]`);
    }
  };
  walk([], '');
  return out;
}

function pick(field: { description: string | null; shape: string; required: boolean }) {
  return { description: field.description, shape: field.shape, required: field.required };
}

/** The profiles and reload modes, one sentence each. */
export function referenceTopics(): ReferenceTopic[] {
  return [
    {
      id: 'profiles',
      title: 'Profiles',
      choices: PROFILES.map((p) => ({ id: `profile-${p}`, name: p, text: PROFILE_TEXT[p] })),
    },
    {
      id: 'reload-modes',
      title: 'Reload modes',
      choices: (Object.keys(RELOAD_TEXT) as ReloadMode[]).map((mode) => ({
        id: `reload-${mode}`,
        name: mode,
        text: RELOAD_TEXT[mode],
      })),
    },
  ];
}

/** The whole Reference. */
export function buildReference(): Reference {
  return {
    topics: referenceTopics(),
    types: referenceTypes(),
    fields: referenceFields(),
    // The formats of the registry whose schema describes a document (AFM, OpenAgentSpec).
    formats: FORMATS.map((format) => ({
      id: format.id,
      label: format.label,
      fields: referenceSchemaFields(format.id),
    })).filter((format) => format.fields.length > 0),
  };
}

const matches = (query: string, ...texts: Array<string | null>): boolean =>
  texts.some((text) => text !== null && text.toLowerCase().includes(query));

/**
 * The entries that match `query` (case-insensitive, in names, paths, descriptions, examples and the types
 * a field belongs to); an AgentCard field whose name matches also brings the types it belongs to. Fields
 * whose name is the query come first. An empty query keeps everything.
 */
export function searchReference(reference: Reference, query: string): Reference {
  const q = query.trim().toLowerCase();
  if (!q) return reference;
  const fields = reference.fields
    .filter((f) => matches(q, f.name, f.description, f.example, ...f.types))
    .sort((a, b) => Number(b.name === q) - Number(a.name === q));
  const named = new Set(fields.filter((f) => f.name === q).flatMap((f) => f.types));
  return {
    topics: reference.topics
      .map((t) => ({
        ...t,
        choices: matches(q, t.title)
          ? t.choices
          : t.choices.filter((c) => matches(q, c.name, c.text)),
      }))
      .filter((t) => t.choices.length > 0),
    types: reference.types.filter((t) => named.has(t.name) || matches(q, t.name, t.description)),
    fields,
    formats: reference.formats
      .map((format) => ({
        ...format,
        fields: format.fields.filter((f) => matches(q, f.path, f.description)),
      }))
      .filter((format) => format.fields.length > 0),
  };
}

/**
 * The id of the entry `anchor` names: an entry id as is, a bare AgentCard field or type name as its
 * entry, a profile or reload mode by name; null when nothing matches.
 */
export function resolveAnchor(reference: Reference, anchor: string): string | null {
  const ids = new Set<string>([
    ...reference.topics.flatMap((t) => [t.id, ...t.choices.map((c) => c.id)]),
    ...reference.types.map((t) => t.id),
    ...reference.fields.map((f) => f.id),
    ...reference.formats.flatMap((f) => [`format-${f.id}`, ...f.fields.map((x) => x.id)]),
  ]);
  for (const candidate of [
    anchor,
    `field-${anchor}`,
    `type-${anchor}`,
    `profile-${anchor}`,
    `reload-${anchor}`,
  ]) {
    if (ids.has(candidate)) return candidate;
  }
  return null;
}
