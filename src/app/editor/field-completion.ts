import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { EditorState, type Extension } from '@codemirror/state';
import { allowedFields, CARD_TYPES, fieldDescription, requiredFields } from '../../core/index.ts';
import { cardHeaderAt } from './card-context.ts';
import { cardEditorConfig } from './editor-config.ts';

const KEY_PREFIX = /^[A-Za-z_][\w.-]*$|^$/;
const TYPE_VALUE = /^type[ \t]*:[ \t]*["']?(\w*)$/;

/**
 * Completes a card's YAML: field names valid for the card's type at the start of a header line (fields
 * the header already has are left out), and the card types after `type:`. Returns null outside card
 * headers, inside nested (indented) YAML, and for an empty line unless completion was asked for
 * explicitly (Ctrl-Space). A card whose type is not one of the profile's gets no field names.
 */
export function fieldCompletionSource(context: CompletionContext): CompletionResult | null {
  const { state, pos } = context;
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  // The line's shape first: finding the header needs a pass over the document.
  const typeValue = TYPE_VALUE.exec(before);
  if (!typeValue && !KEY_PREFIX.test(before)) return null;
  if (!typeValue && before === '' && !context.explicit) return null;
  const header = cardHeaderAt(state, pos);
  if (!header) return null;
  const profile = state.facet(cardEditorConfig).profile;

  if (typeValue) {
    const typed = typeValue[1] ?? '';
    const types: string[] = [...CARD_TYPES];
    if (profile === 'fast-agent') types.push('a2a');
    return {
      from: pos - typed.length,
      options: types.map((label) => ({ label, type: 'enum' })),
      validFor: /^\w*$/,
    };
  }

  if (header.type === null) return null;
  const after = line.text.slice(before.length);
  const rest = /^[\w.-]*/.exec(after)?.[0] ?? '';
  const hasColon = /^[ \t]*:/.test(after.slice(rest.length));
  const present = new Set(header.keys.filter((k) => k.from !== line.from).map((k) => k.name));
  const required = new Set(requiredFields(header.type));
  const options: Completion[] = [];
  for (const name of allowedFields(header.type, profile)) {
    if (present.has(name)) continue;
    const description = fieldDescription(name);
    options.push({
      label: name,
      type: 'property',
      apply: hasColon ? name : `${name}: `,
      ...(required.has(name) ? { detail: 'required', boost: 1 } : {}),
      ...(description ? { info: description } : {}),
    });
  }
  return {
    from: line.from,
    to: line.from + before.length + rest.length,
    options,
    validFor: KEY_PREFIX,
  };
}

/**
 * Field completion for card headers: the source is offered as language data at every position (so it
 * works before the lazily loaded language arrives and alongside a language's own sources), plus the
 * autocompletion UI.
 */
export function fieldCompletion(): Extension {
  return [
    EditorState.languageData.of(() => [{ autocomplete: fieldCompletionSource }]),
    autocompletion(),
  ];
}
