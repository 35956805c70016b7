/**
 * What `check --fix` and "Fix all safe problems" promise, as a property over the golden corpus and (when
 * present) the shared sample cards, broken the ways people and attackers do: misspelt keys, tabs, inline
 * history, extra bundle cards, inline server config, hostile names and `messages:` paths. After `fixAll`:
 * no card is lost, no file is created outside the root or in a dot-folder (or under a name some system
 * cannot hold), a second run changes nothing, and the errors reported are those of a fresh check.
 */
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkLoadSet,
  fileTargetProblem,
  fixAll,
  type CheckResult,
  type Profile,
} from '../../src/core/index.ts';
import { lostCards } from '../../src/core/fixes/kept-cards.ts';
import { goldenCases } from '../golden/golden-corpus.ts';
import { loadSampleSeeds } from './seeds.ts';

type Files = Record<string, string>;

/** One load-set to break, with the profile it is read under. */
interface Base {
  name: string;
  profile: Profile;
  files: Files;
}

const CARD_FILE = /\.(md|markdown|ya?ml)$/i;
const isCard = (path: string, text: string) =>
  CARD_FILE.test(path) &&
  !/fastagent\.(config|secrets)\.yaml$/.test(path) &&
  !/^\uFEFF?\s*---(USER|ASSISTANT|SYSTEM|RESOURCE)\b/.test(text);

const PROFILES: readonly Profile[] = ['rfc', 'fast-agent'];
const GOLDEN: Base[] = PROFILES.flatMap((profile) =>
  goldenCases(profile)
    .filter((c) => Object.entries(c.files).some(([p, t]) => isCard(p, t)))
    .map((c) => ({ name: `golden/${profile}/${c.name}`, profile, files: c.files })),
);
const SAMPLES = loadSampleSeeds();
if (!SAMPLES)
  console.log('skipped: fixAll on the shared samples (../shared/samples is not here); golden only');
const SAMPLE_BASES: Base[] = (SAMPLES ?? [])
  .filter((s) => s.role === 'md-card' || s.role === 'yaml-card')
  .flatMap((s) =>
    PROFILES.map((profile) => ({
      name: `${s.name} (${profile})`,
      profile,
      files: { [s.role === 'md-card' ? 'card.md' : 'card.yaml']: s.text },
    })),
  );
const BASES = [...GOLDEN, ...SAMPLE_BASES];

/** A misspelling of `word`: a letter dropped, doubled or swapped with the next, by `n`. */
function typo(word: string, n: number): string {
  if (word.length < 2) return word;
  const i = n % (word.length - 1);
  switch (Math.floor(n / word.length) % 3) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i + 1) + word.slice(i);
    default:
      return word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
  }
}

const HOSTILE_NAMES = [
  'con',
  'NUL',
  'a/../../up',
  '.git',
  'x\\0y',
  'a?*|b',
  'bell\\a',
  'é'.repeat(200),
  '__proto__',
];
const HOSTILE_PATHS = [
  '.git/index.lock',
  '../../outside.md',
  'con.md',
  'a\\0b.md',
  'sub/.ssh/keys.json',
  '/etc/passwd',
  'q?.json',
];

/** Where a new top-level YAML line can go in a card file: after the opening `---` or at the start. */
function yamlStart(path: string, text: string): number {
  if (/\.ya?ml$/i.test(path)) return 0;
  const open = /^\uFEFF?---\r?\n/.exec(text);
  return open ? open[0].length : -1;
}

/** One way to break a card file's text (`n` picks among variants); unchanged when it does not apply. */
type Mutation = (path: string, text: string, n: number) => string;

const MUTATIONS: Mutation[] = [
  // A misspelt key.
  (_p, text, n) => {
    const keys = [...text.matchAll(/^( *)([a-z_]{3,}):/gm)];
    const m = keys[n % Math.max(1, keys.length)];
    return m
      ? text.slice(0, m.index) + `${m[1]}${typo(m[2]!, n)}:` + text.slice(m.index + m[0].length)
      : text;
  },
  // Tabs for the indentation of nested lines.
  (_p, text) => text.replace(/^( +)(?=\S)/m, (s) => '\t'.repeat(Math.ceil(s.length / 2))),
  // Inline history blocks at the end of a Markdown card.
  (p, text, n) =>
    /\.md$/i.test(p)
      ? `${text.replace(/\n*$/, '\n')}---USER\nask ${n}\n---ASSISTANT\nanswer ${n}\n`
      : text,
  // One more card in the bundle (Markdown or a YAML stream), with or without a name.
  (p, text, n) => {
    const name = n % 4 === 0 ? '' : `name: extra_${n}\n`;
    return /\.ya?ml$/i.test(p)
      ? `${text.replace(/\n*$/, '\n')}---\ntype: agent\n${name}instruction: Extra.\n`
      : `${text.replace(/\n*$/, '\n')}\n---\ntype: agent\n${name}---\nExtra ${n}.\n`;
  },
  // Inline server config.
  (p, text, n) => {
    const at = yamlStart(p, text);
    if (at < 0) return text;
    const server = `servers:\n  - web${n % 3}:\n      url: https://x.test/${n}\n      tools: [a]\n`;
    return text.slice(0, at) + server + text.slice(at);
  },
  // A hostile name.
  (_p, text, n) =>
    text.replace(/^name:.*$/m, `name: "${HOSTILE_NAMES[n % HOSTILE_NAMES.length]!}"`),
  // A hostile `messages:` path.
  (p, text, n) => {
    const at = yamlStart(p, text);
    if (at < 0 || /^messages:/m.test(text)) return text;
    const path = HOSTILE_PATHS[n % HOSTILE_PATHS.length]!;
    return `${text.slice(0, at)}messages: "${path}"\n${text.slice(at)}`;
  },
];

