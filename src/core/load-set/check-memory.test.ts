/**
 * A long-lived checker (the playground's, re-checking on every keystroke) keeps memory in proportion to
 * the load-set, not to the number of edits: its caches must not hold on to the texts of earlier versions.
 * The heap is measured after a full garbage collection. The caches may keep some recent versions of an
 * edited card (the drafts' cache up to 256,000 characters of card text beyond the cards in place, the YAML
 * cache 128,000 beyond the slices in use), so the bound is a fixed 8 MB: keeping the texts of earlier versions (through a slice of the
 * file's text, or a closure that holds a whole check) added 14 MB or more over these 60 keystrokes.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../model/agent-types.ts';
import { Checker } from './check-load-set.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A Markdown bundle of `count` cards with servers and a few paragraphs each (about 1.2 KB a card). */
function bundle(count: number): string {
  const paragraph = 'Answer in short sentences and name the source of every fact you give. '.repeat(
    5,
  );
  let text = '';
  for (let i = 0; i < count; i++)
    text +=
      `---\ntype: agent\nname: card_${i}\ndescription: Summarises the reports of week ${i} for the team\n` +
      `model: haiku\nservers: [fetch, filesystem]\n---\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n\n`;
  return text;
}

/** A fresh flat copy of `text` with `insert` at `at`, as an editor's new document text is. */
function typed(text: string, at: number, insert: string): string {
  return Buffer.from(text.slice(0, at) + insert + text.slice(at)).toString();
}

/** Heap growth over `keys` keystrokes at `at` (moving on as text is typed), after a warm-up. */
function growth(start: string, at: number, profile: Profile, keys = 60): number {
  const checker = new Checker();
  let text = start;
  const type = (i: number) => {
    text = typed(text, at + i, i % 2 ? 'x' : 'y');
    checker.check({ 'bundle.md': text }, { profile });
  };
  for (let i = 0; i < 5; i++) type(i);
  const before = heapAfterGc();
  for (let i = 5; i < 5 + keys; i++) type(i);
  return heapAfterGc() - before;
}

describe("a re-checking checker's memory", () => {
  const text = bundle(200);
  const middle = text.indexOf('---\ntype: agent\nname: card_100\n');
  const prose = text.indexOf('Answer', middle) + 10;
  const name = text.indexOf('card_100', middle) + 4;

  it.each([
    ['prose of a card, rfc profile', prose, 'rfc'],
    ['prose of a card, fast-agent profile (the whole bundle is one card)', prose, 'fast-agent'],
    ['frontmatter of a card', name, 'rfc'],
  ] as const)('stays flat while typing into the %s', (_what, at, profile) => {
    expect(text.length).toBeGreaterThan(220_000);
    expect(growth(text, at, profile)).toBeLessThan(8_000_000);
  });
});
