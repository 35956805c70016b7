/**
 * Files that come to the page from outside a text field: dropped anywhere on it, or pasted outside any
 * text field. Both are Svelte actions on the app's root element; what they read is untrusted and goes
 * through `readDroppedItems` (binary, too large or too many files are skipped, and said so).
 */
import type { ActionReturn } from 'svelte/action';
import type { Banner } from '../state/notifications.svelte.ts';
import { readDroppedItems } from '../storage/download.ts';
import { pastedFileName } from './pasted-file-name.ts';

/** Where incoming files go: the agent model's few methods for them. */
export interface FileSink {
  /** Adds files (path → text) to the workspace and opens the first. */
  addFiles(files: Record<string, string>): unknown;
  /** Shows a banner. */
  banner(banner: Banner): void;
  /** Tells the user an action failed. */
  reportFailure(action: string, error: unknown): void;
}

/** What `dropFiles` needs: the sink, and who shows that files are being dragged over the element. */
export interface DropOptions {
  sink: FileSink;
  /** Called with true while files are dragged over the element, false when they leave or drop. */
  ondragging: (dragging: boolean) => void;
}

/** Files dropped anywhere on `node` are added to the workspace. */
export function dropFiles(node: HTMLElement, options: DropOptions): ActionReturn<DropOptions> {
  let current = options;
  const over = (event: DragEvent) => {
    event.preventDefault();
    current.ondragging(true);
  };
  const leave = () => current.ondragging(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    current.ondragging(false);
    if (!event.dataTransfer) return;
    const { sink } = current;
    // The items are read at once, while the event still lends them.
    void addDropped(sink, event.dataTransfer).catch((error: unknown) =>
      sink.reportFailure('Adding the dropped files', error),
    );
  };
  node.addEventListener('dragover', over);
  node.addEventListener('dragleave', leave);
  node.addEventListener('drop', drop);
  return {
    update: (next) => void (current = next),
    destroy: () => {
      node.removeEventListener('dragover', over);
      node.removeEventListener('dragleave', leave);
      node.removeEventListener('drop', drop);
    },
  };
}

async function addDropped(sink: FileSink, items: DataTransfer): Promise<void> {
  const { files, skipped } = await readDroppedItems(items);
  if (Object.keys(files).length > 0) sink.addFiles(files);
  if (skipped.length > 0)
    sink.banner({
      id: 'drop',
      kind: 'warning',
      text: `Skipped ${skipped.length} dropped file(s) (binary, too large or too many).`,
    });
}

/**
 * While `node` is on the page, a paste outside any text field adds the pasted files, or the pasted text as
 * a new file. Whether it went to a text field is read from the event's path, which is fixed at dispatch:
 * the editor may have replaced (detached) the target element by the time the event bubbles up to the window.
 */
export function pasteFiles(_node: HTMLElement, sink: FileSink): ActionReturn<FileSink> {
  let current = sink;
  const paste = (event: ClipboardEvent) => onPaste(event, current);
  window.addEventListener('paste', paste);
  return {
    update: (next) => void (current = next),
    destroy: () => window.removeEventListener('paste', paste),
  };
}

function onPaste(event: ClipboardEvent, sink: FileSink): void {
  if (event.defaultPrevented || event.composedPath().some(isEditable)) return;
  const data = event.clipboardData;
  if (!data) return;
  if (data.files.length > 0) {
    event.preventDefault();
    void readDroppedItems(data.files)
      .then(({ files }) => {
        if (Object.keys(files).length > 0) sink.addFiles(files);
      })
      .catch((error: unknown) => sink.reportFailure('Adding the pasted files', error));
    return;
  }
  const text = data.getData('text/plain');
  if (!text.trim()) return;
  event.preventDefault();
  sink.addFiles({ [pastedFileName(text)]: text });
}

/** True for a node where typed or pasted text goes: a field, the editor, anything editable. */
export function isEditable(node: EventTarget): boolean {
  if (!(node instanceof HTMLElement)) return false;
  return (
    node.isContentEditable ||
    node.matches('input, textarea, select, .cm-editor') ||
    node.getAttribute('role') === 'textbox'
  );
}
