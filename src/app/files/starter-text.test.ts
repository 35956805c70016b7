import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../core/index.ts';
import { starterText } from './starter-text.ts';

describe('starterText', () => {
  it('starts history, configuration, JSON and other non-card files empty', () => {
    for (const path of [
      'fastagent.config.yaml',
      'agents/FastAgent.Secrets.yaml',
      'chat.history.md',
      'chat.history.json',
      'card.json',
      'tsagent.json',
      'prompt.mdt',
      'tools.py',
    ])
      expect(starterText(path)).toBe('');
  });

  it('starts each card file with a card that checks clean, named after its file', () => {
    const files = {
      'one.md': starterText('one.md'),
      'two.MARKDOWN': starterText('two.MARKDOWN'),
      'three.yaml': starterText('three.yaml'),
      'four.yml': starterText('four.yml'),
      'five.afm.md': starterText('five.afm.md'),
    };
    const result = checkLoadSet(files, {});
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const cards = result.cards.map((c) => [c.file, c.name, c.format, c.ok]);
    expect(cards.sort()).toEqual([
      ['five.afm.md', 'five', 'afm', true],
      ['four.yml', 'four', 'agentcard', true],
      ['one.md', 'one', 'agentcard', true],
      ['three.yaml', 'three', 'agentcard', true],
      ['two.MARKDOWN', 'two', 'agentcard', true],
    ]);
  });
});
