import { completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, historyKeymap } from '@codemirror/commands';
import { searchKeymap } from '@codemirror/search';
import { describe, expect, it } from 'vitest';
import { keyLabel, shortcutGroups, SHORTCUTS, type Shortcut } from './shortcuts.ts';

const CODEMIRROR_KEYS = new Set(
  [...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap].flatMap((b) =>
    [b.key, b.mac, b.win, b.linux].filter((k): k is string => typeof k === 'string'),
  ),
);

describe('the shortcut list', () => {
  it('names only keys that CodeMirror really binds, for the bindings that are CodeMirror’s', () => {
    const listed = (Object.values(SHORTCUTS) as Shortcut[]).filter((s) => s.codemirror);
    expect(listed.length).toBeGreaterThan(5);
    for (const shortcut of listed) {
      for (const key of [shortcut.key, shortcut.mac ?? shortcut.key].flatMap((k) => k.split('|')))
        expect(CODEMIRROR_KEYS, key).toContain(key);
    }
  });

  it('words keys for people, with Cmd on macOS', () => {
    expect(keyLabel(SHORTCUTS.run, false)).toBe('Ctrl+Enter');
    expect(keyLabel(SHORTCUTS.run, true)).toBe('Cmd+Enter');
    expect(keyLabel(SHORTCUTS.complete, false)).toBe('Ctrl+Space');
    expect(keyLabel(SHORTCUTS.tabMode, true)).toBe('Shift+Option+M');
    expect(keyLabel(SHORTCUTS.help, false)).toBe('?');
    expect(keyLabel(SHORTCUTS.comment, false)).toBe('Ctrl+/');
    expect(keyLabel(SHORTCUTS.leaveEditor, false)).toBe('Escape then Tab');
    expect(keyLabel(SHORTCUTS.redo, true)).toBe('Cmd+Shift+Z');
    expect(keyLabel(SHORTCUTS.moveLine, false)).toBe('Alt+↑ or Alt+↓');
  });

  it('groups every shortcut once, by where it works', () => {
    const groups = shortcutGroups();
    expect(groups.map((g) => g.where)).toEqual([
      'Anywhere',
      'Editor',
      'Result tabs',
      'Graph',
      'Dialogs',
    ]);
    expect(groups.flatMap((g) => g.shortcuts)).toHaveLength(Object.keys(SHORTCUTS).length);
  });
});
