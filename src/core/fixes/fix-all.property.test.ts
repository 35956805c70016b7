/**
 * The property behind `check --fix`: on cards made by breaking valid ones the way people do (typos in
 * keys, types and agent names, tab indentation, quoted booleans and integers), applying every safe fix
 * never adds an error, and a second run has nothing left to apply.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.ts';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { fixAll } from './fix-all.ts';

/** Valid load-sets to break (each checks without error). */
const BASES: Array<Record<string, string>> = [
  {
    'writer.yaml':
      'type: agent\nname: writer\nmodel: gpt\nhuman_input: true\nschema_version: 1\nrequest_params:\n  max_tokens: 300\ninstruction: Write.\n',
    'editor.md': '---\ntype: agent\nname: editor\nuse_history: false\n---\nEdit the draft.\n',
    'flow.yaml': 'type: chain\nname: flow\nsequence:\n  - writer\n  - editor\n',
  },
  {
    'team.md':
      '---\ntype: agent\nname: lead\nhuman_input: false\n---\nLead.\n---\ntype: agent\nname: helper\nmodel: gpt\n---\nHelp.\n',
    'route.yaml': 'type: router\nname: route\nagents: [lead, helper]\ninstruction: Route.\n',
  },
];

/** One way to break a text: where it applies (regex matches) and what a match becomes. */
interface Mutation {
  pattern: RegExp;
  /** The new text of the match; `n` picks among variants. */
  apply(match: RegExpExecArray, n: number): string;
}

/** A typo in `word`: a letter dropped, doubled or swapped with the next, by `n`. */
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

const MUTATIONS: Mutation[] = [
  // A misspelt key.
  { pattern: /^( *)([a-z_]{3,}):/gm, apply: (m, n) => `${m[1]}${typo(m[2]!, n)}:` },
  // A misspelt card type.
  { pattern: /^type: ([a-z_]+)$/gm, apply: (m, n) => `type: ${typo(m[1]!, n)}` },
  // A misspelt agent name in a workflow list.
  {
    pattern: /(- |\[|, )(writer|editor|lead|helper)\b/g,
    apply: (m, n) => `${m[1]}${typo(m[2]!, n)}`,
  },
  // Tabs for the indentation of a nested line (one tab for each two spaces: a mix of tabs and spaces
  // has no safe fix, and the fix turning one tab into two spaces would not restore it).
  { pattern: /^( +)(?=\S)/gm, apply: (m) => '\t'.repeat(Math.ceil(m[1]!.length / 2)) },
  // A boolean or integer written as a string.
  {
    pattern: /: (true|false|[0-9]+)$/gm,
    apply: (m, n) => {
      const q = n % 2 === 0 ? '"' : "'";
      const word = n % 3 === 0 ? m[1]!.toUpperCase() : m[1]!;
      return `: ${q}${word}${q}`;
    },
  },
];

/** `text` with the `pick`-th match of `mutation` replaced (unchanged when it has no match). */
function mutate(text: string, mutation: Mutation, pick: number, n: number): string {
  const matches = [...text.matchAll(mutation.pattern)] as RegExpExecArray[];
  if (matches.length === 0) return text;
  const m = matches[pick % matches.length]!;
  return text.slice(0, m.index) + mutation.apply(m, n) + text.slice(m.index + m[0].length);
}

const step = fc.record({
  file: fc.nat(),
  kind: fc.nat({ max: MUTATIONS.length - 1 }),
  pick: fc.nat(),
  n: fc.nat({ max: 60 }),
});

const broken = fc
  .record({
    base: fc.nat({ max: BASES.length - 1 }),
    steps: fc.array(step, { minLength: 1, maxLength: 4 }),
  })
  .map(({ base, steps }) => {
    const files = { ...BASES[base]! };
    const names = Object.keys(files);
    for (const s of steps) {
      const name = names[s.file % names.length]!;
      files[name] = mutate(files[name]!, MUTATIONS[s.kind]!, s.pick, s.n);
    }
    return files;
  });

/**
 * How many errors of each code `diagnostics` hold, leaving out the keys' errors (`HIDDEN_BEHIND`) of the
 * files in `unreadable`.
 */
function errorCounts(
  diagnostics: readonly Diagnostic[],
  unreadable: ReadonlySet<string> = new Set(),
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of diagnostics)
    if (d.severity === 'error' && !(unreadable.has(d.file) && HIDDEN_BEHIND.has(d.code)))
      counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return counts;
}

/** Codes a fix may reveal (checked only once another error is gone); see the property. */
const REVEALED = new Set(['unknown-agent-ref', 'unknown-type']);
/** Errors that keep a file's keys from being checked: its YAML does not parse, or its type is unknown. */
const UNREADABLE = new Set(['yaml-syntax', 'unknown-type']);
/** Key errors a file shows only once it is readable. */
const HIDDEN_BEHIND = new Set(['unknown-field']);

/** The files with an error in `UNREADABLE`. */
function unreadableFiles(diagnostics: readonly Diagnostic[]): Set<string> {
  return new Set(diagnostics.filter((d) => UNREADABLE.has(d.code)).map((d) => d.file));
}

/** The errors of `counts` whose codes are not in REVEALED. */
const total = (counts: Map<string, number>) =>
  [...counts].reduce((sum, [code, n]) => (REVEALED.has(code) ? sum : sum + n), 0);

describe('fixAll on broken cards', () => {
  it('the bases check without error', () => {
    for (const files of BASES)
      expect(errorCounts(checkLoadSet(files).diagnostics)).toEqual(new Map());
  });

  it('never adds an error, and a second run applies nothing', () => {
    fc.assert(
      fc.property(broken, (files) => {
        const checked = checkLoadSet(files).diagnostics;
        const unreadable = unreadableFiles(checked);
        const before = errorCounts(checked, unreadable);
        const fixed = fixAll(files);
        const after = errorCounts(fixed.result.diagnostics, unreadable);
        // A card that a fix makes readable (its YAML parses, its `type` key is spelt right) gets its type,
        // references and keys checked for the first time, so an error hidden behind the fixed one shows up
        // then (one fixed `type: hain` can reveal two misspelt agents, or a key `me: flow` misspelt past
        // recognition, which have no safe fix): those codes, and the unknown keys of the files that were
        // unreadable, are left out of the comparison; every other count, and their total, never grow.
        for (const [code, count] of after)
          if (!REVEALED.has(code)) expect(count, code).toBeLessThanOrEqual(before.get(code) ?? 0);
        expect(total(after)).toBeLessThanOrEqual(total(before));
        expect(fixAll(fixed.files).applied).toEqual([]);
      }),
      {
        numRuns: 150,
        examples: [
          // Found by a run: the fixed type reveals a key misspelt past recognition.
          [
            {
              ...BASES[0]!,
              'flow.yaml': 'type: hain\nme: flow\nsequence:\n  - writer\n  - editor\n',
            },
          ],
        ],
      },
    );
  });
});
