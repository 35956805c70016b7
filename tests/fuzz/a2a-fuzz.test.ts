import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/core/model/agent-data.ts';
import type { EmitSource, FormatAnalysis } from '../../src/core/formats/format-module.ts';
import {
  analyzeA2aCard,
  checkLoadSet,
  DIAGNOSTIC_CODES,
  FORMAT_IDS,
  formatModule,
} from '../../src/core/index.ts';
import { applyCardEdits, cardEdits, richCard, VALUE_POOL } from '../conformance/a2a-cards.ts';
import { samplesDir } from '../conformance/shared-samples.ts';
import { countFromEnv, fuzzParameters, SEED, sometimes, throwOnFailure } from './fuzz-run.ts';
import { applyMutations, mutations } from './mutate.ts';
import { findMalformations } from './well-formed.ts';
import { hangGuard } from '../setup/hang-guard.ts';

// The A2A reader's promise: whatever the text, it returns positioned, cloneable diagnostics and never
// throws; it accepts exactly the texts JSON.parse accepts; and the emitter, whatever the agent, writes a
// card the reader accepts. Reproducible from FUZZ_SEED; A2A_FUZZ_COUNT sets the number of inputs.

const COUNT = countFromEnv(process.env, 'A2A_FUZZ_COUNT', 2000);
console.log(`a2a fuzz: FUZZ_SEED=${SEED} A2A_FUZZ_COUNT=${COUNT}`);

const a2a = formatModule('a2a');
const HISTORY = JSON.stringify({
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
});

function seedTexts(): string[] {
  const card = richCard();
  const v1 = { ...card, supportedInterfaces: [{ url: 'https://x', protocolBinding: 'GRPC' }] };
  const texts = [
    JSON.stringify(card, null, 2),
    JSON.stringify(card),
    JSON.stringify(v1, null, 4),
    '{"protocolVersion": "0.3.0", "name": "a", "name": 1, "skills": [{"id": "x"}, {"id": "x"}]}',
    HISTORY,
  ];
  // The own corpus (tests/fixtures/a2a) is there on a clean clone too.
  const own = fileURLToPath(new URL('../fixtures/a2a/', import.meta.url));
  for (const name of readdirSync(own)) texts.push(readFileSync(join(own, name), 'utf8'));
  const dir = samplesDir('a2a');
  if (dir)
    for (const sub of ['a2a-samples', 'spec'])
      for (const name of readdirSync(join(dir, sub)))
        if (name.endsWith('.json')) texts.push(readFileSync(join(dir, sub, name), 'utf8'));
  return texts;
}

