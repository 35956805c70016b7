import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

/** The editor's colour scheme, resolved by the app (system preference or the user's choice). */
export type EditorThemeName = 'light' | 'dark';

/**
 * Colours as CSS custom properties on the editor element, one set per scheme. Every other rule and the
 * highlight style read the properties, so one theme serves both schemes; `EditorView.darkTheme` picks
 * the set (and CodeMirror's own dark defaults).
 */
const palette = EditorView.baseTheme({
  '&light': {
    '--ed-bg': '#ffffff',
    '--ed-fg': '#1f2328',
    '--ed-muted': '#59636e',
    '--ed-border': '#d1d9e0',
    '--ed-gutter-bg': '#f6f8fa',
    '--ed-active-line': 'rgba(234, 238, 242, 0.55)',
    '--ed-selection': '#cde3ff',
    '--ed-selection-blur': '#e3ebf4',
    '--ed-cursor': '#1f2328',
    '--ed-bracket': 'rgba(9, 105, 218, 0.18)',
    '--ed-search': 'rgba(212, 167, 44, 0.35)',
    '--ed-panel-bg': '#f6f8fa',
    '--ed-code-bg': 'rgba(129, 139, 152, 0.15)',
    '--ed-meta': '#8250df',
    '--ed-key': '#0550ae',
    '--ed-string': '#0a3069',
    '--ed-number': '#0550ae',
    '--ed-atom': '#cf222e',
    '--ed-comment': '#59636e',
    '--ed-heading': '#0550ae',
    '--ed-link': '#0969da',
    '--ed-code': '#953800',
    '--ed-invalid': '#cf222e',
  },
  '&dark': {
    '--ed-bg': '#0d1117',
    '--ed-fg': '#e6edf3',
    '--ed-muted': '#9198a1',
    '--ed-border': '#3d444d',
    '--ed-gutter-bg': '#151b23',
    '--ed-active-line': 'rgba(101, 108, 118, 0.18)',
    '--ed-selection': '#264f78',
    '--ed-selection-blur': '#2b3440',
    '--ed-cursor': '#e6edf3',
    '--ed-bracket': 'rgba(56, 139, 253, 0.3)',
    '--ed-search': 'rgba(187, 128, 9, 0.45)',
    '--ed-panel-bg': '#151b23',
    '--ed-code-bg': 'rgba(101, 108, 118, 0.3)',
    '--ed-meta': '#d2a8ff',
    '--ed-key': '#79c0ff',
    '--ed-string': '#a5d6ff',
    '--ed-number': '#79c0ff',
    '--ed-atom': '#ff7b72',
    '--ed-comment': '#9198a1',
    '--ed-heading': '#79c0ff',
    '--ed-link': '#58a6ff',
    '--ed-code': '#ffa657',
    '--ed-invalid': '#ff7b72',
  },
});

