/**
 * The canonical compiled form of an A2A card. An A2A card describes a remote agent, so it compiles as
 * fast-agent's `type: a2a` AgentCard would: `config` with the name and description (no instruction, no
 * servers), `type: "a2a"` and the `url` beside it. Everything else of the card is kept in extras: the
 * skills (in the same `{id, name, description, tags, examples}` shape as TsAgent's) and the card itself.
 */
import {
  compileCard,
  type AgentData,
  type AgentSource,
  type Json,
} from '../../model/agent-data.ts';

/** The compiled agent: its name, canonical data and extras. */
export interface CompiledA2a {
  name: string;
  data: AgentData;
  extras: { [key: string]: Json };
}

/**
 * Compiles the card value `card` (plain JSON of a checked card; any property may be missing or of the
 * wrong kind) of file `path`. The name is the card's `name` with spaces as `_` (as fast-agent names
 * cards), else the file name without extension.
 */
export function compileA2a(card: { [key: string]: Json }, path: string): CompiledA2a {
  const displayName = typeof card['name'] === 'string' ? card['name'].trim() : '';
  const fileName = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/i, '');
  const name = (displayName || fileName || 'a2a_agent').replace(/\s/g, '_');
  const fields: Record<string, unknown> = { name };
  if (typeof card['description'] === 'string' && card['description'].trim() !== '')
    fields['description'] = card['description'];
  if (typeof card['url'] === 'string') fields['url'] = card['url'];
  const draft: AgentSource = { type: 'a2a', fields, instruction: null };
  const data = compileCard(draft, name, { names: [], inlineTools: {}, configs: {} }, []);
  const { skills, ...rest } = card;
  const extras: { [key: string]: Json } = { a2a: rest };
  if (Array.isArray(skills)) extras['skills'] = skills.map(skillView);
  return { name, data, extras };
}

/** A skill as `{id, name, description, tags, examples}` (only the properties of the right kind). */
function skillView(skill: Json): Json {
  if (typeof skill !== 'object' || skill === null || Array.isArray(skill)) return {};
  const out: { [key: string]: Json } = {};
  for (const key of ['id', 'name', 'description'])
    if (typeof skill[key] === 'string') out[key] = skill[key];
  for (const key of ['tags', 'examples', 'inputModes', 'outputModes']) {
    const list = skill[key];
    if (Array.isArray(list)) out[key] = list.filter((x): x is string => typeof x === 'string');
  }
  return out;
}
