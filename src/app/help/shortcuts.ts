/**
 * The playground's keyboard shortcuts: one list, read by the key bindings that are the playground's own
 * (`editor-keys.ts`, `tab-focus.ts`, the page's keys in `page-keys.ts`) and by the Help dialog. Keys are
 * written as CodeMirror names (`Mod-Enter`: Ctrl on Windows and Linux, Cmd on macOS); the bindings that come
 * from CodeMirror's own keymaps (completion, search, history) are listed with the key those keymaps use,
 * and a unit test checks that each is really bound there.
 */

/** Where a shortcut works. */
export type ShortcutPlace = 'Anywhere' | 'Editor' | 'Result tabs' | 'Graph' | 'Dialogs';

/** One shortcut. */
export interface Shortcut {
  /** The key as a CodeMirror key name (`Mod-Enter`, `F8`, `?`); alternatives after `|`. */
  key: string;
  /** The macOS key, when it is not `key` with Cmd for Mod. */
  mac?: string;
  /** What it does, in a few words. */
  action: string;
  where: ShortcutPlace;
  /** True when the binding is CodeMirror's own (the test checks it against CodeMirror's keymaps). */
  codemirror?: boolean;
}

/** Every shortcut, by a stable id; the Help dialog lists them in this order. */
export const SHORTCUTS = {
  help: {
    key: '?',
    action: 'Open this help (outside the editor and text fields)',
    where: 'Anywhere',
  },
  run: { key: 'Mod-Enter', action: 'Check now (Run, in explicit reload mode)', where: 'Anywhere' },
  complete: {
    key: 'Ctrl-Space',
    action: 'Complete a field name or a card type',
    where: 'Editor',
    codemirror: true,
  },
  nextProblem: { key: 'F8', action: 'Select the next problem', where: 'Editor' },
  quickFixes: { key: 'Mod-.', action: 'Show the quick fixes at the cursor', where: 'Editor' },
  search: { key: 'Mod-f', action: 'Find (and replace)', where: 'Editor', codemirror: true },
  gotoLine: { key: 'Mod-Alt-g', action: 'Go to line', where: 'Editor', codemirror: true },
  undo: {
    key: 'Mod-z',
    action: 'Undo (kept with the workspace)',
    where: 'Editor',
    codemirror: true,
  },
  redo: { key: 'Mod-y', mac: 'Mod-Shift-z', action: 'Redo', where: 'Editor', codemirror: true },
  comment: {
    key: 'Mod-/',
    action: 'Comment or uncomment lines',
    where: 'Editor',
    codemirror: true,
  },
  selectNext: {
    key: 'Mod-d',
    action: 'Select the next occurrence',
    where: 'Editor',
    codemirror: true,
  },
  moveLine: {
    key: 'Alt-ArrowUp|Alt-ArrowDown',
    action: 'Move lines',
    where: 'Editor',
    codemirror: true,
  },
  tabMode: {
    key: 'Ctrl-m',
    mac: 'Shift-Alt-m',
    action: 'Switch what Tab does: indent, or move focus',
    where: 'Editor',
  },
  leaveEditor: {
    key: 'Escape Tab',
    action: 'Leave the editor (Escape, then Tab or Shift-Tab)',
    where: 'Editor',
  },
  tabs: {
    key: 'ArrowLeft|ArrowRight|Home|End',
    action: 'Move between the result tabs',
    where: 'Result tabs',
  },
  graph: {
    key: 'ArrowLeft|ArrowRight|ArrowUp|ArrowDown',
    action: 'Follow references between agents; Enter selects the card',
    where: 'Graph',
  },
  close: { key: 'Escape', action: 'Close a dialog or a popup', where: 'Dialogs' },
} as const satisfies Record<string, Shortcut>;

const KEY_WORDS: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

/**
 * How a key is written for people: `Mod-Enter` is `Ctrl+Enter` (`Cmd+Enter` on macOS), alternatives are
 * joined with " or ", a sequence (`Escape Tab`) with " then ".
 */
export function keyLabel(shortcut: Shortcut, mac: boolean): string {
  const key = mac && shortcut.mac ? shortcut.mac : shortcut.key;
  return key
    .split('|')
    .map((choice) =>
      choice
        .split(' ')
        .map((stroke) => strokeLabel(stroke, mac))
        .join(' then '),
    )
    .join(' or ');
}

function strokeLabel(stroke: string, mac: boolean): string {
  // A lone '-' or '?' is a key, not a separator.
  const parts = stroke.length === 1 ? [stroke] : stroke.split('-');
  return parts
    .map((part, i) => {
      if (i === parts.length - 1)
        return KEY_WORDS[part] ?? (part.length === 1 ? part.toUpperCase() : part);
      if (part === 'Mod') return mac ? 'Cmd' : 'Ctrl';
      if (part === 'Alt' && mac) return 'Option';
      return part;
    })
    .join('+');
}

/** True on Apple platforms, where `Mod` is Cmd. */
export function isMacPlatform(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): boolean {
  return /Mac|iPhone|iPad|iPod/.test(nav.platform || nav.userAgent);
}

/** The shortcuts grouped by where they work, in list order. */
export function shortcutGroups(): Array<{ where: ShortcutPlace; shortcuts: Shortcut[] }> {
  const groups = new Map<ShortcutPlace, Shortcut[]>();
  for (const shortcut of Object.values(SHORTCUTS) as Shortcut[]) {
    groups.set(shortcut.where, [...(groups.get(shortcut.where) ?? []), shortcut]);
  }
  return [...groups].map(([where, shortcuts]) => ({ where, shortcuts }));
}
