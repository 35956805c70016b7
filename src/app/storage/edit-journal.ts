/**
 * The edit journal: a write-ahead copy of the open workspace in synchronous storage (the tab's
 * `sessionStorage`), written on every change before the IndexedDB save is scheduled. A reload or a navigation
 * in the first moments after an edit can end the page before IndexedDB has the change; the journal has it,
 * and the next load replays it (`recoverJournals`). One entry per workspace, under `JOURNAL_PREFIX` + id;
 * `sessionStorage` belongs to one tab, so entries are per workspace and tab.
 */
import * as v from 'valibot';
import type { Workspace } from '../state/workspace-types.ts';
import { checkStoredWorkspace } from './workspace-record.ts';

/** The storage key prefix of journal entries. */
export const JOURNAL_PREFIX = 'agentcard-journal:';

/**
 * The longest entry written, in characters of JSON. Larger workspaces are not journalled (the model then
 * asks before the page is left with unsaved edits). The entry is rewritten on every keystroke, and in
 * Chromium writing 1 MB to session storage took 50 ms (median, on a busy machine): at 256 KiB a keystroke
 * stays cheap.
 */
export const MAX_JOURNAL_CHARS = 256 * 1024;

/** The synchronous storage the journal writes to (`sessionStorage`, or a fake in tests). */
export interface SyncStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A journal entry as read back: the workspace and the revision it was changed from. */
export interface JournalEntry {
  /** The stored revision the edits sit on (0: the workspace was never saved). */
  base: number;
  /** When it was written, in ms since the epoch. */
  at: number;
  /** The workspace as it was, `revision` set to `base + 1` (the revision its save will have). */
  workspace: Workspace;
}

/** The handle `createEditJournal` returns. */
export interface EditJournal {
  /**
   * Writes the workspace's current state (its undo history is left out) at once. Returns true when it was
   * kept; false when there is no storage, the entry is over `MAX_JOURNAL_CHARS`, or storage refused it (then
   * an older entry of this workspace is removed: it would replay stale text).
   */
  write(workspace: Workspace): boolean;
  /** Removes the entry of workspace `id`. */
  clear(id: string): void;
  /**
   * Every entry that reads back as valid, newest first. Invalid entries (storage is untrusted: anything of
   * the origin can write there) are removed.
   */
  entries(): JournalEntry[];
}

const entrySchema = v.strictObject({
  v: v.literal(1),
  base: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  at: v.pipe(v.number(), v.finite(), v.minValue(0)),
  workspace: v.unknown(),
});

/**
 * The journal over `storage`; undefined storage (none available, or access throws) gives a journal that
 * keeps nothing. Never throws.
 */
export function createEditJournal(
  storage: SyncStorage | undefined,
  maxChars = MAX_JOURNAL_CHARS,
): EditJournal {
  const remove = (key: string) => {
    try {
      storage?.removeItem(key);
    } catch {
      // nothing more to do: reading validates anyway
    }
  };
  return {
    write(workspace: Workspace): boolean {
      if (!storage) return false;
      const key = JOURNAL_PREFIX + workspace.id;
      const json = journalJson(workspace, maxChars);
      if (json === null) {
        remove(key);
        return false;
      }
      try {
        storage.setItem(key, json);
        return true;
      } catch {
        remove(key); // quota: an older entry must not replay stale text
        return false;
      }
    },

    clear(id: string): void {
      remove(JOURNAL_PREFIX + id);
    },

    entries(): JournalEntry[] {
      if (!storage) return [];
      const keys: string[] = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (key?.startsWith(JOURNAL_PREFIX)) keys.push(key);
        }
      } catch {
        return [];
      }
      const found: JournalEntry[] = [];
      for (const key of keys) {
        const entry = readEntry(storage, key);
        if (entry) found.push(entry);
        else remove(key);
      }
      return found.sort((a, b) => b.at - a.at);
    },
  };
}

/**
 * The journal entry of `workspace` as JSON (without its undo history, at revision + 1 over `base`), or null
 * when it is over `maxChars` or cannot be written as JSON.
 */
function journalJson(workspace: Workspace, maxChars: number): string | null {
  // Counted before copying: a workspace far over the limit must not cost a JSON copy per keystroke.
  let chars = 0;
  for (const [path, text] of Object.entries(workspace.files)) chars += path.length + text.length;
  if (chars > maxChars) return null;
  const { history: _history, ...rest } = workspace;
  const entry = {
    v: 1,
    base: workspace.revision,
    at: Date.now(),
    workspace: { ...rest, revision: workspace.revision + 1 },
  };
  let json: string;
  try {
    json = JSON.stringify(entry);
  } catch {
    return null;
  }
  return json.length > maxChars ? null : json;
}

function readEntry(storage: SyncStorage, key: string): JournalEntry | undefined {
  try {
    const text = storage.getItem(key);
    if (text === null || text.length > MAX_JOURNAL_CHARS) return undefined;
    const parsed = v.safeParse(entrySchema, JSON.parse(text));
    if (!parsed.success) return undefined;
    const { base, at, workspace } = parsed.output;
    const checked = checkStoredWorkspace(workspace, key.slice(JOURNAL_PREFIX.length));
    if (!checked.workspace || checked.workspace.revision !== base + 1) return undefined;
    return { base, at, workspace: checked.workspace };
  } catch {
    return undefined;
  }
}

/** The tab's `sessionStorage`, or undefined when the browser refuses it (sandboxed frames, some privacy modes). */
export function sessionStorageOrUndefined(): SyncStorage | undefined {
  try {
    const storage = globalThis.sessionStorage;
    const probe = `${JOURNAL_PREFIX}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}
