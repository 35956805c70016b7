/**
 * The `height` of an embed (the element's attribute, the fence's option), read strictly: a height the browser
 * would reject (`20 rem`) or resolve to 0 must give the automatic height, never an embed 0 px tall.
 */

/** Whole pixels (`320`), or a positive length in px, em, rem or a viewport unit (`20rem`, `12.5em`, `50vh`). */
const HEIGHT = /^(\d{1,5}(?:\.\d{1,3})?)(px|em|rem|vh|svh|lvh|dvh)?$/;

/**
 * `value` as a CSS height (`320` becomes `320px`), or undefined for the automatic height: absent, `auto`, or
 * anything but a positive number of at most five digits before the point with one of the units above.
 */
export function fixedHeight(value: string | null | undefined): string | undefined {
  const match = value ? HEIGHT.exec(value) : null;
  if (!match || !(Number(match[1]) > 0)) return undefined;
  return `${match[1]}${match[2] ?? 'px'}`;
}
