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

/** Whether a fence's info string (`lang` and `meta` joined by a space) opens an embed. */
export function isAgentCardFence(info: string): boolean {
  return info.trim().split(/\s+/, 1)[0] === FENCE_LANGUAGE;
}

/**
 * Reads the options after `agentcard` in an info string (or an mdast `meta`, which has no language word).
 * Never throws: a malformed token is reported in `unknown`.
 */
export function parseFenceOptions(text: string): FenceOptions {
  const options: FenceOptions = { unknown: [] };
  const rest = text.trim().replace(/^agentcard(?=\s|$)/, '');
  for (const match of rest.matchAll(/([^\s=]+)(?:=(?:"([^"]*)"|(\S*)))?/g)) {
    const key = match[1]!;
    const value = match[2] ?? match[3];
    if (key === 'readonly' && value === undefined) options.readonly = true;
    else if ((STRING_OPTIONS as readonly string[]).includes(key) && value)
      options[key as (typeof STRING_OPTIONS)[number]] = value;
    else options.unknown.push(match[0]);
  }
  return options;
}
