/** Colour for the terminal: a few ANSI SGR styles, and when to use them. */
import type { Severity } from '../core/index.ts';

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  underline: [4, 24],
  red: [31, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  green: [32, 39],
} as const;

/** A style `paint` can apply. */
export type Style = keyof typeof CODES;

/** The colour of each severity in the human reporter. */
export const SEVERITY_STYLE: Readonly<Record<Severity, Style>> = {
  error: 'red',
  warning: 'yellow',
  info: 'cyan',
};

/** Wraps strings in ANSI styles, or returns them unchanged when colour is off. */
export type Painter = (style: Style, text: string) => string;

/** A painter: with `enabled`, `text` between the style's on and off codes; without, `text` itself. */
export function painter(enabled: boolean): Painter {
  if (!enabled) return (_style, text) => text;
  return (style, text) => {
    const [on, off] = CODES[style];
    return `\u001b[${on}m${text}\u001b[${off}m`;
  };
}

/**
 * Whether to colour stdout. In order: `--color`/`--no-color` (`flag`) when given; `FORCE_COLOR` when set
 * (`0` or `false` turn colour off, anything else on, as Node reads it); `NO_COLOR` when set and not
 * empty turns it off (no-color.org); otherwise colour exactly when stdout is a terminal.
 */
export function useColor(
  flag: boolean | undefined,
  env: Readonly<Record<string, string | undefined>>,
  isTTY: boolean,
): boolean {
  if (flag !== undefined) return flag;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env['NO_COLOR']) return false;
  return isTTY;
}
