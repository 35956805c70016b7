import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { convertAgent } from './convert.ts';

const CARD = `---
type: agent
name: writer
description: Writes short posts.
---
Write a short post.
`;

describe('convertAgent', () => {
  const agent = checkLoadSet({ 'writer.md': CARD }).agents[0]!;

  it('names the converted agent and its file after options.name in every target', () => {
    const afm = convertAgent(agent, 'afm', { name: 'writer_afm' });
    expect(Object.keys(afm.files)).toEqual(['writer-afm.afm.md']);
    const a2a = convertAgent(agent, 'a2a', { name: 'writer_a2a', url: 'https://x.test/a2a' });
    expect(Object.keys(a2a.files)).toEqual(['writer-a2a.json']);
    expect(JSON.parse(a2a.files['writer-a2a.json']!).name).toBe('writer_a2a');
    const afmAgent = checkLoadSet(afm.files).agents[0]!;
    expect(afmAgent.name).toBe('writer_afm');
    const back = convertAgent(afmAgent, 'agentcard', { name: 'writer_again' });
    expect(checkLoadSet(back.files).agents.map((a) => a.name)).toEqual(['writer_again']);
  });

  it('keeps the agent’s own name without options.name, and leaves the compiled agent as it was', () => {
    const before = structuredClone(agent.data);
    convertAgent(agent, 'a2a', { name: 'other', url: 'https://x.test/a2a' });
    expect(agent.data).toEqual(before);
    const same = convertAgent(agent, 'afm');
    expect(checkLoadSet(same.files).agents.map((a) => a.name)).toEqual(['writer']);
  });
});
