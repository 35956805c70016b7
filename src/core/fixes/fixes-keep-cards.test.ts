import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import type { CheckResult } from '../load-set/check-result.ts';
import type { Profile } from '../model/agent-types.ts';
import { fixAll, proposedFixes } from './fix-all.ts';
import type { Fix } from './fix.ts';
import { lostCards } from './kept-cards.ts';

type Files = Record<string, string>;

/** A Markdown bundle of three cards whose first card has inline history blocks. */
const BUNDLE = `---
type: agent
name: first
---
Be first.
---USER
hi
---ASSISTANT
hello

---
type: agent
name: second
---
Second.

---
type: agent
name: third
instruction: From the attribute.
---
Third.
`;

const cardNames = (result: CheckResult) => result.cards.map((c) => c.name).sort();
const fixTitles = (files: Files, profile: Profile) =>
  checkLoadSet(files, { profile })
    .diagnostics.flatMap((d) => d.fixes ?? [])
    .map((f) => f.title);

describe('fixes never move card text', () => {
  it('offers no history move that would carry the next cards (fast-agent reads the bundle as one card)', () => {
    const titles = fixTitles({ 'bundle.md': BUNDLE }, 'fast-agent');
    expect(titles.some((t) => t.startsWith('Move the inline history'))).toBe(false);
    // The split takes its place, so "Fix all" under the fast-agent profile has a fix to start from.
    const history = checkLoadSet(
      { 'bundle.md': BUNDLE },
      { profile: 'fast-agent' },
    ).diagnostics.filter((d) => d.code === 'inline-history');
    expect(history.map((d) => d.fixes?.[0]?.title.slice(0, 27))).toEqual([
      'Split this Markdown bundle ',
      'Split this Markdown bundle ',
    ]);
  });

  it('offers no join of `instruction:` and a body that holds other cards', () => {
    const text = `---\ntype: agent\nname: one\ninstruction: Attr.\n---\nBody.\n\n---\ntype: agent\nname: two\n---\nTwo.\n`;
    const titles = fixTitles({ 'b.md': text }, 'fast-agent');
    expect(titles.some((t) => t.startsWith('Join'))).toBe(false);
  });

  for (const profile of ['fast-agent', 'rfc'] as const)
    it(`fixAll (${profile}, portability) keeps every card of the bundle and moves only the history`, () => {
      const fixed = fixAll({ 'bundle.md': BUNDLE }, { profile }, { portability: true });
      const rfc = checkLoadSet(fixed.files, { profile: 'rfc' });
      expect(cardNames(rfc)).toEqual(['first', 'second', 'third']);
      expect(cardNames(fixed.result)).toEqual(['first', 'second', 'third']);
      expect(fixed.files['first.history.md']).toBe('---USER\nhi\n\n---ASSISTANT\nhello\n');
      expect(rfc.compiled.find((a) => a.name === 'first')!.history).toEqual([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]);
      expect(fixed.rejected).toEqual([]);
    });
});

describe('fixAll keeps every card', () => {
  const TEAM: Files = {
    'team.md':
      '---\ntype: agent\nname: lead\n---\nLead.\n\n---\ntype: agent\nname: helper\n---\nHelp.\n',
    'a.yaml': 'type: agent\nname: a\nmodle: gpt\n',
  };
  /** A fix that cuts the bundle down to its first card (what the history move used to do). */
  const cut: Fix = {
    title: 'Cut the bundle',
    safe: true,
    edits: [
      {
        file: 'team.md',
        from: TEAM['team.md']!.indexOf('\n---\ntype: agent\nname: helper'),
        to: TEAM['team.md']!.length,
        insert: '\n',
      },
    ],
  };

  it('drops a fix that loses a card, reports it with the cards it would lose, and applies the others', () => {
    const fixed = fixAll(
      TEAM,
      {},
      {
        propose: (result) => [cut, ...proposedFixes(result.diagnostics, {})],
      },
    );
    expect(fixed.files['team.md']).toBe(TEAM['team.md']);
    expect(fixed.files['a.yaml']).toBe('type: agent\nname: a\nmodel: gpt\n');
    expect(fixed.rejected).toEqual([{ fix: cut, lost: ['helper (team.md)'] }]);
    expect(fixed.applied.map((f) => f.title)).toEqual(["Change to 'model'"]);
  });

  it('takes a rename of the card it fixes as the same card (its file and place are the same)', () => {
    const files = { 'a.yaml': 'type: agent\nnmae: b\nmodel: gpt\n' };
    const fixed = fixAll(files);
    expect(fixed.files['a.yaml']).toBe('type: agent\nname: b\nmodel: gpt\n');
    expect(fixed.rejected).toEqual([]);
  });
});

