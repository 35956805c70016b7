/** Test doubles shared by the journal's tests: a fake `sessionStorage` and a sample workspace. */
import type { Workspace } from '../state/workspace-types.ts';
import type { SyncStorage } from './edit-journal.ts';

/** `sessionStorage` as a Map, with an optional quota in characters. */
export class FakeStorage implements SyncStorage {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const used = [...this.items].reduce((n, [k, v]) => (k === key ? n : n + v.length), 0);
    if (used + value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A small saved workspace (revision 3), with `overrides`. */
export function workspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 'ws-1',
    name: 'Mine',
    files: { 'a.md': 'A' },
    active: 'a.md',
    profile: 'rfc',
    reloadMode: 'hot-swap',
    revision: 3,
    updatedAt: 1000,
    ...overrides,
  };
}
