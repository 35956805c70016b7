/**
 * The browser edges of import and export: saving a file to the user's downloads, and turning a drop (or a file
 * input's `FileList`) into text files. The reading logic lives in `dropped-files.ts`.
 */
import {
  readDropSources,
  type DropLimits,
  type DropSource,
  type DroppedFiles,
} from './dropped-files.ts';

// Revoking at once can cancel the download in some browsers (Safari); FileSaver.js waits 40 s.
const REVOKE_AFTER_MS = 40_000;

/** Offers `blob` as a download named `name` (through a temporary anchor and object URL, revoked later). */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor); // Firefox ignores clicks on detached anchors
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Offers `text` as a UTF-8 download named `name`. */
export function downloadText(name: string, text: string, type = 'text/plain;charset=utf-8'): void {
  downloadBlob(name, new Blob([text], { type }));
}

/**
 * The items of a drop or file input, taken synchronously: the browser empties a `DataTransfer` once the drop
 * handler returns or awaits, so call this (or `readDroppedItems`) before any `await`. Folders come as entries;
 * files of a `<input webkitdirectory>` keep their `webkitRelativePath`.
 */
export function dropSourcesOf(source: DataTransfer | FileList): DropSource[] {
  const sources: DropSource[] = [];
  if ('items' in source) {
    for (const item of Array.from(source.items)) {
      if (item.kind !== 'file') continue;
      const entry = item.webkitGetAsEntry?.();
      const file = entry ? null : item.getAsFile();
      if (entry) sources.push({ entry });
      else if (file) sources.push({ file, path: file.name });
    }
    return sources;
  }
  for (const file of Array.from(source)) {
    sources.push({ file, path: file.webkitRelativePath || file.name });
  }
  return sources;
}

/**
 * Reads dropped files and whole folders as text (see `readDropSources` for limits and skip reasons). Must be
 * called synchronously in the `drop` handler (see `dropSourcesOf`). Never rejects.
 */
export function readDroppedItems(
  source: DataTransfer | FileList,
  limits?: Partial<DropLimits>,
): Promise<DroppedFiles> {
  return readDropSources(dropSourcesOf(source), limits);
}
