import { describe, expect, it } from 'vitest';
import { Notifications } from './notifications.svelte.ts';

describe('Notifications', () => {
  it('shows banners in the order they were raised', () => {
    const notifications = new Notifications();
    notifications.show({ id: 'drop', kind: 'warning', text: 'a' });
    notifications.show({ id: 'storage', kind: 'error', text: 'b' });
    expect(notifications.banners.map((b) => b.id)).toEqual(['drop', 'storage']);
  });

  it('replaces a banner with the same id, moving it last', () => {
    const notifications = new Notifications();
    notifications.show({ id: 'drop', kind: 'warning', text: 'old' });
    notifications.show({ id: 'storage', kind: 'error', text: 'b' });
    notifications.show({ id: 'drop', kind: 'info', text: 'new' });
    expect(notifications.banners.map((b) => [b.id, b.text])).toEqual([
      ['storage', 'b'],
      ['drop', 'new'],
    ]);
  });

  it('dismisses by id and says whether one is shown', () => {
    const notifications = new Notifications();
    notifications.show({ id: 'conflict', kind: 'warning', text: 'c' });
    expect(notifications.has('conflict')).toBe(true);
    notifications.dismiss('conflict');
    expect(notifications.has('conflict')).toBe(false);
    expect(notifications.banners).toEqual([]);
  });

  it('keeps the same list when dismissing an id that is not shown', () => {
    const notifications = new Notifications();
    notifications.show({ id: 'drop', kind: 'warning', text: 'a' });
    const before = notifications.banners;
    notifications.dismiss('permalink');
    expect(notifications.banners).toBe(before);
  });

  it('reports a failed action with its reason in one error banner', () => {
    const notifications = new Notifications();
    notifications.failed('Opening the example', new Error('gone'));
    notifications.failed('Adding the files', 'denied');
    expect(notifications.banners).toEqual([
      { id: 'failed', kind: 'error', text: 'Adding the files failed: denied' },
    ]);
  });
});