const broken = fc
  .record({
    base: fc.nat({ max: BASES.length - 1 }),
    unsafe: fc.boolean(),
    portability: fc.boolean(),
    steps: fc.array(
      fc.record({
        file: fc.nat(),
        kind: fc.nat({ max: MUTATIONS.length - 1 }),
        n: fc.nat({ max: 400 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ base, unsafe, portability, steps }) => {
    const b = BASES[base]!;
    const files = { ...b.files };
    const cards = Object.keys(files).filter((p) => isCard(p, files[p]!));
    for (const s of steps) {
      const path = cards[s.file % cards.length]!;
      files[path] = MUTATIONS[s.kind]!(path, files[path]!, s.n);
    }
    return { name: b.name, profile: b.profile, files, unsafe, portability };
  });

/** Every card of a check, as `lostCards` reads them. */
const cardKeys = (result: CheckResult) =>
  result.cards.map(({ file, index, name }) => ({ file, index, name }));
/** The errors of a check, as a reader compares them: file, line, column, code. */
const errorsOf = (result: CheckResult) =>
  result.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`);

const counts = { runs: 0, applied: 0, rejected: 0, created: 0, withErrors: 0 };
afterAll(() => {
  console.log(
    `fixAll guarantees: ${BASES.length} bases (${GOLDEN.length} golden, ${SAMPLE_BASES.length} samples), ` +
      `${counts.runs} runs, ${counts.applied} fixes applied, ${counts.rejected} rejected for losing a card, ` +
      `${counts.created} files created, ${counts.withErrors} runs left with errors`,
  );
});

describe('fixAll on broken corpus cards', () => {
  it('has bases to break', () => {
    expect(GOLDEN.length).toBeGreaterThan(10);
  });

  it('loses no card, creates no file it may not, reaches a fixed point and reports a fresh check', () => {
    fc.assert(
      fc.property(broken, ({ files, profile, unsafe, portability }) => {
        const options = { unsafe, portability };
        const fixed = fixAll(files, { profile }, options);
        counts.runs++;
        counts.applied += fixed.applied.length;
        counts.rejected += fixed.rejected.length;
        counts.created += fixed.created.length;
        // No card lost, in the profile's reading and in the RFC's (which sees every card of a bundle).
        for (const reading of [profile, 'rfc'] as const) {
          const before = checkLoadSet(files, { profile: reading });
          const after = checkLoadSet(fixed.files, { profile: reading });
          // A card without a name can be named in one round and moved to a file of its own in the next
          // (each round keeps it, which fixAll checks); from outside, only its count is comparable.
          const named = cardKeys(before).filter((c) => c.name !== null);
          expect(lostCards(named, cardKeys(after)), reading).toEqual([]);
          expect(after.cards.length, reading).toBeGreaterThanOrEqual(before.cards.length);
        }
        // Every created file is one a fix may create: below the root, no dot-folder, a valid name.
        for (const file of fixed.created)
          expect(fileTargetProblem(file), JSON.stringify(file)).toBeUndefined();
        // The report is a fresh check's.
        const fresh = checkLoadSet(fixed.files, { profile });
        expect(errorsOf(fixed.result)).toEqual(errorsOf(fresh));
        if (errorsOf(fresh).length > 0) counts.withErrors++;
        // A second run changes nothing.
        const again = fixAll(fixed.files, { profile }, options);
        expect(again.applied.map((f) => f.title)).toEqual([]);
        expect(again.files).toEqual(fixed.files);
      }),
      { numRuns: 20 },
    );
    // Two fixAll runs and five checks per input: a few seconds alone, more on a busy machine.
  }, 90_000);
});
