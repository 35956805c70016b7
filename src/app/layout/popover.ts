/**
 * Places the header's popovers (HTML `popover` elements, opened by a button with `popovertarget`) under the
 * button that opened them, kept inside the viewport. The browser does the rest: top layer, light dismiss,
 * Escape, and focus returning to the button.
 */

/** The gap between the button and its popover, and between a popover and the viewport's edge, in px. */
const GAP = 4;
const EDGE = 8;

/**
 * The `toggle` handler of a popover: when it opens, moves it under its visible invoker, right-aligned to it
 * when it would overflow the viewport on the right.
 */
export function placeUnderInvoker(event: Event & { currentTarget: HTMLElement }): void {
  const popover = event.currentTarget;
  if (!('newState' in event) || event.newState !== 'open') return;
  const invoker = [
    ...document.querySelectorAll<HTMLElement>(`[popovertarget="${CSS.escape(popover.id)}"]`),
  ].find((e) => e.getClientRects().length > 0);
  if (!invoker) return;
  const anchor = invoker.getBoundingClientRect();
  const width = popover.offsetWidth;
  const left = Math.max(EDGE, Math.min(anchor.left, innerWidth - width - EDGE));
  popover.style.top = `${anchor.bottom + GAP}px`;
  popover.style.left = `${left}px`;
}

/** Closes the popover that contains `element`, if any (after a choice made in it). */
export function closePopoverOf(element: Element): void {
  const popover = element.closest<HTMLElement>('[popover]');
  if (popover?.matches(':popover-open')) popover.hidePopover();
}