/** Every way `analysis` of `text` breaks the module contract; empty when well-formed. */
function malformations(analysis: FormatAnalysis, text: string): string[] {
  const out: string[] = [];
  const inText = (from: number, to: number) =>
    Number.isInteger(from) && Number.isInteger(to) && 0 <= from && from <= to && to <= text.length;
  for (const d of analysis.diagnostics) {
    if (!Object.hasOwn(DIAGNOSTIC_CODES, d.code)) out.push(`unknown code ${d.code}`);
    if (!inText(d.from, d.to)) out.push(`${d.code} range [${d.from}, ${d.to}) outside the text`);
    if (d.file !== 'agent.json') out.push(`${d.code} in file ${d.file}`);
  }
  for (const agent of analysis.agents)
    if (!inText(agent.from, agent.to) || agent.headerTo > agent.to)
      out.push(`agent range [${agent.from}, ${agent.to}) outside the text`);
  try {
    structuredClone(analysis);
    JSON.stringify(analysis);
  } catch (error) {
    out.push(`not cloneable: ${String(error)}`);
  }
  return out;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('A2A fuzz', () => {
  const seeds = seedTexts();

  it(`never throws, keeps ranges inside the text, and reads JSON exactly as JSON.parse does (${COUNT} inputs)`, () => {
    const seed = fc.nat({ max: seeds.length - 1 });
    const input = fc.record({
      seed,
      donor: seed,
      mutations,
      // A quarter of the inputs also go through the whole load-set check.
      asLoadSet: sometimes(25, fc.constant(true)),
    });
    const details = fc.check(
      fc.property(input, ({ seed, donor, mutations, asLoadSet }) => {
        const text = applyMutations(seeds[seed]!, mutations, seeds[donor]!);
        const problems: string[] = [];
        a2a.detect('agent.json', text);
        const analysis = analyzeA2aCard('agent.json', text);
        problems.push(...malformations(analysis, text));
        const syntax = analysis.diagnostics.find((d) => d.code === 'a2a-json-syntax');
        if (parsesAsJson(text) === (syntax !== undefined) && !syntax?.message.includes('Nested'))
          problems.push(`JSON.parse and the reader disagree (${syntax?.message ?? 'ok'})`);
        if (asLoadSet) {
          const files = { 'agent.json': text, 'history.json': HISTORY };
          for (const problem of findMalformations(checkLoadSet(files), files))
            problems.push(`checkLoadSet: ${problem}`);
        }
        if (problems.length > 0) throw new Error(problems.join('; '));
      }),
      fuzzParameters(COUNT),
    );
    throwOnFailure(details, ([{ seed, donor, mutations, asLoadSet }]) => [
      `text: ${JSON.stringify(applyMutations(seeds[seed]!, mutations, seeds[donor]!).slice(0, 400))}${asLoadSet ? ' (also as a load-set)' : ''}`,
    ]);
  });

  it(
    'reads pathological texts without throwing',
    () => {
      const big = JSON.stringify({
        ...richCard(),
        skills: Array.from({ length: 5_000 }, (_, i) => ({
          id: `s${i % 50}`,
          name: 'n',
          tags: ['text'],
        })),
      });
      const texts = [
        '['.repeat(100_000),
        '{"a":'.repeat(100_000),
        '['.repeat(600) + ']'.repeat(600),
        `{"protocolVersion": "${'x'.repeat(1_000_000)}"}`,
        `{${Array.from({ length: 50_000 }, (_, i) => `"k${i % 7}": ${i}`).join(',')}}`,
        big,
        '"\\ud800"',
        '\uFEFF{}',
        '',
      ];
      for (const text of texts) {
        const analysis = analyzeA2aCard('agent.json', text);
        expect(malformations(analysis, text)).toEqual([]);
      }
    },
    hangGuard(60_000),
  );

  it(`writes a card the reader accepts from any agent data (${Math.ceil(COUNT / 4)} agents)`, () => {
    // A value of the pool, or (30%) a mutated card; shrinks toward the pool's plainer values.
    const json: fc.Arbitrary<Json> = fc.oneof(
      { withCrossShrink: true },
      {
        weight: 7,
        arbitrary: fc.constantFrom(...VALUE_POOL).map((v) => structuredClone(v) as Json),
      },
      { weight: 3, arbitrary: cardEdits.map((edits) => applyCardEdits(richCard(), edits) as Json) },
    );
    const config = fc.record(
      Object.fromEntries(
        ['name', 'description', 'instruction', 'servers', 'model', 'skills'].map((key) => [
          key,
          sometimes(60, json),
        ]),
      ),
    );
    const source = fc.record({
      name: fc.constantFrom('a', '', ' ', 'Ünïcode агент', 'x'.repeat(300)),
      format: fc.constantFrom(...FORMAT_IDS),
      config,
      type: json,
      url: json,
      extras: fc.record({ skills: json, a2a: json, other: json }),
      withUrl: fc.boolean(),
    });
    const details = fc.check(
      fc.property(source, ({ name, format, config, type, url, extras, withUrl }) => {
        const data = {
          config: Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)),
          type,
          url,
        } as EmitSource['data'];
        const conversion = a2a.emit!(
          { name, format, data, extras },
          withUrl ? { url: 'https://x.example.org' } : {},
        );
        for (const text of Object.values(conversion.files)) {
          const errors = analyzeA2aCard('agent.json', text).diagnostics.filter(
            (d) => d.severity === 'error',
          );
          if (errors.length > 0) throw new Error(errors[0]!.message);
        }
      }),
      fuzzParameters(Math.ceil(COUNT / 4), 0xa2a),
    );
    throwOnFailure(details);
  });
});