/** A CSS image of a wavy line in `colour`, 6 × 3 px, repeated along a squiggle's bottom edge. */
function wave(colour: string): string {
  const path = `<path d="M0 2 Q1.5 0 3 2 T6 2" fill="none" stroke="${colour}" stroke-width="0.8"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6" height="3">${path}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const chrome = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--ed-fg)',
    backgroundColor: 'var(--ed-bg)',
    fontSize: '14px',
  },
  '.cm-scroller': {
    overflow: 'auto',
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    lineHeight: '1.5',
  },
  '.cm-content': { caretColor: 'var(--ed-cursor)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ed-cursor)' },
  '.cm-selectionBackground': { backgroundColor: 'var(--ed-selection-blur)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection':
    {
      backgroundColor: 'var(--ed-selection)',
    },
  '.cm-activeLine': { backgroundColor: 'var(--ed-active-line)' },
  '.cm-gutters': {
    color: 'var(--ed-muted)',
    backgroundColor: 'var(--ed-gutter-bg)',
    borderRight: '1px solid var(--ed-border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--ed-active-line)', color: 'var(--ed-fg)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--ed-bracket)' },
  '.cm-searchMatch': { backgroundColor: 'var(--ed-search)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--ed-bracket)' },
  '.cm-panels': {
    color: 'var(--ed-fg)',
    backgroundColor: 'var(--ed-panel-bg)',
    borderColor: 'var(--ed-border)',
  },
  '.cm-panels input, .cm-panels button': { color: 'inherit' },
  '.cm-textfield': { backgroundColor: 'var(--ed-bg)', borderColor: 'var(--ed-border)' },
  '.cm-tooltip': {
    color: 'var(--ed-fg)',
    backgroundColor: 'var(--ed-panel-bg)',
    border: '1px solid var(--ed-border)',
    borderRadius: '4px',
    maxWidth: 'min(36rem, 90vw)',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    color: 'var(--ed-bg)',
    backgroundColor: 'var(--ed-link)',
  },
  // Squiggles are drawn in a layer (diagnostic-squiggles.ts): a wave along the bottom of each box.
  '.cm-squiggles': { pointerEvents: 'none' },
  '.cm-squiggle': {
    minWidth: '4px',
    backgroundPosition: 'left bottom',
    backgroundRepeat: 'repeat-x',
  },
  '.cm-squiggle-error': { backgroundImage: wave('#e0282b') },
  '.cm-squiggle-warning': { backgroundImage: wave('#d88a00') },
  '.cm-squiggle-info': { backgroundImage: wave('#8a8a8a') },
  '.cm-diagnosticCode': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontWeight: '600',
    padding: '0 0.3em',
    borderRadius: '3px',
    backgroundColor: 'var(--ed-code-bg)',
  },
  '.cm-diagnosticHint': {
    display: 'block',
    maxWidth: '40em',
    marginTop: '0.25em',
    color: 'var(--ed-muted)',
  },
  // Quick fixes (quick-fixes.ts): buttons under a problem, the Ctrl+. menu, the light bulb gutter.
  '.cm-diagnosticActions': { display: 'flex', flexWrap: 'wrap', gap: '0.3em', marginTop: '0.3em' },
  '.cm-diagnosticActions .cm-diagnosticAction': { margin: '0' },
  '.cm-fix-menu': { padding: '0.2em 0', maxWidth: '40em' },
  '.cm-fix-menu[role=status]': { padding: '0.3em 0.6em' },
  '.cm-fix-menu ul': { listStyle: 'none', margin: '0', padding: '0' },
  '.cm-fix-menu li': { padding: '0.2em 0.8em', cursor: 'pointer' },
  '.cm-fix-menu li[aria-selected=true]': {
    backgroundColor: 'var(--ed-selection)',
    outline: '1px solid currentColor',
  },
  '.cm-fix-gutter .cm-gutterElement': { cursor: 'pointer', padding: '0 2px', fontSize: '0.85em' },
  '.cm-fix-bulb': {
    display: 'inline-flex',
    height: '100%',
    alignItems: 'center',
    color: 'var(--warning)',
  },
  '.cm-fieldHover': { padding: '0.35em 0.6em', lineHeight: '1.4' },
  '.cm-fieldHover-title code': { fontWeight: '600', color: 'var(--ed-key)' },
  '.cm-fieldHover-title': { color: 'var(--ed-muted)' },
  '.cm-fieldHover-note': { color: 'var(--ed-invalid)' },
  '.cm-fieldHover-description': { marginTop: '0.2em' },
  '.cm-fieldHover-reference': {
    marginLeft: '0.8em',
    padding: '0 0.4em',
    minHeight: '0',
    font: 'inherit',
    fontSize: '0.9em',
    color: 'var(--accent)',
    background: 'transparent',
    border: '1px solid currentColor',
    borderRadius: '3px',
    cursor: 'pointer',
  },
});

const highlight = HighlightStyle.define([
  {
    tag: [t.meta, t.documentMeta, t.processingInstruction, t.contentSeparator],
    color: 'var(--ed-meta)',
  },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--ed-key)' },
  {
    tag: [t.string, t.special(t.string), t.character, t.attributeValue],
    color: 'var(--ed-string)',
  },
  { tag: t.number, color: 'var(--ed-number)' },
  { tag: [t.bool, t.null, t.atom, t.keyword], color: 'var(--ed-atom)' },
  { tag: t.comment, color: 'var(--ed-comment)', fontStyle: 'italic' },
  { tag: t.heading, color: 'var(--ed-heading)', fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: t.link, color: 'var(--ed-link)' },
  { tag: t.url, color: 'var(--ed-link)', textDecoration: 'underline' },
  { tag: t.monospace, color: 'var(--ed-code)' },
  { tag: t.quote, color: 'var(--ed-muted)' },
  { tag: [t.labelName, t.typeName], color: 'var(--ed-meta)' },
  { tag: t.invalid, color: 'var(--ed-invalid)' },
]);

/** The compartment that holds the light/dark switch. */
export const themeCompartment = new Compartment();

/** The switch for one scheme: goes in `themeCompartment`. */
export function themeVariant(theme: EditorThemeName): Extension {
  return EditorView.darkTheme.of(theme === 'dark');
}

/**
 * The editor's look: colours from CSS custom properties for light and dark, syntax highlighting, and an
 * editor that fills its container (the container must have a height).
 */
export function editorTheme(theme: EditorThemeName): Extension {
  return [palette, chrome, syntaxHighlighting(highlight), themeCompartment.of(themeVariant(theme))];
}
