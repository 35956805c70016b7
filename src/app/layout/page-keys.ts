/**
 * The page's own keys, as a Svelte action: Ctrl/Cmd-Enter runs the check (explicit reload mode), and `?`
 * opens Help except where it is text (the editor, a field) or while a dialog is open. Listens on the window
 * while the element is on the page.
 */
import type { ActionReturn } from 'svelte/action';
import { isEditable } from '../files/incoming-files.ts';

/** What the keys do. */
export interface PageKeys {
  /** Ctrl/Cmd-Enter. */
  onrun: () => void;
  /** `?` outside text and dialogs. */
  onhelp: () => void;
}

/** Handles the page's keys (see the module comment) while `_node` is on the page. */
export function pageKeys(_node: HTMLElement, keys: PageKeys): ActionReturn<PageKeys> {
  let current = keys;
  const keydown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      current.onrun();
    } else if (isHelpKey(event)) {
      event.preventDefault();
      current.onhelp();
    }
  };
  window.addEventListener('keydown', keydown);
  return {
    update: (next) => void (current = next),
    destroy: () => window.removeEventListener('keydown', keydown),
  };
}

function isHelpKey(event: KeyboardEvent): boolean {
  return (
    event.key === '?' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.defaultPrevented &&
    !event.composedPath().some(isEditable) &&
    document.querySelector('dialog[open]') === null
  );
}
