import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Checker,
  checkLoadSet,
  FORMAT_IDS,
  OUTSIDE_ROOT,
  type CheckOptions,
  type ReadFileHook,
  type CheckResult,
  type DiagnosticCode,
  type Profile,
} from '../../src/core/index.ts';
import { findPartitionBreaks } from './card-partition.ts';
import { hangGuard } from '../setup/hang-guard.ts';
import { bundleCore, checkInWorker, removeCoreBundle } from './core-worker.ts';
import { countFromEnv, fuzzParameters, SEED, sometimes, throwOnFailure } from './fuzz-run.ts';
import { applyMutations, mutations } from './mutate.ts';
import { INLINE_SEEDS, loadSampleSeeds, type Seed } from './seeds.ts';
import { findMalformations } from './well-formed.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

// The core's promise: whatever the text, `checkLoadSet` returns well-formed, cloneable data and never
// throws or hangs. Inputs are mutations of real and hand-written cards plus hand-built pathological
// cases, drawn by fast-check. A run is reproducible from FUZZ_SEED; FUZZ_COUNT sets how many mutated
// inputs it tries; a failure shrinks and prints the FUZZ_PATH that replays it alone.

const COUNT = countFromEnv(process.env, 'FUZZ_COUNT', 10_000);
console.log(`core fuzz: FUZZ_SEED=${SEED} FUZZ_COUNT=${COUNT}`);

// Bundled now, while the sources match what this file imported (others may be editing src/core).
void bundleCore();
afterAll(removeCoreBundle);

const SAMPLES = loadSampleSeeds();
if (!SAMPLES)
  console.log(
    'skipped: sample-card fuzzing (../shared/samples/agentcard/cards is not here); fuzzing inline seeds only',
  );

/** Mutated inputs per part: a quarter on the inline seeds, the rest on the samples (all inline when absent). */
const INLINE_COUNT = SAMPLES ? Math.ceil(COUNT / 4) : COUNT;
const SAMPLE_COUNT = COUNT - INLINE_COUNT;
const PROFILES: readonly Profile[] = ['rfc', 'fast-agent'];
const FILE_NAMES = ['x.md', 'x.yaml', 'b.markdown', 'SKILL.md', 'x.txt'];
// Time-outs here are hang guards, generous enough for a loaded machine (a slow run is not a failure).
const PATHOLOGICAL_TIMEOUT = hangGuard(120_000);
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Running one check and recording what went wrong

/** One load-set check of a fuzz input. */
interface Trial {
  label: string;
  files: Record<string, string>;
  options: CheckOptions;
  /** The file that holds the mutated text. */
  mutated: string;
}

