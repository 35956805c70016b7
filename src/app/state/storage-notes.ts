/**
 * What the app says about stored records that were read back damaged: one banner that sums up every note the
 * workspace store raised this session (see `StorageNote`), so a workspace left out of the list is never a
 * silent loss.
 */
import type { Banner } from './notifications.svelte.ts';
import { RECORD_ISSUES } from '../storage/workspace-record.ts';
import type { StorageNote } from '../storage/workspace-store.ts';

/**
 * The banner for `notes` (every note so far, in the order raised), or undefined when there are none. A
 * record that could not be used at all is a warning (its workspace is left out of the list, its data stays
 * in storage); repaired fields or files are information.
 */
export function storageNotesBanner(notes: readonly StorageNote[]): Banner | undefined {
  if (notes.length === 0) return undefined;
  const dropped = new Set<string>();
  const repaired = new Set<string>();
  for (const note of notes) {
    (RECORD_ISSUES[note.code].effect === 'record' ? dropped : repaired).add(note.key);
  }
  for (const key of dropped) repaired.delete(key);
  const first = notes.find((n) => RECORD_ISSUES[n.code].effect === 'record') ?? notes[0]!;
  const reason = RECORD_ISSUES[first.code].summary;
  const parts: string[] = [];
  if (dropped.size > 0) {
    parts.push(
      `${count(dropped.size, 'saved workspace')} could not be read and ${dropped.size === 1 ? 'is' : 'are'} left out of the list (${reason})`,
    );
  }
  if (repaired.size > 0) {
    const what = count(repaired.size, 'saved workspace');
    parts.push(
      dropped.size > 0
        ? `${what} had damaged parts that were repaired`
        : `${what} had damaged parts that were repaired (${reason})`,
    );
  }
  return {
    id: 'storage-record',
    kind: dropped.size > 0 ? 'warning' : 'info',
    text: `${parts.join('; ')}.`,
  };
}

function count(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}
