/**
 * Which help view is open, and the functions that open it: `openHelp()` for the Help dialog (shortcuts and
 * introduction), `openReference(anchor?)` for the Reference at an entry. Anything may call them: the
 * toolbar's Help button, the `?` key, the field hover's "Open in reference", a settings popover. The
 * dialogs themselves are separate chunks (`lazy-chunks.ts`) loaded when one is first opened; this module
 * stays tiny, so it adds next to nothing to the page's first JavaScript.
 */
import { showAgain, unlessReopened } from '../dialogs/app-modal.ts';

/** What is open: nothing, the Help dialog or the Reference (at `anchor`, when given). */
export interface HelpView {
  open: 'none' | 'help' | 'reference';
  /**
   * The Reference entry to show: an entry id (`field-sequence`, `type-chain`, `profiles`,
   * `reload-modes`, `afm-interfaces.type`) or a bare AgentCard field name (`sequence`).
   */
  anchor: string | undefined;
  /** Bumped at every open, so opening the Reference again at the same anchor scrolls to it again. */
  serial: number;
}

/** The open help view (reactive). */
export const helpView: HelpView = $state({ open: 'none', anchor: undefined, serial: 0 });

let returnFocus: HTMLElement | null = null;

function remember(): void {
  if (helpView.open !== 'none') return;
  const active = typeof document === 'undefined' ? null : document.activeElement;
  returnFocus = active instanceof HTMLElement ? active : null;
}

/** Opens the Help dialog: keyboard shortcuts, an introduction, a link into the Reference. */
export function openHelp(): void {
  remember();
  helpView.open = 'help';
  helpView.anchor = undefined;
  helpView.serial++;
}

/**
 * Opens the Reference of card types and fields, scrolled to `anchor` when given (an entry id, or an
 * AgentCard field name: `openReference('sequence')`). Links for a settings popover: `'profiles'`,
 * `'reload-modes'`.
 */
export function openReference(anchor?: string): void {
  remember();
  helpView.open = 'reference';
  helpView.anchor = anchor;
  helpView.serial++;
}

/** Closes whichever help view is open and gives focus back to where it was before it opened. */
export function closeHelp(): void {
  helpView.open = 'none';
  helpView.anchor = undefined;
  const target = returnFocus;
  returnFocus = null;
  if (target?.isConnected) target.focus();
}

/**
 * For the dialog of the help view `view`, called as its component starts: shows the dialog on every open
 * of that view, also one right after it closed, before its late close event (see app-modal.ts), and
 * returns the dialog's `close` listener, which closes the view.
 */
export function helpModal(
  view: 'help' | 'reference',
  dialog: () => HTMLDialogElement | undefined,
): () => void {
  $effect(() => {
    void helpView.serial;
    showAgain(dialog());
  });
  return unlessReopened(dialog, () => {
    if (helpView.open === view) closeHelp();
  });
}