/** Runs a check; the outcome is the result or the exception, never a throw. */
function attempt(
  files: Record<string, string>,
  options: CheckOptions,
  checker?: Checker,
): { result?: CheckResult; error?: unknown } {
  try {
    return { result: checker ? checker.check(files, options) : checkLoadSet(files, options) };
  } catch (error) {
    return { error };
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message.split('\n')[0]}`;
  return `thrown ${typeof error}: ${String(error)}`;
}

const codesSeen = new Set<DiagnosticCode>();
let checksRun = 0;

/** Everything wrong with one trial: an exception, a malformed result, or (rfc) a broken split. */
function problemsOf(trial: Trial): string[] {
  checksRun++;
  const { result, error } = attempt(trial.files, trial.options);
  if (!result) return [`throws ${describeError(error)}`];
  for (const d of result.diagnostics) codesSeen.add(d.code);
  const problems = findMalformations(result, knownFiles(trial.files, trial.options));
  if (trial.options.profile === 'rfc') problems.push(...findPartitionBreaks(result, trial.files));
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Building load-sets around a mutated text

const HISTORY_MD = INLINE_SEEDS.find((s) => s.name === 'inline/history.md')!.text;
const HISTORY_JSON = INLINE_SEEDS.find((s) => s.name === 'inline/history.json')!.text;
const CONFIG = INLINE_SEEDS.find((s) => s.name === 'inline/fastagent.config.yaml')!.text;
const TOOLS_PY = 'def fn(x):\n    return x\n\nasync def other():\n    pass\n';
const REFERENCES =
  'messages: [history.md, history.json]\nfunction_tools: [tools.py:fn]\nservers: [fs, web, nowhere]\n';
const ENV = { HOME: '/home/x', VAR: 'value' };

/** Inserts reference fields after the first line, which lands them in a frontmatter when there is one. */
function withReferences(text: string): string {
  const end = text.indexOf('\n');
  return end === -1
    ? `${text}\n${REFERENCES}`
    : text.slice(0, end + 1) + REFERENCES + text.slice(end + 1);
}

/** Names a plain object inherits or treats specially, and paths that try to leave the load-set. */
const TRICK_NAMES = [
  ...PROTOTYPE_NAMES,
  'constructor.md',
  '__proto__.yaml',
  'toString/tsagent.json',
  'valueOf.afm.md',
  '__proto__.json',
  '../x.md',
  '/etc/passwd',
  'a/../../b.md',
];
/** The file the fuzz hook says is too large to read. */
const TOO_LARGE_PATH = 'agents/big.md';
const TRICKY_REFERENCES =
  'messages: [../x.md, /etc/passwd, a/../../b.md, big.md, constructor, __proto__]\nfunction_tools: [../tools.py:fn, /etc/passwd:fn, constructor:fn]\nservers: [constructor, __proto__, toString]\n';
/** How often the fuzzer used each kind of trick, reported after the run. */
const tricks = { formatsGiven: 0, trickNames: 0, hookRefusals: 0 };

/**
 * A `readFile` hook as an embedder writes one: paths that climb out or are absolute are refused, one path
 * is too large, everything else is absent.
 */
const trickHook: ReadFileHook = (path) => {
  if (path === TOO_LARGE_PATH) return { refused: 'too-large', size: 1e9, limit: 64 * MB };
  if (path.startsWith('/') || path.startsWith('../') || path.includes('/../')) {
    tricks.hookRefusals++;
    return OUTSIDE_ROOT;
  }
  return undefined;
};

/** The files diagnostics may name: the load-set, and the file the fuzz hook reports as too large. */
function knownFiles(files: Record<string, string>, options: CheckOptions): Record<string, string> {
  return options.readFile ? { ...files, [TOO_LARGE_PATH]: '' } : files;
}

const profile = fc.constantFrom(...PROFILES);
const formatId = fc.constantFrom(...FORMAT_IDS);
const trickName = fc.constantFrom(...TRICK_NAMES);

/** The drawn parts of a check's options; `formats` (the playground's per-file choice) in half of them. */
const optionDraw = fc.record({
  cards: sometimes(40, fc.constant(true)),
  discovered: sometimes(20, fc.constant(true)),
  env: sometimes(30, fc.constant(true)),
  /** The format of the checked file, and a trick name with a format of its own. */
  formats: sometimes(50, fc.tuple(formatId, trickName, formatId)),
});
type OptionDraw = typeof optionDraw extends fc.Arbitrary<infer T> ? T : never;

/** The options of a check of `path` in `profile` (the environment only in fast-agent). */
function optionsFor(profile: Profile, path: string, draw: OptionDraw): CheckOptions {
  const options: CheckOptions = { profile };
  if (draw.cards) options.cards = [path];
  if (draw.discovered) options.discovered = [path];
  if (profile === 'fast-agent' && draw.env) options.env = ENV;
  if (draw.formats) {
    tricks.formatsGiven++;
    const [own, name, other] = draw.formats;
    options.formats = { [path]: own, [name]: other };
  }
  return options;
}

/** One more check of the text alone, under one of `paths`. */
const single = (paths: readonly string[]) =>
  fc.record({ path: fc.constantFrom(...paths), profile, options: optionDraw });

/**
 * A fuzz input: a seed of the pool (by index, so shrinking goes toward the first, smallest seeds), a donor
 * for splices, the edits, and which checks to run beyond the two of the text as what its seed was: now
 * and then as the other card kind (Markdown read as YAML is mostly a flood of syntax errors, costly and
 * seldom new), under one of the other names, under a prototype name or path trick beside a card that
 * names such paths, and as one file of a larger load-set. The rates keep a default run short enough for
 * CI.
 */
function fuzzInput(pool: readonly Seed[]) {
  const seedIndex = fc.nat({ max: pool.length - 1 });
  return fc.record({
    seed: seedIndex,
    donor: seedIndex,
    mutations,
    own: fc.tuple(optionDraw, optionDraw),
    asOtherKind: sometimes(10, single(['x.md', 'x.yaml'])),
    asOtherName: sometimes(30, single(FILE_NAMES.slice(2))),
    trick: sometimes(
      15,
      fc.record({
        name: trickName,
        profile,
        // With the name itself chosen, or only other paths (then a lookup of the name must find nothing).
        formats: sometimes(
          50,
          fc.oneof(
            fc.record({ self: formatId }),
            fc.record({ other: trickName, format: formatId }),
          ),
        ),
      }),
    ),
    loadSet: sometimes(
      6,
      fc.record({
        slot: fc.constantFrom('card', 'history.md', 'history.json', 'config'),
        card: fc.constantFrom('agents/x.md', 'agents/x.yaml'),
      }),
    ),
  });
}
type FuzzInput = ReturnType<typeof fuzzInput> extends fc.Arbitrary<infer T> ? T : never;

/** Tiny cards that name a mutated history or config file, so that file is what the check reads. */
const READERS: Readonly<Record<'md-history' | 'json-history' | 'config', [string, string]>> = {
  'md-history': ['agents/history.md', '---\ntype: agent\nname: h\nmessages: history.md\n---\nHi\n'],
  'json-history': [
    'agents/history.json',
    '---\ntype: agent\nname: h\nmessages: history.json\n---\nHi\n',
  ],
  config: ['fastagent.config.yaml', '---\ntype: agent\nname: h\nservers: [fs, web]\n---\nHi\n'],
};

/** The mutated text of `input` and the checks to run on it. */
function trialsOf(
  pool: readonly Seed[],
  input: FuzzInput,
): { seed: Seed; text: string; trials: Trial[] } {
  const seed = pool[input.seed]!;
  const donor = pool[input.donor]!.text;
  const text = applyMutations(seed.text, input.mutations, donor);
  const trials: Trial[] = [];
  const alone = (path: string, profile: Profile, draw: OptionDraw) =>
    trials.push({
      label: `${path} (${profile})`,
      files: { [path]: text },
      options: optionsFor(profile, path, draw),
      mutated: path,
    });
  if (seed.role === 'md-card' || seed.role === 'yaml-card') {
    const [own, other] = seed.role === 'yaml-card' ? ['x.yaml', 'x.md'] : ['x.md', 'x.yaml'];
    PROFILES.forEach((profile, i) => alone(own, profile, input.own[i]!));
    if (input.asOtherKind) alone(other, input.asOtherKind.profile, input.asOtherKind.options);
  } else {
    const [path, reader] = READERS[seed.role];
    for (const profile of PROFILES) {
      trials.push({
        label: `${path} read by a card (${profile})`,
        files: { 'agents/x.md': reader, [path]: text },
        options: { profile },
        mutated: path,
      });
    }
    const as = input.asOtherKind;
    if (as) alone(as.path, as.profile, as.options);
  }
  if (input.asOtherName)
    alone(input.asOtherName.path, input.asOtherName.profile, input.asOtherName.options);
  if (input.trick) {
    // The text under a prototype name or a path trick, beside a card that names such paths.
    tricks.trickNames++;
    const { name, profile, formats } = input.trick;
    const options: CheckOptions = { profile, readFile: trickHook };
    if (formats) {
      tricks.formatsGiven++;
      options.formats =
        'self' in formats
          ? { [name]: formats.self }
          : { 'agents/x.md': 'agentcard', [formats.other]: formats.format };
    }
    trials.push({
      label: `${name} beside a card naming tricky paths (${profile})`,
      files: {
        [name]: text,
        'agents/x.md': `---\ntype: agent\nname: x\n${TRICKY_REFERENCES}---\nHi\n`,
        'agents/y.md': `---\ntype: agent\nname: y\n---\nRead {{file:../x.md}} and {{file:/etc/passwd}}.\n`,
      },
      options,
      mutated: name,
    });
  }
  if (input.loadSet) {
    const { slot, card } = input.loadSet;
    const files: Record<string, string> = {
      [card]: withReferences(slot === 'card' ? text : INLINE_SEEDS[0]!.text),
      'agents/history.md': slot === 'history.md' ? text : HISTORY_MD,
      'agents/history.json': slot === 'history.json' ? text : HISTORY_JSON,
      'fastagent.config.yaml': slot === 'config' ? text : CONFIG,
      'agents/tools.py': TOOLS_PY,
      'agents/other.md': donor,
    };
    const mutated =
      slot === 'card' ? card : slot === 'config' ? 'fastagent.config.yaml' : `agents/${slot}`;
    for (const profile of PROFILES) {
      trials.push({
        label: `load-set, mutated ${mutated} (${profile})`,
        files,
        options: { profile, ...(profile === 'fast-agent' ? { env: ENV } : {}) },
        mutated,
      });
    }
  }
  return { seed, text, trials };
}

/** The first trial of `input` with problems, with them; undefined when every trial is well. */
function firstFailure(
  pool: readonly Seed[],
  input: FuzzInput,
): { trial: Trial; problems: string[] } | undefined {
  for (const trial of trialsOf(pool, input).trials) {
    const problems = problemsOf(trial);
    if (problems.length > 0) return { trial, problems };
  }
  return undefined;
}

/**
 * Where a shrunk counterexample is written so it can be replayed by hand: its files and options under the
 * OS temp folder, and a line naming the seed, the failing trial and the start of the mutated text.
 */
function describeCounterexample(part: string, pool: readonly Seed[], input: FuzzInput): string[] {
  const failure = firstFailure(pool, input);
  if (!failure) return ['(the counterexample passes when run again: is the check deterministic?)'];
  const { trial, problems } = failure;
  const dir = join(tmpdir(), `agentcard-fuzz-${SEED}`, part);
  for (const [path, content] of Object.entries(trial.files)) {
    const target = join(dir, 'files', path.replace(/^\/+/, '').replace(/\.\.\//g, 'up/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  writeFileSync(
    join(dir, 'options.json'),
    JSON.stringify({
      ...trial.options,
      readFile: trial.options.readFile ? 'trickHook' : undefined,
    }),
  );
  const text = trial.files[trial.mutated]!;
  return [
    `seed ${pool[input.seed]!.name}, ${trial.label}: ${problems.join('; ')}`,
    `mutated ${trial.mutated}: ${JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text)}`,
    `files: ${dir}`,
  ];
}

/**
 * Fuzzes `count` inputs drawn from `pool`, yielding to the event loop now and then so the test timeout
 * can fire. A failure shrinks (fewer and plainer edits, an earlier seed) and is reported with its replay.
 */
async function fuzz(
  part: string,
  pool: readonly Seed[],
  count: number,
  salt: number,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let runs = 0;
  const details = await fc.check(
    fc.asyncProperty(fuzzInput(pool), async (input) => {
      if (++runs % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) return;
      const failure = firstFailure(pool, input);
      if (failure) throw new Error(`${failure.trial.label}: ${failure.problems.join('; ')}`);
    }),
    fuzzParameters(count, salt),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const cpuSeconds = (process.cpuUsage(cpu).user / 1e6).toFixed(1);
  console.log(
    `core fuzz ${part}: ${details.numRuns} inputs from ${pool.length} seeds in ${seconds} s (${cpuSeconds} s CPU), ${details.failed ? `failed, shrunk ${details.numShrinks} times` : 'no failures'}`,
  );
  throwOnFailure(details, ([input]) => describeCounterexample(part, pool, input));
}

/** Generous per-test bound for a fuzz part: a hang guard, not a timed assertion. */
function fuzzTimeout(count: number): number {
  return hangGuard(Math.max(120_000, count * 60));
}

describe('the core never throws and returns well-formed results on mutated cards', () => {
  afterAll(() => {
    console.log(
      `core fuzz: ${checksRun} checks, ${codesSeen.size} distinct diagnostic codes seen: ${[...codesSeen].sort().join(' ')}`,
    );
    console.log(
      `core fuzz tricks: formats given ${tricks.formatsGiven} times, prototype names and path tricks as file names ${tricks.trickNames} times, reads refused as outside the root ${tricks.hookRefusals} times`,
    );
  });

  it(
    `on ${INLINE_COUNT} mutations of the inline seed cards`,
    async ({ signal }) => {
      await fuzz('inline', INLINE_SEEDS, INLINE_COUNT, 0, signal);
    },
    fuzzTimeout(INLINE_COUNT),
  );

  it.skipIf(!SAMPLES)(
    SAMPLES
      ? `on ${SAMPLE_COUNT} mutations of the sample cards`
      : 'on mutations of the sample cards',
    async ({ signal }) => {
      await fuzz('samples', [...INLINE_SEEDS, ...SAMPLES!], SAMPLE_COUNT, 0x5a3e, signal);
    },
    fuzzTimeout(SAMPLE_COUNT),
  );
});

// ---------------------------------------------------------------------------------------------------
// Pathological inputs

/** Checks `files` in both profiles; asserts no throw and a well-formed result; returns results by profile. */
function checkBoth(
  files: Record<string, string>,
  options: CheckOptions = {},
): Record<Profile, CheckResult> {
  const out = {} as Record<Profile, CheckResult>;
  for (const profile of PROFILES) {
    const { result, error } = attempt(files, { ...options, profile });
    expect(
      error === undefined ? 'returned' : describeError(error),
      `${Object.keys(files).join(', ')} (${profile})`,
    ).toBe('returned');
    expect(
      findMalformations(result!, files),
      `${Object.keys(files).join(', ')} (${profile})`,
    ).toEqual([]);
    expect(
      isDeepStrictEqual(structuredClone(result), result),
      'structuredClone(result) equals result',
    ).toBe(true);
    if (profile === 'rfc') expect(findPartitionBreaks(result!, files)).toEqual([]);
    out[profile] = result!;
  }
  return out;
}

/** Checks `text` alone as each of `paths`, in both profiles. */
function checkAs(
  text: string,
  paths: readonly string[],
): Array<{ path: string; profile: Profile; result: CheckResult }> {
  return paths.flatMap((path) => {
    const results = checkBoth({ [path]: text });
    return PROFILES.map((profile) => ({ path, profile, result: results[profile] }));
  });
}

function codesOf(result: CheckResult): string[] {
  return [...new Set(result.diagnostics.map((d) => d.code))].sort();
}

function card(frontmatter: string, body = 'Be helpful.\n'): string {
  return `---\ntype: agent\nname: x\n${frontmatter}\n---\n${body}`;
}

/** A "billion laughs" document: `levels` anchors, each a list of ten aliases of the one before. */
function aliasBomb(levels: number): string {
  const lines = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < levels; i++)
    lines.push(
      `l${i}: &l${i} [${Array<string>(10)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  return lines.join('\n');
}

describe('the core survives pathological inputs', () => {
  it(
    'reports an alias bomb (billion laughs, 10 levels) as yaml-limit',
    () => {
      const bomb = aliasBomb(10);
      for (const { path, profile, result } of checkAs(card(bomb), ['x.md'])) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
      }
      for (const { path, profile, result } of checkAs(`type: agent\nname: x\n${bomb}\n`, [
        'x.yaml',
      ])) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
      }
      const config = checkBoth({
        'x.md': card(''),
        'fastagent.config.yaml': `mcp:\n  servers: {}\n${bomb}\n`,
      });
      for (const profile of PROFILES) {
        expect(
          config[profile].diagnostics
            .filter((d) => d.file === 'fastagent.config.yaml')
            .map((d) => d.code),
        ).toContain('yaml-limit');
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports an alias bomb used as a field value as yaml-limit, not as a value',
    () => {
      const bomb = aliasBomb(10).replace(/^l9: /m, 'description: ');
      for (const { path, profile, result } of checkAs(card(bomb), ['x.md'])) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
        expect(result.agents, `${path} ${profile}`).toEqual([]);
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports 10,000-deep flow sequences [[[…]]] as yaml-limit',
    () => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      for (const { path, profile, result } of [
        ...checkAs(card(`x: ${deep}`), ['x.md']),
        ...checkAs(`type: agent\nx: ${deep}\n`, ['x.yaml']),
      ]) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports 10,000-deep flow mappings {a: {a: …}} as yaml-limit',
    () => {
      const deep = `${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}`;
      for (const { path, profile, result } of [
        ...checkAs(card(`x: ${deep}`), ['x.md']),
        ...checkAs(`type: agent\nx: ${deep}\n`, ['x.yaml']),
      ]) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports 10,000-deep flow nesting hidden from a quick scan by quotes as yaml-limit',
    () => {
      // An escaped quote or an apostrophe inside a plain scalar can make a naive quote-skipping scan lose
      // track of the nesting; the YAML parser itself still sees all 10,000 levels.
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      for (const value of [`["\\"", ${deep}]`, `[a', ${deep}]`, `['it''s', ${deep}]`]) {
        for (const { path, profile, result } of [
          ...checkAs(card(`x: ${value}`), ['x.md']),
          ...checkAs(`type: agent\nx: ${value}\n`, ['x.yaml']),
        ]) {
          expect(codesOf(result), `${value.slice(0, 8)} ${path} ${profile}`).toContain(
            'yaml-limit',
          );
        }
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports 10,000-deep block nesting (compact `- - - …` sequences) as yaml-limit',
    () => {
      const deep = `${'- '.repeat(10_000)}x`;
      for (const { path, profile, result } of [
        ...checkAs(card(`x:\n${deep}`), ['x.md']),
        ...checkAs(`type: agent\nx:\n${deep}\n`, ['x.yaml']),
      ]) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports deep block nesting by indentation as yaml-limit (and 10,000 levels as input-too-large)',
    () => {
      const nested = (levels: number) =>
        Array.from({ length: levels }, (_, i) => `${' '.repeat(i)}a${i}:`).join('\n') + ' x\n';
      // 10,000 one-space indents are 50 M characters, past MAX_FILE_CHARS: refused before any parsing.
      const huge = nested(10_000);
      for (const { path, profile, result } of checkAs(`type: agent\n${huge}`, ['x.yaml'])) {
        expect(codesOf(result), `${path} ${profile}`).toEqual(['input-too-large']);
      }
      const deep = nested(1_500);
      for (const { path, profile, result } of [
        ...checkAs(card(deep), ['x.md']),
        ...checkAs(`type: agent\n${deep}`, ['x.yaml']),
      ]) {
        expect(codesOf(result), `${path} ${profile}`).toContain('yaml-limit');
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reads a 10 MB line in a frontmatter value',
    () => {
      const long = 'x'.repeat(10 * MB);
      for (const { path, profile, result } of checkAs(card(`description: ${long}`), ['x.md'])) {
        expect(result.cards, `${path} ${profile}`).toHaveLength(1);
        expect(
          result.diagnostics.filter((d) => d.severity === 'error'),
          `${path} ${profile}`,
        ).toEqual([]);
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reads a 10 MB line in a body',
    () => {
      const long = 'word '.repeat(2 * MB);
      for (const { path, profile, result } of checkAs(card('', `${long}\n`), ['x.md'])) {
        expect(result.cards, `${path} ${profile}`).toHaveLength(1);
        expect(result.compiled[0]?.data, `${path} ${profile}`).toBeDefined();
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reads a file of 10,000 `---` lines',
    () => {
      const text = '---\n'.repeat(10_000);
      for (const { path, profile, result } of checkAs(text, ['x.md', 'x.yaml'])) {
        if (path === 'x.md' && profile === 'rfc') expect(result.cards, profile).toHaveLength(1);
        if (path === 'x.yaml') expect(result.cards, profile).toEqual([]);
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'splits a bundle of 5,000 cards whose bodies hold `---` rules into 5,000 cards (rfc)',
    () => {
      const text = Array.from(
        { length: 5_000 },
        (_, i) =>
          `---\ntype: agent\nname: a${i}\n---\nPart one of ${i}.\n\n---\n\nPart two.\n---\n\n`,
      ).join('');
      const results = checkBoth({ 'bundle.md': text });
      expect(results.rfc.cards).toHaveLength(5_000);
      expect(results.rfc.cards.map((c) => c.name)).toEqual(
        Array.from({ length: 5_000 }, (_, i) => `a${i}`),
      );
      expect(results.rfc.agents).toHaveLength(5_000);
      expect(results['fast-agent'].cards).toHaveLength(1);
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reads a card with a BOM and CRLF line ends like the plain card',
    () => {
      const plain = card('description: d');
      const bom = `\uFEFF${plain.replace(/\n/g, '\r\n')}`;
      for (const profile of PROFILES) {
        const a = checkBoth({ 'x.md': plain })[profile];
        const b = checkBoth({ 'x.md': bom })[profile];
        expect(codesOf(b), profile).toEqual(codesOf(a));
        expect(
          b.agents.map((x) => x.name),
          profile,
        ).toEqual(['x']);
        expect(b.agents[0]!.data, profile).toEqual(a.agents[0]!.data);
      }
      checkAs(`\uFEFFtype: agent\r\nname: x\r\n`, ['x.yaml']);
    },
    PATHOLOGICAL_TIMEOUT,
  );

  /** Checks `text` as an explicitly named card (so it is read even without frontmatter); its encoding severities. */
  function encodingSeverities(
    text: string,
  ): Array<{ where: string; severities: string[]; first: number | undefined }> {
    return ['x.md', 'x.yaml'].flatMap((path) => {
      const results = checkBoth({ [path]: text }, { cards: [path] });
      return PROFILES.map((profile) => {
        const encoding = results[profile].diagnostics.filter((d) => d.code === 'encoding');
        return {
          where: `${JSON.stringify(text.slice(0, 30))} as ${path} (${profile})`,
          severities: encoding.map((d) => d.severity),
          first: encoding[0]?.from,
        };
      });
    });
  }

  it(
    'reports NUL bytes with an encoding warning at the first one',
    () => {
      for (const text of [
        card('', 'Hi\0there\n'),
        card('description: "a\\0b"', '\0\0\0'),
        '\0'.repeat(1000),
        '---\n\0\n---\n',
      ]) {
        for (const { where, severities, first } of encodingSeverities(text)) {
          expect(severities, where).toEqual(['warning']);
          expect(first, where).toBe(text.indexOf('\0'));
        }
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports unpaired surrogates with an encoding warning',
    () => {
      for (const lone of ['\uD800', '\uDC00', '\uDBFF\uDBFF', '\uDFFF\uD800']) {
        for (const text of [
          card('', `Hi ${lone} there\n`),
          card(`description: "${lone}"`),
          card(`${lone}: x`),
          lone,
        ]) {
          for (const { where, severities } of encodingSeverities(text))
            expect(severities, where).toEqual(['warning']);
        }
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports U+FFFD (undecodable bytes) with an encoding error',
    () => {
      for (const { path, profile, result } of checkAs(card('', 'caf\uFFFD\n'), [
        'x.md',
        'x.yaml',
      ])) {
        expect(
          result.diagnostics.filter((d) => d.code === 'encoding').map((d) => d.severity),
          `${path} ${profile}`,
        ).toEqual(['error']);
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'keeps compiled data plain whatever the YAML tags (!!set, !!omap, !!binary, timestamps)',
    () => {
      for (const value of [
        '!!set {a, b}',
        '!!omap [a: 1, b: 2]',
        '!!pairs [a: 1]',
        '!!binary aGVsbG8=',
        '2001-12-14',
        '!!timestamp 2001-12-14t21:59:43.10-05:00',
      ]) {
        checkBoth({ 'x.md': card(`request_params: {x: ${value}}`) });
        checkBoth({ 'x.md': card(`servers: [{web: {url: http://x, headers: {a: ${value}}}}]`) });
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );

  /** Checks a text without any card: no cards under any name; an error when it is named as a card. */
  function expectNoCard(text: string): void {
    const what = JSON.stringify(text.slice(0, 10));
    for (const { path, profile, result } of checkAs(text, FILE_NAMES)) {
      expect(result.cards, `${what} as ${path} (${profile})`).toEqual([]);
    }
    for (const path of ['x.md', 'x.yaml']) {
      const explicit = checkBoth({ [path]: text }, { cards: [path] });
      for (const profile of PROFILES) {
        const errors = explicit[profile].diagnostics.filter((d) => d.severity === 'error');
        expect(errors.length, `${what} named as the card ${path} (${profile})`).toBeGreaterThan(0);
      }
    }
  }

  it('reads an empty file as no card', () => expectNoCard(''), PATHOLOGICAL_TIMEOUT);

  it(
    'reads a whitespace-only file as no card',
    () => {
      for (const text of [' \n\t\n\r\n   ', '\uFEFF', '\uFEFF \r\n', '\n'.repeat(10_000)])
        expectNoCard(text);
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reads 10,000-deep JSON and a 10 MB line in a history file',
    () => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      for (const history of [
        deep,
        objects,
        `{"messages": ${deep}}`,
        `{"messages": [{"role": "user", "content": ${deep}}]}`,
        `"${'x'.repeat(10 * MB)}"`,
      ]) {
        const results = checkBoth({ 'x.md': card('messages: h.json'), 'h.json': history });
        for (const profile of PROFILES) {
          expect(codesOf(results[profile]), profile).toContain('history-invalid');
        }
      }
      checkBoth({
        'x.md': card('messages: h.md'),
        'h.md': `---USER\n${'x'.repeat(10 * MB)}\n---ASSISTANT\n${'---RESOURCE\n'.repeat(10_000)}`,
      });
    },
    PATHOLOGICAL_TIMEOUT,
  );

  it(
    'reports, rather than throws on, 150,000 problems from one source',
    () => {
      // One route per place that gathers problems; each input yields about 150,000 diagnostics. (Function
      // tools, unknown agents and unknown servers gather theirs like `{{file:…}}` templates do, and take
      // seconds each to parse at that size.)
      const many = 150_000;
      const cases: Array<[string, Record<string, string>, Profile]> = [
        ['YAML errors in a card', { 'x.yaml': '*a '.repeat(many) }, 'rfc'],
        [
          'history blocks in a body',
          { 'x.md': `---\ntype: agent\n---\n${'---USER\n'.repeat(many / 2)}` },
          'rfc',
        ],
        [
          'inline-history lines',
          { 'x.md': `---\ntype: agent\n---\n${'---USER\n'.repeat(many)}` },
          'fast-agent',
        ],
        [
          'missing {{file:…}} templates',
          { 'x.md': `---\ntype: agent\n---\n${'{{file:q}}'.repeat(many)}` },
          'fast-agent',
        ],
      ];
      const outcomes = cases.map(([what, files, profile]) => {
        const { result, error } = attempt(files, { profile });
        return `${what} (${profile}): ${result ? (findMalformations(result, files).length === 0 ? 'well-formed result' : 'malformed result') : describeError(error)}`;
      });
      expect(outcomes).toEqual(
        cases.map(([what, , profile]) => `${what} (${profile}): well-formed result`),
      );
    },
    hangGuard(120_000),
  );

  it(
    'refuses a file past MAX_FILE_CHARS without reading it',
    () => {
      for (const { path, profile, result } of checkAs(card('', 'x'.repeat(17 * MB)), [
        'x.md',
        'x.yaml',
      ])) {
        expect(codesOf(result), `${path} ${profile}`).toEqual(['input-too-large']);
      }
    },
    PATHOLOGICAL_TIMEOUT,
  );
});

describe('the core in a worker thread', () => {
  it(
    'reads inputs built to trip superlinear paths without running away',
    async () => {
      // Each input takes a linear reader a few seconds at most; a quadratic one (a duplicate-key check
      // pair by pair, a backtracking regular expression) takes minutes and is stopped by the limit. The
      // workers run side by side, so the limit bounds the whole test. A hang guard, not a benchmark.
      const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: 1`);
      const inputs: Array<[string, Record<string, string>, Profile]> = [
        [
          '50,000 keys in a block mapping',
          { 'x.yaml': `type: agent\nname: x\n${keys.join('\n')}\n` },
          'rfc',
        ],
        [
          '50,000 keys in a flow mapping',
          { 'x.md': card(`request_params: {${keys.join(', ')}}`) },
          'rfc',
        ],
        [
          '50,000 unclosed {{file: templates in a body',
          { 'x.md': card('', '{{file:'.repeat(50_000)) },
          'fast-agent',
        ],
      ];
      const outcomes = await Promise.all(
        inputs.map(async ([what, files, profile]) => {
          const outcome = await checkInWorker(files, { profile }, hangGuard(90_000));
          if (outcome.kind !== 'result') return `${what}: ${JSON.stringify(outcome).slice(0, 300)}`;
          const problems = findMalformations(outcome.result, files);
          return `${what}: ${problems.length === 0 ? 'well-formed result' : problems.slice(0, 3).join('; ')}`;
        }),
      );
      expect(outcomes).toEqual(inputs.map(([what]) => `${what}: well-formed result`));
    },
    hangGuard(150_000),
  );

  it(
    'sends results across a real Worker boundary unchanged',
    async () => {
      const inputs: Array<Record<string, string>> = [
        {
          'bundle.md': INLINE_SEEDS[1]!.text,
          'stream.yaml': INLINE_SEEDS[3]!.text,
          'history.md': HISTORY_MD,
          'fastagent.config.yaml': CONFIG,
        },
        { 'x.md': card(aliasBomb(10)) },
        {
          'x.md': card(
            'anchors: &a [1, {b: 2}]\nrequest_params: {max_tokens: .inf, temperature: .nan}',
            'Hi \uD800 \0 \uFFFD\n',
          ),
        },
        {
          'agents/x.md': withReferences(INLINE_SEEDS[0]!.text),
          'agents/history.md': HISTORY_MD,
          'agents/history.json': HISTORY_JSON,
          'agents/tools.py': TOOLS_PY,
        },
      ];
      for (const files of inputs) {
        for (const profile of PROFILES) {
          const here = checkLoadSet(files, { profile });
          const outcome = await checkInWorker(files, { profile }, hangGuard(90_000));
          expect(outcome.kind, `${Object.keys(files).join(', ')} (${profile})`).toBe('result');
          if (outcome.kind === 'result') {
            expect(outcome.result, `${Object.keys(files).join(', ')} (${profile})`).toStrictEqual(
              here,
            );
          }
        }
      }
    },
    hangGuard(120_000),
  );
});

// ---------------------------------------------------------------------------------------------------
// Properties

/** The seeds the property tests start from: the inline seeds (first, so shrinking ends there) and every sample. */
const ALL_SEEDS: readonly Seed[] = [...INLINE_SEEDS, ...(SAMPLES ?? [])];

describe('properties of the split and the Checker cache', () => {
  it('re-joins the card slices of every seed file to its text (rfc)', () => {
    for (const seed of ALL_SEEDS) {
      const path = /\.ya?ml$/i.test(seed.name) ? 'x.yaml' : 'x.md';
      const files = { [path]: seed.text };
      const result = checkLoadSet(files, { profile: 'rfc' });
      expect(findPartitionBreaks(result, files), seed.name).toEqual([]);
    }
  });

  const sessions = Math.max(40, Math.ceil(COUNT / 250));
  const seedIndex = fc.nat({ max: ALL_SEEDS.length - 1 });
  /** An editing session: a seed under a path and profile, then six edits, each now and then in the other profile. */
  const session = fc.record({
    seed: seedIndex,
    path: fc.constantFrom('x.md', 'x.yaml', 'agents/x.md'),
    profile,
    edits: fc.array(fc.record({ mutations, donor: seedIndex, profile: sometimes(20, profile) }), {
      minLength: 6,
      maxLength: 6,
    }),
  });

  it(
    `gives a long-lived Checker the same answers as fresh checks, through edits and reverts (${sessions} sessions)`,
    () => {
      const details = fc.check(
        fc.property(session, ({ seed: index, path, profile, edits }) => {
          const seed = ALL_SEEDS[index]!;
          const checker = new Checker();
          const base: Record<string, string> = {
            [path]: seed.text,
            'agents/history.md': HISTORY_MD,
            'fastagent.config.yaml': CONFIG,
          };
          const first = attempt(base, { profile }, checker).result;
          const again = attempt(base, { profile }, checker).result;
          if (!isDeepStrictEqual(first, again))
            throw new Error('checking the same load-set twice gives different results');
          let text = seed.text;
          edits.forEach((edit, i) => {
            // Each edit builds on the last, like typing; a text grown past 20,000 characters starts over.
            const from = text.length > 20_000 ? seed.text : text;
            text = applyMutations(from, edit.mutations, ALL_SEEDS[edit.donor]!.text);
            const editProfile = edit.profile ?? profile;
            const files = { ...base, [path]: text };
            const cached = attempt(files, { profile: editProfile }, checker);
            const fresh = attempt(files, { profile: editProfile });
            if (
              !isDeepStrictEqual(cached.result, fresh.result) ||
              (cached.error === undefined) !== (fresh.error === undefined)
            ) {
              throw new Error(
                `edit ${i} (${editProfile}): the Checker's result differs from a fresh check`,
              );
            }
          });
          const reverted = attempt(base, { profile }, checker).result;
          if (!isDeepStrictEqual(first, reverted))
            throw new Error('reverting the edits does not give the original result');
        }),
        fuzzParameters(sessions, 0x5eed),
      );
      throwOnFailure(details, ([{ seed, path, profile }]) => [
        `session: ${ALL_SEEDS[seed]!.name} as ${path} (${profile})`,
      ]);
    },
    hangGuard(60_000),
  );
});
