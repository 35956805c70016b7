/**
 * Completion and hover for the YAML of the formats whose fields come from a schema (AFM frontmatter,
 * OpenAgentSpec): the core's `schemaFields` says which fields a mapping allows, with their descriptions and
 * shapes. AgentCard files keep their own (field-completion.ts, field-hover.ts).
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { EditorState } from '@codemirror/state';
import type { EditorView, Tooltip, TooltipView } from '@codemirror/view';
import {
  FORMAT_LABELS,
  schemaFields,
  type KeyPathStep,
  type SchemaField,
} from '../../core/index.ts';
import { schemaFieldAnchor } from '../help/reference-anchors.ts';
import { docText } from './doc-text.ts';
import { keyAt, newKeyPlace, schemaYamlAt, type SchemaFormat } from './schema-yaml.ts';
import { fieldHoverFrame } from './field-hover.ts';

/** A line that can take a key at the cursor: indentation, list dashes, then a key's start (or nothing). */
const KEY_LINE = /^([ \t]*(?:-[ \t]+)*)([A-Za-z_][\w.-]*)?$/;
const KEY_PREFIX = /^[A-Za-z_][\w.-]*$|^$/;

/**
 * Completes field names in an AFM frontmatter or an OpenAgentSpec file: the fields the format's schema
 * allows in the mapping the cursor's line belongs to (by its indentation), leaving out those the mapping
 * already has. Returns null for other formats, outside the YAML, off a key's position, and on a line with
 * no key typed yet unless completion was asked for explicitly (Ctrl-Space).
 */
export function schemaCompletionSource(context: CompletionContext): CompletionResult | null {
  const { state, pos } = context;
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  // The line's shape first: everything after needs the document's text and a parse.
  const shape = KEY_LINE.exec(before);
  if (!shape) return null;
  const lead = shape[1] ?? '';
  const typed = shape[2] ?? '';
  if (typed === '' && !context.explicit) return null;
  const yaml = schemaYamlAt(state, pos);
  if (!yaml || line.from < yaml.from) return null;
  const text = docText(state.doc).slice(yaml.from, yaml.to);
  const lineTo = Math.min(line.to, yaml.to);
  const place = newKeyPlace(text, line.from - yaml.from, lineTo - yaml.from, lead);
  if (!place) return null;
  const after = line.text.slice(before.length);
  const rest = /^[\w.-]*/.exec(after)?.[0] ?? '';
  const hasColon = /^[ \t]*:/.test(after.slice(rest.length));
  const present = new Set(place.keys);
  const options: Completion[] = [];
  for (const field of schemaFields(yaml.format, place.path, place.values)) {
    if (present.has(field.name)) continue;
    options.push({
      label: field.name,
      type: 'property',
      apply: hasColon ? field.name : `${field.name}: `,
      detail: field.required ? `required · ${field.shape}` : field.shape,
      ...(field.required ? { boost: 1 } : {}),
      ...(field.description ? { info: field.description } : {}),
    });
  }
  if (options.length === 0) return null;
  return {
    from: line.from + lead.length,
    to: line.from + before.length + rest.length,
    options,
    validFor: KEY_PREFIX,
  };
}

/** What hovering a key of a schema-described YAML shows. */
export interface SchemaHoverInfo {
  /** Range of the key in the document. */
  from: number;
  to: number;
  format: SchemaFormat;
  /** The key as written. */
  field: string;
  /** The schema's field, or null when the mapping does not allow the key. */
  spec: SchemaField | null;
  /** The key's path from the document's root (mapping keys and list indexes), the key included. */
  path: KeyPathStep[];
}

/**
 * The hover information for the key at `pos` in an AFM frontmatter or an OpenAgentSpec file (any depth), or
 * null when `pos` is not on a key, or the document is of another format. Keys of free-form mappings
 * (capability references, `exposes` names, a signature's JSON Schema) get nothing.
 */
export function schemaHoverAt(state: EditorState, pos: number): SchemaHoverInfo | null {
  const yaml = schemaYamlAt(state, pos);
  if (!yaml) return null;
  const key = keyAt(docText(state.doc).slice(yaml.from, yaml.to), pos - yaml.from);
  if (!key) return null;
  const fields = schemaFields(yaml.format, key.path, key.values);
  // A mapping the schema gives no fields to is free-form (a record): its keys are names, not fields.
  if (fields.length === 0) return null;
  return {
    from: yaml.from + key.from,
    to: yaml.from + key.to,
    format: yaml.format,
    field: key.name,
    spec: fields.find((f) => f.name === key.name) ?? null,
    path: [...key.path, key.name],
  };
}

/** Builds the tooltip's DOM from text nodes only: keys are user-controlled. */
function renderSchemaHover(view: EditorView, info: SchemaHoverInfo): TooltipView {
  const { spec } = info;
  const detail = spec ? `${spec.shape}${spec.required ? ' · required' : ''}` : undefined;
  const anchor = spec ? schemaFieldAnchor(info.format, info.path) : undefined;
  const { doc, dom } = fieldHoverFrame(view, info.field, detail, anchor);
  if (!spec) {
    const note = doc.createElement('div');
    note.className = 'cm-fieldHover-note';
    note.textContent = `not a field here in ${FORMAT_LABELS[info.format]}`;
    dom.append(note);
  } else {
    const description = doc.createElement('div');
    description.className = 'cm-fieldHover-description';
    description.textContent = spec.description ?? 'No description.';
    dom.append(description);
  }
  return { dom };
}

/**
 * The hover tooltip for a position of a schema-described YAML, or null where there is nothing to show
 * (hoverTooltip's source, for `schemaAssist` in schema-assist-loader.ts).
 */
export function schemaHover(view: EditorView, pos: number): Tooltip | null {
  const info = schemaHoverAt(view.state, pos);
  if (!info) return null;
  return {
    pos: info.from,
    end: info.to,
    above: true,
    create: (v) => renderSchemaHover(v, info),
  };
}
