/**
 * What a compiled agent sets: its data without the values fast-agent would fill in anyway. The defaults
 * are not written here: they are what `compileCard` makes of a card of the same type that sets nothing.
 */
// eslint-disable-next-line no-restricted-imports -- AgentCard's default instruction: this compare moves into formats/agentcard/ with the rest of AgentCard's model code (issue 40).
import { FAST_AGENT_DEFAULT_INSTRUCTION } from '../formats/agentcard/load-instruction.ts';
import { compileCard, type AgentData, type Json } from './agent-data.ts';
import type { CardType, Profile } from './agent-types.ts';
import { getOwn, setOwn } from '../own-property.ts';

/**
 * The compiled data of a `type` card named `name` that sets nothing else: fast-agent's defaults for
 * that type (`compileCard` with no fields, servers or history). In the `fast-agent` profile the
 * instruction is fast-agent's built-in default, as `compileInstruction` gives a card without one.
 */
export function defaultAgentData(type: CardType, name: string, profile: Profile): AgentData {
  const instruction = profile === 'fast-agent' ? FAST_AGENT_DEFAULT_INSTRUCTION : null;
  return compileCard(
    { type, fields: {}, instruction },
    name,
    { names: [], inlineTools: {}, configs: {} },
    [],
  );
}

/**
 * The parts of `data` (an agent of `type`, compiled in `profile`) that differ from `defaultAgentData`:
 * a key whose value equals the default is left out; an object that has a default object keeps only
 * its differing keys (and is left out when none differ); arrays and other values are kept whole when
 * they differ. `type` and `config.name` are always kept (they say which agent this is). Pure.
 */
export function nonDefaultData(data: AgentData, type: CardType, profile: Profile): AgentData {
  const config = data['config'];
  const name = isObject(config) && typeof config['name'] === 'string' ? config['name'] : '';
  const defaults = lastDefaults(type, name, profile);
  const kept = (difference(data, defaults) ?? {}) as AgentData;
  const keptConfig = isObject(kept['config']) ? kept['config'] : {};
  const out: AgentData = {};
  if (isObject(config)) out['config'] = { name: config['name'] ?? null, ...keptConfig };
  if (data['type'] !== undefined) out['type'] = data['type'];
  for (const [key, value] of Object.entries(kept)) if (key !== 'config') setOwn(out, key, value);
  return out;
}

type JsonObject = { [key: string]: Json };

let cachedDefaults: { key: string; data: AgentData } | null = null;

/**
 * `defaultAgentData`, kept for the last type, name and profile asked: the Output panel asks again at
 * every keystroke for the same card. Its result is only read here, never changed.
 */
function lastDefaults(type: CardType, name: string, profile: Profile): AgentData {
  const key = JSON.stringify([type, name, profile]);
  if (cachedDefaults?.key !== key)
    cachedDefaults = { key, data: defaultAgentData(type, name, profile) };
  return cachedDefaults.data;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` without what equals `fallback` (undefined: nothing differs). */
function difference(value: Json, fallback: Json | undefined): Json | undefined {
  if (fallback === undefined) return value;
  if (isObject(value) && isObject(fallback)) {
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      const kept = difference(child, getOwn(fallback, key));
      if (kept !== undefined) setOwn(out, key, kept);
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return jsonEqual(value, fallback) ? undefined : value;
}

/** Structural equality of two JSON values (key order does not matter). */
function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]!));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(getOwn(a, key)!, getOwn(b, key)!));
}
