import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeSpec,
  checkLoadSet,
  engagementSkeleton,
  evaluateEngagement,
} from '../../src/core/index.ts';
import { samplesDir } from '../conformance/shared-samples.ts';
import { bundleCore, checkInWorker, removeCoreBundle } from './core-worker.ts';
import { countFromEnv, fuzzParameters, SEED, throwOnFailure } from './fuzz-run.ts';
import { applyMutations, mutations, position, scaled } from './mutate.ts';
import { findMalformations } from './well-formed.ts';
import { hangGuard } from '../setup/hang-guard.ts';

// The OpenAgentSpec reader's promise: on any text it returns well-formed, cloneable data with ranges
// inside the text, and never throws; evaluation likewise on any Engagement text. Reproducible from
// FUZZ_SEED; OAS_FUZZ_COUNT sets how many mutated inputs it tries.

const COUNT = countFromEnv(process.env, 'OAS_FUZZ_COUNT', 1_000);
console.log(`openagentspec fuzz: FUZZ_SEED=${SEED} OAS_FUZZ_COUNT=${COUNT}`);

const INLINE_SEEDS = [
  `kind: "openagentspec:v1/agent"
name: help-desk
description: Answers questions
intent: You answer questions.
owner: team-a
capabilities:
  search-docs:
    user_identity: False
    static_identity: KEY
    input_restriction:
      require_review: lead
      assertion: recent["search-docs"].inputs.path.startsWith("public/")
  "oagent://scheduler": {}
  "oagent://agents.example.com/x/support":
    output_restriction:
      assertion: >-
        recent.support.outputs.ok &&
        history._total < 10
guardrails:
  input:
    tool_name: pii
    assertion: 'clean == true && score < 0.5'
exposes:
  pages: "history[\\"search-docs\\"].map(t, t.outputs.page)"
  who: |
    user.email
lifespan:
  retain_memory: false
  short_circuit: 3
`,
  `{"kind": "openagentspec:v1/agent", "name": "a", "description": "d", "intent": "i", "owner": "o",
 "capabilities": {"web": {"input_restriction": {"assertion": "recent.web.inputs.url.startsWith(\\"https://\\")"}}},
 "exposes": {"n": "history._list.size() + history.web.filter(t, t.outputs.ok).size()"}}`,
  `kind: openOAgentSpec:v1/agent
name: x_y
capabilities:
  a-b:
    input_restriction:
      assertion: recent.a-b.inputs.x
`,
];

const CEL_TOKENS = [
  '-',
  '(',
  ')',
  '"',
  "'",
  '\\',
  '\\u00',
  '@',
  '.',
  '[',
  ']',
  'recent.',
  'history.',
  '.map(t, ',
  'cel.bind(x, 1, ',
  ' && ',
  '?',
  ':',
  '${',
  '\n      ',
  '\n',
];

function sampleSeeds(): string[] {
  // The own corpus (tests/fixtures/openagentspec) is there on a clean clone too.
  const own = fileURLToPath(new URL('../fixtures/openagentspec/', import.meta.url));
  const out: string[] = readdirSync(own).map((name) => readFileSync(join(own, name), 'utf8'));
  const dir = samplesDir('openagentspec');
  if (!dir) return out;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== 'MANIFEST.md') out.push(readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

const SEEDS = [...INLINE_SEEDS, ...sampleSeeds()];
const FILES = ['x.yaml', 'x.yml', 'x.json'];

/**
 * An edit of a spec, as data: in half the draws the general text mutations (with a donor seed), else one
 * to three CEL tokens inserted.
 */
const specEdit = fc.oneof(
  fc.record({ mutations, donor: fc.nat({ max: SEEDS.length - 1 }) }),
  fc.record({
    tokens: fc.array(fc.tuple(position, fc.constantFrom(...CEL_TOKENS)), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
);
type SpecEdit = typeof specEdit extends fc.Arbitrary<infer T> ? T : never;

function editSpec(text: string, edit: SpecEdit): string {
  if ('mutations' in edit) return applyMutations(text, edit.mutations, SEEDS[edit.donor]!);
  let out = text;
  for (const [at, token] of edit.tokens) {
    const i = scaled(at, out.length + 1);
    out = out.slice(0, i) + token + out.slice(i);
  }
  return out;
}

describe('OpenAgentSpec fuzz', () => {
  afterAll(removeCoreBundle);

  it(
    'parses CEL in a bundled core inside a worker thread, as the app does in its Web Worker',
    async () => {
      await bundleCore();
      const text = INLINE_SEEDS[0]!.replace('history._total < 10', 'history._total < @');
      const outcome = await checkInWorker({ 'x.yaml': text }, {}, hangGuard(60_000));
      expect(outcome.kind).toBe('result');
      if (outcome.kind !== 'result') return;
      const syntax = outcome.result.diagnostics.filter((d) => d.code === 'oas-cel-syntax');
      expect(syntax.map((d) => text.slice(d.from, d.to))).toEqual(['@']);
    },
    hangGuard(120_000),
  );

  it(
    `never throws and returns well-formed results on ${COUNT} mutated specs`,
    () => {
      const input = fc.record({
        seed: fc.nat({ max: SEEDS.length - 1 }),
        edit: specEdit,
        file: fc.constantFrom(...FILES),
        // The edit of the Engagement skeleton evaluated last.
        skeletonEdit: specEdit,
      });
      const details = fc.check(
        fc.property(input, ({ seed, edit, file, skeletonEdit }) => {
          const text = editSpec(SEEDS[seed]!, edit);
          const files = { [file]: text };
          const problems = findMalformations(checkLoadSet(files), files);
          const analysis = analyzeSpec(file, text);
          for (const d of analysis.diagnostics)
            if (!(d.from >= 0 && d.from <= d.to && d.to <= text.length))
              problems.push(`${d.code} at [${d.from}, ${d.to}) outside the text`);
          if (problems.length > 0) throw new Error(problems.join('; '));
          structuredClone(analysis);
          const extras = analysis.agents[0]?.extras;
          const skeleton = engagementSkeleton(extras);
          const evaluation = evaluateEngagement(extras, skeleton);
          structuredClone(evaluation);
          JSON.stringify(evaluation);
          const broken = evaluateEngagement(extras, editSpec(skeleton, skeletonEdit));
          structuredClone(broken);
        }),
        fuzzParameters(COUNT),
      );
      throwOnFailure(details, ([{ seed, edit, file }]) => [
        `${file}: ${JSON.stringify(editSpec(SEEDS[seed]!, edit).slice(0, 400))}`,
      ]);
    },
    hangGuard(120_000),
  );

  it('stays quick on a huge spec (many capabilities and expressions)', () => {
    const lines = ['kind: openagentspec:v1/agent', 'name: a', 'capabilities:'];
    for (let i = 0; i < 3_000; i++)
      lines.push(
        `  t${i}:`,
        `    input_restriction:`,
        `      assertion: recent.t${i}.inputs.x == ${i}`,
      );
    const text = lines.join('\n') + '\n';
    const analysis = analyzeSpec('x.yaml', text);
    expect(analysis.diagnostics.filter((d) => d.code === 'oas-cel-limit')).toHaveLength(1);
    expect(analysis.diagnostics.filter((d) => d.code === 'oas-cel-syntax')).toHaveLength(0);
  });
});
