import type { EditorState, Extension } from '@codemirror/state';
import { hoverTooltip, type EditorView, type TooltipView } from '@codemirror/view';
import { allowedFields, fieldDescription, type CardType } from '../../core/index.ts';
import { openReference } from '../help/help.svelte.ts';
import { cardFieldAnchor } from '../help/reference-anchors.ts';
import { cardHeaderAt } from './card-context.ts';
import { cardEditorConfig } from './editor-config.ts';

/** What hovering a field key shows: the field, the card's type, and whether the type allows it. */
export interface FieldHoverInfo {
  /** Range of the key's name in the document. */
  from: number;
  to: number;
  field: string;
  /** The card's type, or null when its `type:` value is not a type of the profile. */
  type: CardType | null;
  /** The `type:` value as written, for the message when it is not a type. */
  typeText: string | null;
  /** True when the card's type allows the field under the current profile. */
  allowed: boolean;
  /** The field's meaning (`fieldDescription(field)`), or null for names no type knows. */
  description: string | null;
  /** One line saying how the field stands for this card: null when it is allowed. */
  note: string | null;
}

/**
 * The hover information for the top-level field key at `pos` in a card header, or null when `pos` is
 * not on such a key (body text, values, nested keys, files that hold no cards).
 */
export function fieldHoverAt(state: EditorState, pos: number): FieldHoverInfo | null {
  const header = cardHeaderAt(state, pos);
  if (!header) return null;
  const key = header.keys.find((k) => k.from <= pos && pos <= k.to);
  if (!key) return null;
  const profile = state.facet(cardEditorConfig).profile;
  const spec = fieldDescription(key.name);
  const allowed = header.type !== null && allowedFields(header.type, profile).includes(key.name);
  let note: string | null = null;
  if (header.type === null) note = `'${header.typeText ?? ''}' is not a card type`;
  else if (!allowed) note = `not a field of ${header.type}`;
  return {
    from: key.from,
    to: key.to,
    field: key.name,
    type: header.type,
    typeText: header.typeText,
    allowed,
    description: spec ?? null,
    note,
  };
}

/**
 * The frame of a field's hover tooltip: its title, the field name as code and `detail` after it (when
 * given), and, when `anchor` is given, an "Open in reference" button that opens the Reference at that
 * entry (`openReference(anchor)`). Text nodes only: field names are user-controlled. The caller appends
 * the body to `dom`.
 */
export function fieldHoverFrame(
  view: EditorView,
  field: string,
  detail: string | undefined,
  anchor?: string,
): { doc: Document; dom: HTMLElement } {
  const doc = view.dom.ownerDocument;
  const dom = doc.createElement('div');
  dom.className = 'cm-fieldHover';
  const title = doc.createElement('div');
  title.className = 'cm-fieldHover-title';
  const name = doc.createElement('code');
  name.textContent = field;
  title.append(name);
  if (detail) title.append(doc.createTextNode(` · ${detail}`));
  dom.append(title);
  if (anchor !== undefined) {
    const open = doc.createElement('button');
    open.type = 'button';
    open.className = 'cm-fieldHover-reference';
    open.textContent = 'Open in reference';
    open.addEventListener('click', () => openReference(anchor));
    title.append(open);
  }
  return { doc, dom };
}

/** Builds the tooltip's DOM from text nodes only: field and description text is user-controlled. */
function renderFieldHover(view: EditorView, info: FieldHoverInfo): TooltipView {
  // Fields the tables know have a Reference entry, whatever the card's type.
  const anchor = info.description ? cardFieldAnchor(info.field) : undefined;
  const { doc, dom } = fieldHoverFrame(view, info.field, info.type ?? undefined, anchor);
  if (info.note) {
    const note = doc.createElement('div');
    note.className = 'cm-fieldHover-note';
    note.textContent = info.note;
    dom.append(note);
  }
  if (info.description) {
    const description = doc.createElement('div');
    description.className = 'cm-fieldHover-description';
    description.textContent = info.description;
    dom.append(description);
  } else if (info.allowed) {
    dom.append(doc.createTextNode('No description.'));
  }
  return { dom };
}

/** Shows what a header field means for its card's type when the pointer rests on the field's key. */
export function fieldHover(): Extension {
  return hoverTooltip((view, pos) => {
    const info = fieldHoverAt(view.state, pos);
    if (!info) return null;
    return {
      pos: info.from,
      end: info.to,
      above: true,
      create: (v) => renderFieldHover(v, info),
    };
  });
}
