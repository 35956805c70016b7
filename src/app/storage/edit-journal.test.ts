import { describe, expect, it } from 'vitest';
import { createEditJournal, JOURNAL_PREFIX, type SyncStorage } from './edit-journal.ts';
import { FakeStorage, workspace } from './journal-fixture.ts';

describe('createEditJournal', () => {
  it('writes a workspace at once and reads it back as the edits on top of its revision', () => {
    const storage = new FakeStorage();
    const journal = createEditJournal(storage);
    expect(journal.write(workspace({ history: { 'a.md': { big: true } } }))).toBe(true);
    const [entry, ...rest] = journal.entries();
    expect(rest).toEqual([]);
    expect(entry!.base).toBe(3);
    expect(entry!.workspace).toEqual({ ...workspace(), revision: 4 });
    expect(entry!.workspace.history).toBeUndefined();
  });

  it('keeps one entry per workspace, the newest write, and lists the newest entry first', async () => {
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ id: 'one', files: { 'a.md': 'old' } }));
    await new Promise((resolve) => setTimeout(resolve, 2));
    journal.write(workspace({ id: 'two' }));
    await new Promise((resolve) => setTimeout(resolve, 2));
    journal.write(workspace({ id: 'one', files: { 'a.md': 'new' } }));
    expect(journal.entries().map((e) => [e.workspace.id, e.workspace.files['a.md']])).toEqual([
      ['one', 'new'],
      ['two', 'A'],
    ]);
    journal.clear('one');
    expect(journal.entries().map((e) => e.workspace.id)).toEqual(['two']);
  });

  it('keeps files named like members of Object.prototype', () => {
    const files = Object.fromEntries([
      ['constructor', 'C'],
      ['__proto__', 'P'],
    ]);
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ files, active: '__proto__' }));
    expect(Object.entries(journal.entries()[0]!.workspace.files)).toEqual(Object.entries(files));
  });

  it('does not keep a workspace over the size limit, and removes its older entry', () => {
    const storage = new FakeStorage();
    const journal = createEditJournal(storage, 500);
    expect(journal.write(workspace())).toBe(true);
    expect(journal.write(workspace({ files: { 'a.md': 'x'.repeat(600) } }))).toBe(false);
    expect(storage.items.size).toBe(0);
    expect(journal.entries()).toEqual([]);
  });

  it('reports storage that refuses the write (quota) and removes the stale entry', () => {
    const storage = new FakeStorage(400);
    const journal = createEditJournal(storage);
    expect(journal.write(workspace())).toBe(true);
    expect(journal.write(workspace({ files: { 'a.md': 'x'.repeat(400) } }))).toBe(false);
    expect(journal.entries()).toEqual([]);
  });

  it('keeps nothing without storage, and never throws when storage does', () => {
    const none = createEditJournal(undefined);
    expect(none.write(workspace())).toBe(false);
    expect(none.entries()).toEqual([]);
    const broken: SyncStorage = {
      get length(): number {
        throw new Error('denied');
      },
      key: () => {
        throw new Error('denied');
      },
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const journal = createEditJournal(broken);
    expect(journal.write(workspace())).toBe(false);
    expect(journal.entries()).toEqual([]);
    expect(() => journal.clear('ws-1')).not.toThrow();
  });

  it('drops and removes entries that are not what it writes (storage is untrusted)', () => {
    const storage = new FakeStorage();
    const good = createEditJournal(storage);
    good.write(workspace({ id: 'good' }));
    const valid = JSON.parse(storage.getItem(`${JOURNAL_PREFIX}good`)!);
    const bad: Record<string, unknown> = {
      'not-json': '{',
      'not-object': '[1]',
      'wrong-version': JSON.stringify({ ...valid, v: 2 }),
      'extra-field': JSON.stringify({ ...valid, extra: 1 }),
      'negative-base': JSON.stringify({ ...valid, base: -1 }),
      'wrong-id': JSON.stringify(valid),
      'bad-files': JSON.stringify({ ...valid, workspace: { ...valid.workspace, files: 'x' } }),
      'revision-mismatch': JSON.stringify({ ...valid, base: 7 }),
    };
    for (const [id, text] of Object.entries(bad))
      storage.setItem(JOURNAL_PREFIX + id, text as string);
    storage.setItem('unrelated', 'kept');
    expect(good.entries().map((e) => e.workspace.id)).toEqual(['good']);
    expect([...storage.items.keys()].sort()).toEqual([`${JOURNAL_PREFIX}good`, 'unrelated']);
  });
});