describe('fixAll and files outside the card list', () => {
  it('checks a file a round creates as part of the load-set when the cards are listed', () => {
    const text =
      '---\ntype: agent\nname: one\n---\nOne.\n\n---\ntype: agent\nname: two\nmodle: x\n---\nTwo.\n';
    const fixed = fixAll(
      { 'b.md': text },
      { profile: 'fast-agent', cards: ['b.md'] },
      { portability: true },
    );
    expect(fixed.files['two.md']).toBe('---\ntype: agent\nname: two\nmodel: x\n---\nTwo.\n');
    expect(fixed.created).toEqual(['two.md']);
    expect(cardNames(fixed.result)).toEqual(['one', 'two']);
  });

  it('edits a file it reads through readFile from its text, never from nothing', () => {
    const config = '# mine\nmcp:\n  servers:\n    old:\n      command: x\n';
    const card = 'type: agent\nname: a\nservers:\n  - web:\n      url: https://x.test/mcp\n';
    const fixed = fixAll(
      { 'a.yaml': card },
      {
        profile: 'fast-agent',
        cards: ['a.yaml'],
        readFile: (p) => (p === 'fastagent.config.yaml' ? config : undefined),
      },
      { portability: true, unsafe: true },
    );
    expect(fixed.files['fastagent.config.yaml']).toBe(
      `${config}    web:\n      url: https://x.test/mcp\n`,
    );
    expect(fixed.created).toEqual([]);
  });
});

describe('lostCards', () => {
  const card = (file: string, index: number, name: string | null) => ({ file, index, name });

  it('keeps a card without a name that moved to a file of its own', () => {
    const before = [card('b.md', 0, 'a'), card('b.md', 1, null)];
    expect(lostCards(before, [card('b.md', 0, 'a'), card('b-2.md', 0, 'b-2')])).toEqual([]);
  });

  it('loses a card without a name when no new file took it', () => {
    const before = [card('b.md', 0, 'a'), card('b.md', 1, null), card('c.md', 0, 'c')];
    expect(lostCards(before, [card('b.md', 0, 'a'), card('c.md', 0, 'c')])).toEqual([
      card('b.md', 1, null),
    ]);
  });

  it('loses one card when a bundle of three becomes two, whatever the names', () => {
    const before = [card('b.md', 0, 'a'), card('b.md', 1, 'b'), card('b.md', 2, 'c')];
    expect(lostCards(before, [card('b.md', 0, 'a'), card('b.md', 1, 'c')])).toEqual([
      card('b.md', 1, 'b'),
    ]);
  });
});

describe('fixAll with two fixes that lose a card only together', () => {
  it('applies the first and rejects the other, leaving the card whole', () => {
    const text =
      '---\ntype: agent\nname: one\n---\nOne.\n\n---\ntype: agent\nanme: two\n---\nTwo.\n';
    const fixed = fixAll({ 'b.md': text }, {}, { unsafe: true });
    // Together, `name: b_2` above `name: two` is a duplicate key: the card's YAML no longer parses and
    // its `---` block becomes text of the card above.
    expect(fixed.applied.map((f) => f.title)).toEqual(["Name the card 'b_2'"]);
    expect(fixed.rejected).toMatchObject([
      { fix: { title: "Change to 'name'" }, lost: ['card 2 (b.md)'] },
    ]);
    expect(cardNames(checkLoadSet(fixed.files))).toEqual(['b_2', 'one']);
  });
});
