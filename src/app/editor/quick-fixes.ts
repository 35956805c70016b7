/**
 * Quick fixes in the editor: the fix buttons of a problem's tooltip, a light bulb in the gutter beside each
 * line with a fixable problem, and Ctrl+. (Cmd+. on macOS) to open the fixes at the cursor in a small menu
 * driven from the keyboard (arrows, Enter, Escape; focus stays in the text, as for completion). A fix's edits
 * are offsets into the text as it was analysed: they are mapped onto the current text when the fix is shown
 * or applied, and a fix whose text changed since is dropped (`currentFixEdits`). Each fix is one undoable
 * transaction; its edits of other files (a file it splits off, a history file it creates) go to the app.
 * Nothing here runs per keystroke beyond mapping the light bulbs' positions (only while there are any).
 */
import { SHORTCUTS } from '../help/shortcuts.ts';
import {
  Facet,
  Prec,
  RangeSet,
  StateEffect,
  StateField,
  Transaction,
  type EditorState,
  type Extension,
} from '@codemirror/state';
import { isolateHistory } from '@codemirror/commands';
import Lightbulb from '@lucide/svelte/icons/lightbulb';
import { mount } from 'svelte';
import {
  EditorView,
  gutter,
  GutterMarker,
  keymap,
  showTooltip,
  type Command,
  type Tooltip,
} from '@codemirror/view';
import type { Diagnostic, Fix, FixEdit } from '../../core/index.ts';
import { isDeferred, type DeferredFix } from '../analysis/deferred-fixes.ts';
import type { FixHost } from '../state/fix-application.ts';
import { currentFixEdits } from '../state/fix-edits.ts';
import { ownValue } from '../state/own-entries.ts';
import { docText } from './doc-text.ts';
import { cardEditorConfig } from './editor-config.ts';
import { analysedText, setShownDiagnostics, shownDiagnostics } from './shown-diagnostics.ts';

/** The app's side of applying fixes (other files' texts, edits beyond the open file); none in tests. */
export const fixHost = Facet.define<FixHost, FixHost | null>({
  combine: (values) => values[0] ?? null,
});

/**
 * The edits of `fix` moved onto the current texts, or null when it cannot be applied now: the text it was
 * computed for has changed where it edits, the analysed text is not known, its edits of the open file
 * overlap, or it edits other files and no app takes them. `analysed` gives the texts the fix's offsets are
 * into when they are not the shown diagnostics' (a placeholder's fix: see `applyDeferredFix`).
 */
export function currentEdits(
  state: EditorState,
  fix: Fix,
  analysed?: (file: string) => string | undefined,
): FixEdit[] | null {
  const base = state.field(analysedText, false);
  if (!analysed && (base === null || base === undefined)) return null;
  const path = state.facet(cardEditorConfig).path;
  const host = state.facet(fixHost);
  const edits = currentFixEdits(fix, {
    analysed: analysed ?? ((file) => (file === path ? base! : host?.analysed(file))),
    current: (file) => (file === path ? docText(state.doc) : host?.current(file)),
  });
  if (!edits) return null;
  if (!host && edits.some((e) => e.file !== path)) return null;
  const own = edits.filter((e) => e.file === path).sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < own.length; i++) if (own[i]!.from < own[i - 1]!.to) return null;
  return edits;
}

/**
 * Applies `fix`: its edits of the open file as one transaction, an undo step of its own, and its edits of
 * other files through the app. False (and the app is told) when the fix is out of date; false when the
 * editor is read-only. A placeholder (its edits still in the analysis worker) is asked for first and
 * applied when it comes: true then means it was asked for.
 */
export function applyFix(
  view: EditorView,
  fix: Fix,
  analysed?: (file: string) => string | undefined,
): boolean {
  if (view.state.readOnly) return false;
  const host = view.state.facet(fixHost);
  if (isDeferred(fix)) return applyDeferredFix(view, fix, host);
  const edits = currentEdits(view.state, fix, analysed);
  if (!edits) {
    host?.stale();
    return false;
  }
  const path = view.state.facet(cardEditorConfig).path;
  const own = edits.filter((e) => e.file === path);
  const elsewhere = edits.filter((e) => e.file !== path);
  if (own.length > 0)
    view.dispatch({
      changes: own.map(({ from, to, insert }) => ({ from, to, insert })),
      annotations: [isolateHistory.of('full'), Transaction.userEvent.of('input.fix')],
      scrollIntoView: true,
    });
  if (elsewhere.length > 0) host?.apply(elsewhere);
  return true;
}

/**
 * A placeholder's fix (`analysis/deferred-fixes.ts`): the worker gives the whole fix as of its last check,
 * with the texts its offsets are into, and it is mapped from those onto the current texts like any fix
 * (out of date when the text it edits has changed since).
 */
