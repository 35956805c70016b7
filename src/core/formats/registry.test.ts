import { describe, expect, it } from 'vitest';
import { defaultAgentConfig } from '../model/agent-data.ts';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { CONVERSION_TARGETS, FORMAT_IDS, FORMAT_LABELS } from './format-records.ts';
import { FORMATS, formatModule } from './registry.ts';

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

  it('reads AgentCard through its module too: its cards come back as drafts for the load-set passes', () => {
    const unit = {
      entry: 'team.md',
      files: {
        'team.md': '---\ntype: agent\nname: a\n---\nA.\n\n---\ntype: agent\nname: b\n---\nB.\n',
      },
    };
    const analysis = formatModule('agentcard').analyze(unit, { read: () => undefined, paths: [] });
    expect(analysis.agents).toEqual([]);
    expect(analysis.drafts!.map((d) => [d.name, d.instruction])).toEqual([
      ['a', 'A.'],
      ['b', 'B.'],
    ]);
    expect(analysis.diagnostics.every((d) => d.file === 'team.md')).toBe(true);
  });

  it("gives AgentCard a stateful analyzer that re-uses an unchanged card's draft", () => {
    const analyzer = formatModule('agentcard').analyzer!();
    const context = { read: () => undefined, paths: [] };
    const bundle = (b: string) => ({
      entry: 'team.md',
      files: {
        'team.md': `---\ntype: agent\nname: a\n---\nA.\n\n---\ntype: agent\nname: b\n---\n${b}\n`,
      },
    });
    const first = analyzer.analyze(bundle('B.'), context).drafts!;
    const second = analyzer.analyze(bundle('B, edited.'), context).drafts!;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.instruction).toBe('B, edited.');
  });

  it('leaves drafts to AgentCard: every other format compiles its agents in analyze', () => {
    const unit = { entry: 'x.md', files: { 'x.md': '' } };
    for (const format of FORMATS.filter((f) => f.id !== 'agentcard'))
      expect(format.analyze(unit, { read: () => undefined, paths: [] }).drafts, format.id).toBe(
        undefined,
      );
  });
});

describe('defaultAgentConfig', () => {
  it('is what a plain agent card without fields or body compiles to', () => {
    const card = checkLoadSet({ 'plain.md': '---\ntype: agent\n---\n' }).compiled[0]!;
    expect(card.data['config']).toEqual(defaultAgentConfig('plain'));
  });
});
