import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, convertAgent, formatModule } from '../../src/core/index.ts';
import type { EmitSource } from '../../src/core/formats/format-module.ts';
import { countFromEnv, fuzzParameters, SEED, throwOnFailure } from '../fuzz/fuzz-run.ts';
import { applyCardEdits, cardEdits, richCard } from './a2a-cards.ts';
import { samplesDir } from './shared-samples.ts';

// The A2A reader against the published v0.3.0 JSON Schema: every sample gets the verdict python
// jsonschema gave (MANIFEST.md), and ajv on the schema file agrees with the reader on every sample, on
// thousands of mutated cards, and on every card the emitter writes.

const SCHEMA_FILE = fileURLToPath(
  new URL('../../../shared/specs/a2a-v0.3.0-agentcard.schema.json', import.meta.url),
);
const schema = existsSync(SCHEMA_FILE)
  ? (JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object)
  : undefined;
if (!schema)
  console.log(
    'skipped: ../shared/specs/a2a-v0.3.0-agentcard.schema.json is not here (ajv agreement)',
  );
const root = samplesDir('a2a');

/** The samples python jsonschema accepts (MANIFEST.md); every other sample is rejected. */
const MANIFEST_VALID = new Set([
  'a2a-samples/adk_currency_agent__src__currency_agent__agent_card.json',
  'spec/a2a-spec-v0.3.0-sec5.7-georoute.json',
]);

/**
 * Samples where this reader deliberately differs from the python jsonschema verdict, with the reason.
 * None: the reader follows the schema exactly. (Outside the samples, one difference is known: python's
 * `json` reads `NaN`/`Infinity`, which are not JSON; this reader reports them as syntax errors.)
 */
const DISAGREEMENTS: Record<string, string> = {};

const validate = schema ? new Ajv({ strict: false, allErrors: true }).compile(schema) : undefined;
const a2a = formatModule('a2a');

/** The reader's verdict on a card text: accepted when it reports no error. */
function readerAccepts(text: string, path = 'agent.json'): boolean {
  return !a2a
    .analyze({ entry: path, files: { [path]: text } }, { read: () => undefined, paths: [path] })
    .diagnostics.some((d) => d.severity === 'error');
}

function sampleFiles(): string[] {
  if (!root) return [];
  return ['a2a-samples', 'spec'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith('.json'))
      .map((name) => `${dir}/${name}`)
      .sort(),
  );
}

describe.skipIf(!root)('A2A samples (../shared/samples/a2a)', () => {
  const files = sampleFiles();

  it('reads every sample as an A2A card and gives the MANIFEST verdict', () => {
    expect(files.length).toBe(16);
    let accepted = 0;
    for (const file of files) {
      const text = readFileSync(join(root!, file), 'utf8');
      expect(a2a.detect(file, text), file).toBe(true);
      const expected = Object.hasOwn(DISAGREEMENTS, file)
        ? !MANIFEST_VALID.has(file)
        : MANIFEST_VALID.has(file);
      expect(readerAccepts(text, file), file).toBe(expected);
      if (expected) accepted++;
    }
    console.log(
      `A2A samples: ${accepted} accepted, ${files.length - accepted} rejected (deliberate disagreements with MANIFEST: ${Object.keys(DISAGREEMENTS).length})`,
    );
  });

  it('names the shape of each sample: v0.3.0, older, or v1.0', () => {
    const shapes: Record<string, number> = {};
    for (const file of files) {
      const result = checkLoadSet({ [file]: readFileSync(join(root!, file), 'utf8') });
      const shape = result.cards[0]?.shape ?? 'none';
      shapes[shape] = (shapes[shape] ?? 0) + 1;
    }
    expect(shapes).toEqual({
      'A2A before v0.3 (no protocolVersion)': 8,
      'A2A v0.3.0': 2,
      'A2A v0.2.9': 1,
      'A2A v1.0 shape': 5,
    });
  });

  it.skipIf(!schema)('agrees with ajv on every sample', () => {
    for (const file of files) {
      const text = readFileSync(join(root!, file), 'utf8');
      expect(readerAccepts(text, file), file).toBe(validate!(JSON.parse(text)));
    }
  });
});

describe.skipIf(!schema)('A2A reader and ajv on the published schema', () => {
  const COUNT = countFromEnv(process.env, 'A2A_AGREEMENT_COUNT', 1500);

  it('agree on a hand-written card using every definition', () => {
    const text = JSON.stringify(richCard(), null, 2);
    expect(validate!(JSON.parse(text))).toBe(true);
    expect(readerAccepts(text)).toBe(true);
  });

  it(`agree on ${COUNT} mutated cards`, () => {
    const samples = sampleFiles().map(
      (f) => JSON.parse(readFileSync(join(root!, f), 'utf8')) as unknown,
    );
    // Half on the hand-written valid card, half on the samples (mostly invalid ones).
    const base =
      samples.length > 0
        ? fc.oneof(fc.constant(richCard()), fc.constantFrom(...samples))
        : fc.constant(richCard());
    let accepted = 0;
    const details = fc.check(
      fc.property(base, cardEdits, fc.integer({ min: 0, max: 2 }), (card, edits, indent) => {
        const text = JSON.stringify(applyCardEdits(card, edits), null, indent);
        const ajv = validate!(JSON.parse(text));
        if (ajv) accepted++;
        if (readerAccepts(text) !== ajv) throw new Error(`ajv=${ajv}: ${text.slice(0, 400)}`);
      }),
      fuzzParameters(COUNT),
    );
    console.log(
      `A2A agreement (seed ${SEED}): ${details.numRuns} mutated cards, ajv accepted ${accepted}, rejected ${details.numRuns - accepted}; ${details.failed ? 'a disagreement' : 'no disagreements'}`,
    );
    throwOnFailure(details);
    // The generator must exercise both verdicts, or the agreement says little.
    expect(accepted).toBeGreaterThan(COUNT / 10);
    expect(COUNT - accepted).toBeGreaterThan(COUNT / 10);
  });

  it('accept every card the emitter writes', () => {
    const sources: EmitSource[] = [
      { name: 'plain', format: 'agentcard', data: { config: { name: 'plain' }, type: 'basic' } },
      {
        name: 'skilled',
        format: 'tsagent',
        data: { config: { name: 'skilled', description: 'Has skills.' }, type: 'basic' },
        extras: {
          skills: [{ name: 'One' }, { id: 'two', name: 'Two', tags: ['t'], examples: [] }, 3],
        },
      },
      { name: 'odd', format: 'afm', data: {}, extras: { skills: 'not a list' } },
    ];
    const agents = checkLoadSet({
      'a.md':
        '---\ntype: chain\nname: c\nsequence: [b]\n---\n\n---\ntype: agent\nname: b\nmodel: x\n---\nB.\n',
      'card.json': JSON.stringify(richCard()),
    }).compiled;
    const conversions = [
      ...sources.map((s) => a2a.emit!(s, {})),
      ...agents.map((a) => convertAgent(a, 'a2a', { url: 'https://x.example.org/a2a' })),
    ];
    expect(conversions.length).toBe(6);
    for (const conversion of conversions)
      for (const text of Object.values(conversion.files)) {
        expect(validate!(JSON.parse(text)), text).toBe(true);
        expect(readerAccepts(text), text).toBe(true);
      }
  });
});