function applyDeferredFix(view: EditorView, fix: DeferredFix, host: FixHost | null): boolean {
  if (!host) return false;
  host.resolve(fix).then(
    (resolved) => {
      if (!resolved || isDeferred(resolved.fix)) host.stale();
      else applyFix(view, resolved.fix, (file) => ownValue(resolved.texts, file));
    },
    () => host.stale(),
  );
  return true;
}

/**
 * The fix buttons for a diagnostic's tooltip (class `cm-diagnosticAction`, as lint's own): one per fix that
 * applies to the current text; null when there is none.
 */
export function renderFixActions(view: EditorView, d: Diagnostic): HTMLElement | null {
  const fixes = (d.fixes ?? []).filter((fix) => currentEdits(view.state, fix) !== null);
  if (fixes.length === 0) return null;
  const doc = view.dom.ownerDocument;
  const box = doc.createElement('div');
  box.className = 'cm-diagnosticActions';
  for (const fix of fixes) {
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'cm-diagnosticAction';
    button.textContent = fix.title;
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => {
      applyFix(view, fix);
      view.focus();
    });
    box.append(button);
  }
  return box;
}

/**
 * The fixes of the shown diagnostics at `pos` (those whose range holds it, ends included), or, when there
 * are none there or `scope` is 'line', of those that start on its line. Titles are not repeated.
 */
export function fixesAt(state: EditorState, pos: number, scope: 'cursor' | 'line'): Fix[] {
  const list = state.field(shownDiagnostics, false)?.list ?? [];
  const line = state.doc.lineAt(pos);
  const atPos = scope === 'cursor' ? list.filter((d) => d.from <= pos && pos <= d.to) : [];
  const found =
    atPos.length > 0 ? atPos : list.filter((d) => d.from >= line.from && d.from <= line.to);
  const fixes: Fix[] = [];
  for (const d of found)
    for (const fix of d.source.fixes ?? [])
      if (!fixes.some((f) => f.title === fix.title)) fixes.push(fix);
  return fixes;
}

// ---- the menu (Ctrl+.) ----

interface FixMenu {
  /** The fixes offered (those that apply to the current text). */
  fixes: readonly Fix[];
  /** The highlighted one. */
  selected: number;
  /** Why there is nothing to offer (when `fixes` is empty). */
  note: string;
  /** Element ids for `aria-activedescendant`. */
  id: string;
  tooltip: Tooltip;
}

const openMenu = StateEffect.define<Omit<FixMenu, 'selected'>>();
const closeMenu = StateEffect.define<null>();
const selectInMenu = StateEffect.define<number>();

const fixMenu = StateField.define<FixMenu | null>({
  create: () => null,
  update(menu, tr) {
    for (const effect of tr.effects) {
      if (effect.is(openMenu)) return { ...effect.value, selected: 0 };
      if (effect.is(closeMenu)) return null;
      if (effect.is(selectInMenu) && menu) return { ...menu, selected: effect.value };
    }
    // The menu belongs to one place in one text.
    if (menu && (tr.docChanged || tr.selection)) return null;
    return menu;
  },
  provide: (field) => showTooltip.from(field, (menu) => menu?.tooltip ?? null),
});

let menuCount = 0;

/** Opens the fixes menu at `pos` (see `fixesAt`). */
export function openFixMenu(view: EditorView, pos: number, scope: 'cursor' | 'line'): void {
  const all = fixesAt(view.state, pos, scope);
  const fixes = all.filter((fix) => currentEdits(view.state, fix) !== null);
  const note =
    all.length > 0
      ? 'These fixes are out of date: try again when the check has finished.'
      : 'No quick fixes here.';
  const id = `cm-fix-menu-${++menuCount}`;
  const tooltip: Tooltip = {
    pos,
    above: false,
    create: (v) => menuView(v, fixes, note, id),
  };
  view.dispatch({ effects: openMenu.of({ fixes, note, id, tooltip }) });
}

function menuView(view: EditorView, fixes: readonly Fix[], note: string, id: string) {
  const doc = view.dom.ownerDocument;
  const dom = doc.createElement('div');
  dom.className = 'cm-fix-menu';
  if (fixes.length === 0) {
    dom.setAttribute('role', 'status');
    dom.textContent = note;
    return { dom };
  }
  const list = doc.createElement('ul');
  list.id = id;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Quick fixes');
  const items = fixes.map((fix, i) => {
    const item = doc.createElement('li');
    item.id = `${id}-${i}`;
    item.setAttribute('role', 'option');
    item.textContent = fix.title;
    // Focus stays in the text: a click must not take it.
    item.addEventListener('mousedown', (event) => event.preventDefault());
    item.addEventListener('click', () => chooseFix(view, i));
    list.append(item);
    return item;
  });
  dom.append(list);
  const mark = (selected: number) =>
    items.forEach((item, i) => item.setAttribute('aria-selected', String(i === selected)));
  mark(0);
  return {
    dom,
    update(update: { state: EditorState }) {
      const menu = update.state.field(fixMenu);
      if (menu) mark(menu.selected);
    },
  };
}

