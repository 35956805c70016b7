/**
 * The modal dialogs the app shows while a state of its own says so (Share, Examples, Help, Reference).
 * A `<dialog>`'s `close` event comes a task after it closes (Escape, its Close button), so for that task
 * the app still thinks the dialog is shown: an "open" in between (a click on its button, the `?` key)
 * changes nothing in the app's state, and would be lost, unless it opens the dialog again itself
 * (`showAgain`), and the late event must then leave the app's state alone (`unlessReopened`).
 */

/** Opens `dialog` as a modal unless it is open already (or not there yet). Says whether it opened it. */
export function showAgain(dialog: HTMLDialogElement | undefined): boolean {
  if (!dialog || dialog.open) return false;
  dialog.showModal();
  return true;
}

/**
 * A `close` listener for the dialog `dialog()` returns: calls `onclose` unless the dialog is open
 * again, in which case the event is the late one of a close that `showAgain` has undone.
 */
export function unlessReopened(
  dialog: () => HTMLDialogElement | undefined,
  onclose: () => void,
): () => void {
  return () => {
    if (!dialog()?.open) onclose();
  };
}
