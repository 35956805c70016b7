import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import type { Profile } from './agent-types.ts';
import { defaultAgentData, nonDefaultData } from './non-default.ts';

/** The compiled data of the one card in `text` (a Markdown card file). */
function compiled(text: string, profile: Profile = 'rfc') {
  const result = checkLoadSet({ 'a.md': text }, { profile });
  const agent = result.compiled[0]!;
  return { agent, shown: nonDefaultData(agent.data, agent.type, profile) };
}

describe('nonDefaultData', () => {
  it("takes each call's own type, name and profile, though it keeps the last defaults between calls", () => {
    // In the fast-agent profile a card without an instruction gets fast-agent's default one, which
    // is then a default (hidden); under rfc it is null. A stale cache would mix the two.
    const card = '---\ntype: agent\nname: a\n---\n';
    const fast = compiled(card, 'fast-agent');
    const rfc = compiled(card, 'rfc');
    expect(fast.shown).toEqual({ config: { name: 'a' }, type: 'basic' });
    expect(rfc.shown).toEqual({ config: { name: 'a' }, type: 'basic' });
    expect(nonDefaultData(fast.agent.data, fast.agent.type, 'rfc')['config']).toHaveProperty(
      'instruction',
    );
    expect(nonDefaultData(fast.agent.data, fast.agent.type, 'fast-agent')['config']).toEqual({
      name: 'a',
    });
    // Another name, then back: the name is never taken for a default.
    expect(compiled('---\ntype: agent\nname: b\nmodel: haiku\n---\n').shown['config']).toEqual({
      name: 'b',
      model: 'haiku',
    });
    expect(compiled(card).shown['config']).toEqual({ name: 'a' });
  });

  it('keeps only the name and type of a card that sets nothing', () => {
    const { shown } = compiled('---\ntype: agent\nname: plain\n---\n');
    expect(shown).toEqual({ config: { name: 'plain' }, type: 'basic' });
  });

  it('hides a field set to its default and shows one set to another value', () => {
    const same = compiled('---\ntype: agent\nname: a\nhuman_input: false\nshell: false\n---\n');
    expect(same.agent.data['config']).toMatchObject({ human_input: false, shell: false });
    expect(same.shown['config']).toEqual({ name: 'a' });
    const other = compiled('---\ntype: agent\nname: a\nhuman_input: true\nmodel: haiku\n---\n');
    expect(other.shown['config']).toEqual({ name: 'a', human_input: true, model: 'haiku' });
  });

  it('keeps the instruction and only the differing keys of nested objects', () => {
    const { shown } = compiled('---\ntype: agent\nname: a\n---\nWrite posts.\n');
    expect(shown['config']).toEqual({
      name: 'a',
      instruction: 'Write posts.',
      default_request_params: { systemPrompt: 'Write posts.' },
    });
  });

  it("compares with the card's own type: a router's use_history default is false", () => {
    const router = compiled('---\ntype: router\nname: r\nagents: [a]\nuse_history: true\n---\n');
    expect(router.shown['config']).toMatchObject({ use_history: true });
    expect(router.shown['router_agents']).toEqual(['a']);
    const chain = compiled('---\ntype: chain\nname: c\nsequence: [a]\ncumulative: true\n---\n');
    expect(chain.shown).toEqual({
      config: { name: 'c' },
      type: 'chain',
      sequence: ['a'],
      cumulative: true,
    });
  });

  it("treats fast-agent's built-in instruction as the default in the fast-agent profile", () => {
    const { agent, shown } = compiled('---\ntype: agent\nname: a\n---\n', 'fast-agent');
    expect(agent.data['config']).toHaveProperty('instruction', expect.stringContaining('helpful'));
    expect(shown).toEqual({ config: { name: 'a' }, type: 'basic' });
  });

  it('shows every key not in the defaults, and "show all" is the data itself', () => {
    const { agent, shown } = compiled(
      '---\ntype: agent\nname: a\nmessages: h.md\n---\n',
      'fast-agent',
    );
    expect(shown['message_files']).toEqual(agent.data['message_files']);
    // Nothing of the data is lost: every key of the full data is either shown or equal to its default.
    const defaults = defaultAgentData('agent', 'a', 'fast-agent');
    for (const key of Object.keys(agent.data))
      expect(
        key in shown || JSON.stringify(agent.data[key]) === JSON.stringify(defaults[key]),
      ).toBe(true);
  });

  it('keeps a key named __proto__ as plain data', () => {
    const data = JSON.parse('{"config":{"name":"a","tools":{"__proto__":["x"]}},"type":"basic"}');
    const shown = nonDefaultData(data, 'agent', 'rfc');
    expect(Object.keys(shown['config'] as object)).toEqual(['name', 'tools']);
    expect(Object.getPrototypeOf((shown['config'] as Record<string, object>)['tools'])).toBe(
      Object.prototype,
    );
  });
});
