/**
 * The small record of UI preferences kept beside the workspaces (last opened workspace, theme, panel sizes).
 */
import * as v from 'valibot';
import { plainObjectSchema } from './record-schemas.ts';

/** One UI preference value. */
export type UiValue = string | number | boolean | null;

/**
 * UI preferences by name, e.g. `{ lastWorkspaceId: 'k3…', theme: 'dark' }`. Readers check each value's type:
 * the record comes from storage and may have been written by another version of the app.
 */
export type UiState = Readonly<Record<string, UiValue>>;

/** Limits of the UI record: entries, name length, string value length. */
export const UI_STATE_LIMITS = { maxEntries: 64, maxKeyChars: 100, maxStringChars: 4096 } as const;

/** One value: a short string, a finite number, a boolean or null. */
const uiValueSchema = v.union([
  v.pipe(v.string(), v.maxLength(UI_STATE_LIMITS.maxStringChars)),
  v.pipe(v.number(), v.finite()),
  v.boolean(),
  v.null(),
]);

/** One `[name, value]` entry of the record. */
const uiEntrySchema = v.tuple([
  v.pipe(v.string(), v.maxLength(UI_STATE_LIMITS.maxKeyChars)),
  uiValueSchema,
]);

/**
 * Reads a stored UI record, keeping only well-formed entries (at most `maxEntries`, through valibot schemas).
 * Never throws: a value that is not an object literal gives `{}`.
 */
export function checkStoredUiState(value: unknown): UiState {
  if (!v.is(plainObjectSchema, value)) return {};
  // Entry by entry, not `v.record`: a bad entry drops only itself, and names are user data.
  const kept: Array<[string, UiValue]> = [];
  for (const entry of Object.entries(value)) {
    if (kept.length === UI_STATE_LIMITS.maxEntries) break;
    if (v.is(uiEntrySchema, entry)) kept.push(entry);
  }
  // fromEntries defines own properties, so an entry called "__proto__" stays an entry.
  return Object.fromEntries(kept);
}

/** A plain copy of a UI record to store. Throws a `TypeError` when an entry or the size is out of bounds. */
export function snapshotUiState(state: UiState): UiState {
  if (typeof state !== 'object' || state === null)
    throw new TypeError('UI state must be an object.');
  const entries = Object.entries(state);
  if (entries.length > UI_STATE_LIMITS.maxEntries) {
    throw new TypeError(`UI state has more than ${UI_STATE_LIMITS.maxEntries} entries.`);
  }
  for (const [key, value] of entries) {
    if (!v.is(uiEntrySchema, [key, value])) {
      throw new TypeError(
        `UI state entry ${JSON.stringify(key.slice(0, 100))} must be a short string, a finite number, a boolean or null.`,
      );
    }
  }
  return Object.fromEntries(entries);
}
