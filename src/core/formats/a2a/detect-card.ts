/**
 * Detection of A2A AgentCard files: a `.json` file whose top-level object has the card's own keys. Only
 * top-level keys count, so a chat history (`{"messages": [...]}`) whose messages mention `url` or
 * `skills` is never claimed, and neither is TsAgent's `tsagent.json`.
 */

/** Top-level keys that alone make a JSON object an A2A card. */
const DEFINING_KEYS = ['protocolVersion', 'supportedInterfaces'];
/** Keys that make it a card together with `skills`. */
const COMPANION_KEYS = [
  'url',
  'capabilities',
  'defaultInputModes',
  'defaultOutputModes',
  'preferredTransport',
];

/** Whether `path` with `text` looks like an A2A AgentCard. Cheap (one pass, no allocation per value). */
export function isA2aCard(path: string, text: string): boolean {
  if (!/\.json$/i.test(path)) return false;
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'tsagent.json') return false;
  const keys = topLevelKeys(text);
  if (keys === undefined || keys.has('messages')) return false;
  if (DEFINING_KEYS.some((k) => keys.has(k))) return true;
  return keys.has('skills') && COMPANION_KEYS.some((k) => keys.has(k));
}

/**
 * The keys of the top-level object of a JSON-like text, or undefined when the text does not start with
 * `{`. Tolerant: it tracks only strings and nesting, so a broken card is still recognised by its keys.
 */
export function topLevelKeys(text: string): Set<string> | undefined {
  let pos = 0;
  while (pos < text.length && /[\s\uFEFF]/.test(text[pos]!)) pos++;
  if (text[pos] !== '{') return undefined;
  const keys = new Set<string>();
  let depth = 0;
  let expectKey = false;
  for (; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 34 /* " */) {
      const start = pos + 1;
      pos = start;
      while (pos < text.length) {
        const d = text.charCodeAt(pos);
        if (d === 92 /* \ */) pos += 2;
        else if (d === 34) break;
        else pos++;
      }
      if (depth === 1 && expectKey) {
        keys.add(text.slice(start, Math.min(pos, text.length)));
        expectKey = false;
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      expectKey = depth === 1;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth <= 0) break;
    } else if (c === 44 /* , */ && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}
