import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeSpec,
  checkLoadSet,
  engagementSkeleton,
  evaluateEngagement,
} from '../../src/core/index.ts';
import { samplesDir } from '../conformance/shared-samples.ts';
import { bundleCore, checkInWorker, removeCoreBundle } from './core-worker.ts';
import { mutate } from './mutate.ts';
import { countFromEnv, inputSeed, Random, runSeed } from './random.ts';
import { findMalformations } from './well-formed.ts';

// The OpenAgentSpec reader's promise: on any text it returns well-formed, cloneable data with ranges
// inside the text, and never throws; evaluation likewise on any Engagement text. Reproducible from
// FUZZ_SEED; OAS_FUZZ_COUNT sets how many mutated inputs it tries.

const SEED = runSeed(process.env);
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
  const dir = samplesDir('openagentspec');
  if (!dir) return [];
  const out: string[] = [];
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

function mutateSpec(text: string, random: Random): string {
  if (random.chance(0.5)) return mutate(text, random, random.pick(SEEDS)).text;
  let out = text;
  for (let i = random.between(1, 3); i > 0; i--) {
    const at = random.int(out.length + 1);
    out = out.slice(0, at) + random.pick(CEL_TOKENS) + out.slice(at);
  }
  return out;
}

describe('OpenAgentSpec fuzz', () => {
  afterAll(removeCoreBundle);

  it('parses CEL in a bundled core inside a worker thread, as the app does in its Web Worker', async () => {
    await bundleCore();
    const text = INLINE_SEEDS[0]!.replace('history._total < 10', 'history._total < @');
    const outcome = await checkInWorker({ 'x.yaml': text }, {}, 60_000);
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') return;
    const syntax = outcome.result.diagnostics.filter((d) => d.code === 'oas-cel-syntax');
    expect(syntax.map((d) => text.slice(d.from, d.to))).toEqual(['@']);
  }, 120_000);

  it(`never throws and returns well-formed results on ${COUNT} mutated specs`, () => {
    const failures: string[] = [];
    for (let i = 0; i < COUNT && failures.length < 5; i++) {
      const random = new Random(inputSeed(SEED, i));
      const text = mutateSpec(random.pick(SEEDS), random);
      const file = random.pick(FILES);
      const files = { [file]: text };
      try {
        const result = checkLoadSet(files);
        const problems = findMalformations(result, files);
        if (problems.length > 0) failures.push(`#${i}: ${problems.join('; ')}`);
        const analysis = analyzeSpec(file, text);
        for (const d of analysis.diagnostics)
          if (!(d.from >= 0 && d.from <= d.to && d.to <= text.length))
            failures.push(`#${i}: ${d.code} at [${d.from}, ${d.to}) outside the text`);
        structuredClone(analysis);
        const extras = analysis.agents[0]?.extras;
        const skeleton = engagementSkeleton(extras);
        const evaluation = evaluateEngagement(extras, skeleton);
        structuredClone(evaluation);
        JSON.stringify(evaluation);
        const broken = evaluateEngagement(extras, mutateSpec(skeleton, random));
        structuredClone(broken);
      } catch (error) {
        failures.push(`#${i} (${file}): threw ${String(error)}`);
      }
    }
    expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 120_000);

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
