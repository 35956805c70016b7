/**
 * The keyboard of a WAI-ARIA tab list (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab in the page's
 * Tab order (roving `tabindex`), the arrow keys move between tabs (wrapping at either end), Home and End go to
 * the first and the last. Tabs are selected as they get focus ("automatic activation").
 */

/**
 * The index of the tab that `key` moves to in a horizontal list of `count` tabs where tab `current` has focus,
 * or null when `key` is not a tab-list key (or there are no tabs).
 */
export function tabKeyTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The `keydown` handler of an element with `role="tablist"`: moves focus to the tab the key points at and
 * calls `select` with its index. Keys that are not tab-list keys are left alone.
 */
export function onTabListKeydown(
  event: KeyboardEvent & { currentTarget: HTMLElement },
  select: (index: number) => void,
): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const current = tabs.findIndex((tab) => tab === document.activeElement);
  const next = tabKeyTarget(event.key, current < 0 ? 0 : current, tabs.length);
  if (next === null) return;
  event.preventDefault();
  select(next);
  tabs[next]!.focus();
}