function chooseFix(view: EditorView, index: number): void {
  const fix = view.state.field(fixMenu)?.fixes[index];
  view.dispatch({ effects: closeMenu.of(null) });
  if (fix) applyFix(view, fix);
}

/** Ctrl+. / Cmd+.: the fixes at the cursor. */
export const openFixMenuAtCursor: Command = (view) => {
  openFixMenu(view, view.state.selection.main.head, 'cursor');
  return true;
};

function moveBy(step: number | 'first' | 'last'): Command {
  return (view) => {
    const menu = view.state.field(fixMenu);
    if (!menu || menu.fixes.length === 0) return false;
    const n = menu.fixes.length;
    const next = step === 'first' ? 0 : step === 'last' ? n - 1 : (menu.selected + step + n) % n;
    view.dispatch({ effects: selectInMenu.of(next) });
    return true;
  };
}

const menuKeys = Prec.highest(
  keymap.of([
    { key: SHORTCUTS.quickFixes.key, run: openFixMenuAtCursor },
    { key: 'ArrowDown', run: moveBy(1) },
    { key: 'ArrowUp', run: moveBy(-1) },
    { key: 'Home', run: moveBy('first') },
    { key: 'End', run: moveBy('last') },
    {
      key: 'Enter',
      run: (view) => {
        const menu = view.state.field(fixMenu);
        if (!menu || menu.fixes.length === 0) return false;
        chooseFix(view, menu.selected);
        return true;
      },
    },
    {
      key: 'Escape',
      run: (view) => {
        if (!view.state.field(fixMenu)) return false;
        view.dispatch({ effects: closeMenu.of(null) });
        return true;
      },
    },
  ]),
);

/** While the menu is open, the text tells assistive technology which fix is highlighted. */
const menuAria = EditorView.contentAttributes.compute(
  [fixMenu],
  (state): Record<string, string> => {
    const menu = state.field(fixMenu);
    if (!menu || menu.fixes.length === 0) return {};
    return { 'aria-activedescendant': `${menu.id}-${menu.selected}`, 'aria-controls': menu.id };
  },
);

// ---- the light bulb ----

/**
 * The icon set's light bulb, drawn once and cloned for each marker (it is static SVG), not the emoji: a
 * system without an emoji font (many Linux desktops) draws that as an empty box.
 */
let bulbIcon: Node | null = null;
function lightbulbIcon(doc: Document): Node {
  if (!bulbIcon) {
    const holder = doc.createElement('span');
    mount(Lightbulb, { target: holder, props: { size: '1em', 'aria-hidden': 'true' } });
    bulbIcon = holder.firstElementChild ?? holder;
  }
  return doc.importNode(bulbIcon, true);
}

class BulbMarker extends GutterMarker {
  override toDOM(view: EditorView): Node {
    const span = view.dom.ownerDocument.createElement('span');
    span.className = 'cm-fix-bulb';
    span.title = 'Quick fixes (Ctrl+.)';
    span.append(lightbulbIcon(view.dom.ownerDocument));
    return span;
  }
}
const bulb = new BulbMarker();

/** Light bulbs at the start of each line where a shown diagnostic with fixes starts. */
const bulbs = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(set, tr) {
    if (tr.effects.some((e) => e.is(setShownDiagnostics))) {
      const starts = new Set<number>();
      for (const d of tr.state.field(shownDiagnostics).list)
        if (d.source.fixes && d.source.fixes.length > 0)
          starts.add(tr.state.doc.lineAt(d.from).from);
      return RangeSet.of([...starts].sort((a, b) => a - b).map((from) => bulb.range(from)));
    }
    return tr.docChanged && set.size > 0 ? set.map(tr.changes) : set;
  },
});

const bulbGutter = gutter({
  class: 'cm-fix-gutter',
  markers: (view) => view.state.field(bulbs),
  domEventHandlers: {
    mousedown(view, line, event) {
      if (view.state.field(bulbs).size === 0) return false;
      let has = false;
      view.state.field(bulbs).between(line.from, line.from, () => {
        has = true;
      });
      if (!has) return false;
      event.preventDefault();
      openFixMenu(view, line.from, 'line');
      return true;
    },
  },
});

/** Quick fixes: the menu (Ctrl+. / Cmd+.), its keys, and the light bulb gutter. */
export function quickFixes(): Extension {
  return [fixMenu, menuKeys, menuAria, bulbs, bulbGutter];
}
