import { describe, expect, it } from 'vitest';
import { storageNotesBanner } from './storage-notes.ts';

describe('storageNotesBanner', () => {
  it('says nothing when nothing was noted', () => {
    expect(storageNotesBanner([])).toBeUndefined();
  });

  it('warns that an unreadable workspace is left out, with the reason', () => {
    expect(storageNotesBanner([{ key: 'w1', code: 'bad-files', field: 'files' }])).toEqual({
      id: 'storage-record',
      kind: 'warning',
      text: '1 saved workspace could not be read and is left out of the list (The files are not a map of path to text.).',
    });
  });

  it('tells of repaired parts quietly, counting workspaces, not notes', () => {
    const banner = storageNotesBanner([
      { key: 'w1', code: 'bad-name', field: 'name' },
      { key: 'w1', code: 'bad-active', field: 'active' },
      { key: 'w2', code: 'bad-profile', field: 'profile' },
    ]);
    expect(banner?.kind).toBe('info');
    expect(banner?.text).toBe(
      '2 saved workspaces had damaged parts that were repaired (The name is not text or too long; it was reset or cut.).',
    );
  });

  it('counts a workspace that was both repaired and left out only as left out', () => {
    const banner = storageNotesBanner([
      { key: 'w1', code: 'bad-name', field: 'name' },
      { key: 'w1', code: 'not-a-workspace', field: '' },
      { key: 'w2', code: 'bad-active', field: 'active' },
    ]);
    expect(banner).toEqual({
      id: 'storage-record',
      kind: 'warning',
      text: '1 saved workspace could not be read and is left out of the list (The stored value is not a workspace.); 1 saved workspace had damaged parts that were repaired.',
    });
  });
});
