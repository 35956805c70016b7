/**
 * The drafts a long-lived checker re-uses (`CardDrafts`): whatever the edit, a re-check answers as a fresh
 * check does.
 */
import { describe, expect, it } from 'vitest';
import { Checker, type CheckOptions } from '../../index.ts';

const card = (name: string | null, instruction: string) =>
  `---\ntype: agent\n${name === null ? '' : `name: ${name}\n`}---\n${instruction}\n`;

function expectSameAsFresh(steps: Array<Record<string, string>>, options: CheckOptions) {
  const checker = new Checker();
  for (const files of steps) {
    const cached = checker.check(files, options);
    const fresh = new Checker().check(files, options);
    expect(cached.diagnostics).toEqual(fresh.diagnostics);
    expect(cached.compiled).toEqual(fresh.compiled);
    expect(cached.cards).toEqual(fresh.cards);
  }
}

describe('a re-check of a bundle', () => {
  const a = card('alpha', 'First.');
  const b = card('beta', 'Second.');
  const c = card('gamma', 'Third.');

  it('re-uses cards in place, moved and shifted, and re-reads the edited one', () => {
    expectSameAsFresh(
      [
        { 'b.md': a + b + c },
        { 'b.md': a + card('beta', 'Second, longer.') + c }, // one card edited: the last one shifts
        { 'b.md': c + a + b }, // every card at another place
        { 'b.md': card('delta', 'New.') + c + a + b }, // a card inserted before the others
        { 'b.md': a + b + c },
      ],
      { profile: 'rfc' },
    );
  });

  it('finds encoding problems an edit brings in or takes out, before, inside or after the edit', () => {
    const steps = [
      { 'b.md': a + b + c },
      { 'b.md': a + card('beta', 'Sec\0ond.') + c }, // a NUL typed
      { 'b.md': a.replace('First', 'Fir\uD83Dst') + card('beta', 'Sec\0ond.') + c }, // an earlier lone high
      { 'b.md': a.replace('First', 'Fir\uD83D\uDE00st') + card('beta', 'Sec\0ond.') + c }, // paired
      { 'b.md': a.replace('First', 'Fir\uD83D\uDE00st') + b + c }, // the NUL gone
      { 'b.md': a + b + c },
    ];
    expectSameAsFresh(steps, { profile: 'rfc' });
    const checker = new Checker();
    const encoding = steps.map((files) =>
      checker
        .check(files, { profile: 'rfc' })
        .diagnostics.filter((d) => d.code === 'encoding')
        .map((d) => d.message.replace('The text holds ', '')),
    );
    expect(encoding).toEqual([
      [],
      ['a NUL byte'],
      ['an unpaired UTF-16 surrogate'],
      ['a NUL byte'],
      [],
      [],
    ]);
  });

  it("reads a card again when only its context changed (a bundle's first card left alone)", () => {
    const unnamed = card(null, 'No name.');
    const checker = new Checker();
    const codes = (files: Record<string, string>) =>
      checker.check(files, { profile: 'rfc' }).diagnostics.map((d) => d.code);
    // In a bundle a card needs a name; alone in its file it takes the file's.
    expect(codes({ 'solo.md': unnamed + b })).toContain('missing-name');
    expect(codes({ 'solo.md': unnamed })).not.toContain('missing-name');
    expect(checker.check({ 'solo.md': unnamed }, { profile: 'rfc' }).compiled[0]?.name).toBe(
      'solo',
    );
    expectSameAsFresh([{ 'solo.md': unnamed + b }, { 'solo.md': unnamed }], { profile: 'rfc' });
  });

  it('reads cards again under another profile', () => {
    const checker = new Checker();
    const files = { 'b.md': a + b };
    checker.check(files, { profile: 'rfc' });
    expect(checker.check(files, { profile: 'fast-agent' })).toEqual(
      new Checker().check(files, { profile: 'fast-agent' }),
    );
  });

  it('answers as a fresh check after its caches drop the versions typed over', () => {
    // A card of 300 KB: each version passes the drafts' and the YAML cache's limits for what is not in
    // use, so both drop what the last checks did not use, and a later step must still re-use (or
    // re-read) correctly: cards moved, an earlier version back.
    const big = (n: number) =>
      `---\ntype: agent\nname: big\ndescription: ${'long '.repeat(40_000)}${n}\n---\n${'Say it. '.repeat(12_000)}${n}\n`;
    const steps: Array<Record<string, string>> = [];
    for (let n = 0; n < 9; n++) steps.push({ 'b.md': a + big(n) + b });
    steps.push({ 'b.md': b + big(8) + a }, { 'b.md': a + big(0) + b });
    expectSameAsFresh(steps, { profile: 'rfc' });
    expectSameAsFresh(
      steps.map((files) => ({ 'one.md': files['b.md']!.slice(a.length) })),
      { profile: 'fast-agent' },
    );
  });
});
