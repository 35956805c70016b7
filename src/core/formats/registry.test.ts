import { describe, expect, it } from 'vitest';
import { defaultAgentConfig } from '../model/agent-data.ts';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { CONVERSION_TARGETS, FORMAT_IDS, FORMAT_LABELS } from './format-module.ts';
import { FORMATS } from './registry.ts';

describe('the format registry', () => {
  it('lists every format id once, AgentCard last (the fallback for card files)', () => {
    expect(FORMATS.map((f) => f.id).sort()).toEqual([...FORMAT_IDS].sort());
    expect(FORMATS.at(-1)!.id).toBe('agentcard');
  });

  it('gives each module the label the UI shows for it', () => {
    for (const format of FORMATS) expect(format.label, format.id).toBe(FORMAT_LABELS[format.id]);
  });

  it('names as conversion targets exactly the formats that can be written', () => {
    expect(
      FORMATS.filter((f) => f.emit !== undefined)
        .map((f) => f.id)
        .sort(),
    ).toEqual([...CONVERSION_TARGETS].sort());
  });

  it('reads every format except AgentCard through its module', () => {
    for (const format of FORMATS)
      expect(format.analyze !== undefined, format.id).toBe(format.id !== 'agentcard');
  });
});

describe('defaultAgentConfig', () => {
  it('is what a plain agent card without fields or body compiles to', () => {
    const card = checkLoadSet({ 'plain.md': '---\ntype: agent\n---\n' }).compiled[0]!;
    expect(card.data['config']).toEqual(defaultAgentConfig('plain'));
  });
});
