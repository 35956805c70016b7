/**
 * The info string of an `agentcard` code fence: `agentcard` then options, `key=value` (a value with spaces in
 * double quotes) or a bare flag. Plain functions over strings, shared by both Markdown plugins.
 */

/** The language word that makes a fence an embed. */
export const FENCE_LANGUAGE = 'agentcard';

/** The layouts a fence may ask for; `graph` and any later view pass through to the element unchanged. */
export const FENCE_VIEW_PATTERN = /^[a-z][a-z-]{0,19}$/;

/** The options of one fence. Unknown options are listed in `unknown` (the plugins warn) and otherwise ignored. */
export interface FenceOptions {
  file?: string;
  view?: string;
  readonly?: boolean;
  profile?: string;
  theme?: string;
  height?: string;
  lines?: string;
  load?: string;
  /** Diagnostic codes the embed does not show, comma-separated. */
  hide?: string;
  /** Agents defined elsewhere that cards may reference, comma-separated. */
  agents?: string;
  unknown: string[];
}

const STRING_OPTIONS = [
  'file',
  'view',
  'profile',
  'theme',
  'height',
  'lines',
  'load',
  'hide',
  'agents',
] as const;

/**
 * Whether a fence's info string (`lang` and `meta` joined by a space, after CommonMark unescaping) opens an
 * embed.
 */
export function isAgentCardFence(info: string): boolean {
  return /^\s*agentcard(?:\s|$)/.test(info);
}

/**
 * Reads the options after `agentcard` in an info string (or an mdast `meta`, which has no language word). The
 * text must already be CommonMark-unescaped (character references and backslash escapes decoded), as mdast's
 * `meta` is and as the markdown-it plugin makes `token.info`: then both plugins read every fence alike. A value
 * in double quotes may hold white space and ends at the next `"`. Never throws, and takes time linear in the
 * text's length: a malformed token is reported in `unknown`.
 */
export function parseFenceOptions(text: string): FenceOptions {
  const options: FenceOptions = { unknown: [] };
  const rest = text.trim().replace(/^agentcard(?=\s|$)/, '');
  // Where the next `"` is at or after the last search's start (-1: none left). Searches start further on each
  // time, so every character is scanned at most once however many unclosed quotes the text has.
  let quote: number | undefined;
  const closingQuote = (from: number): number => {
    if (quote === undefined || (quote !== -1 && quote < from)) quote = rest.indexOf('"', from);
    return quote;
  };
  const isSpace = (i: number): boolean => /\s/.test(rest[i]!);
  for (let i = 0; i < rest.length;) {
    if (isSpace(i) || rest[i] === '=') {
      i++;
      continue;
    }
    const start = i;
    while (i < rest.length && !isSpace(i) && rest[i] !== '=') i++;
    const key = rest.slice(start, i);
    let value: string | undefined;
    if (rest[i] === '=') {
      i++;
      const end = rest[i] === '"' ? closingQuote(i + 1) : -1;
      if (end !== -1) {
        value = rest.slice(i + 1, end);
        i = end + 1;
      } else {
        const from = i;
        while (i < rest.length && !isSpace(i)) i++;
        value = rest.slice(from, i);
      }
    }
    if (key === 'readonly' && value === undefined) options.readonly = true;
    else if ((STRING_OPTIONS as readonly string[]).includes(key) && value)
      options[key as (typeof STRING_OPTIONS)[number]] = value;
    else options.unknown.push(rest.slice(start, i));
  }
  return options;
}

/**
 * Characters a file name cannot have in a fence: control characters (C0, DEL, C1), the Unicode line and
 * paragraph separators, and `"`, which ends a quoted value.
 */
const NOT_IN_FENCE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"]/;

/**
 * `name` as the value of a fence's `file=` option, such that `parseFenceOptions` reads `name` back from the
 * CommonMark-unescaped info string: `&`, `\` and `` ` `` written as character references (a backtick fence's
 * info string may not hold a backtick), in double quotes when it holds white space. Undefined when no info
 * string can carry it: empty, or with a character of `NOT_IN_FENCE`.
 */
export function fenceFileValue(name: string): string | undefined {
  if (name === '' || NOT_IN_FENCE.test(name)) return undefined;
  const encoded = name.replace(/[&\\`]/g, (c) => `&#${c.charCodeAt(0)};`);
  return /\s/.test(name) ? `"${encoded}"` : encoded;
}
