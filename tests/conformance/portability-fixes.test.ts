import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, FAST_AGENT_TYPE_NAMES, type CheckResult } from '../../src/core/index.ts';
import { fixAll } from '../../src/core/fixes/fix-all.ts';
import { readIfFile, samplesDir } from './shared-samples.ts';

// "Make it load in fast-agent": the portability fixes (fixAll with portability and unsafe, in the
// fast-agent profile) turn every RFC example and the shared samples' RFC-style cards into cards
// fast-agent 0.10.9 loads without error, and the files they write agree with what fast-agent
// recorded for the equivalent cards of the final RFC sample document.

const ALL = { portability: true, unsafe: true };

function errors(result: CheckResult): string[] {
  return result.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
}

/** The ```yaml / ```md blocks of a spec document, in order. */
function codeBlocks(text: string): Array<{ kind: string; text: string }> {
  const out: Array<{ kind: string; text: string }> = [];
  for (const m of text.matchAll(/^```(yaml|md)\n([\s\S]*?)^```$/gm))
    out.push({ kind: m[1]!, text: m[2]! });
  return out;
}

const specsDir = fileURLToPath(new URL('../../../shared/specs', import.meta.url));
const specs = existsSync(specsDir) ? specsDir : undefined;
if (!specs) console.log('skipped: ../shared/specs is not here (RFC examples conversion)');

describe.skipIf(!specs)('the RFC examples (../shared/specs) converted for fast-agent', () => {
  // A skipped describe still runs its body to collect the tests: read only when the specs are here.
  const examples = specs
    ? ['agentcard-rfc.md', 'agentcard-bundles.md'].flatMap((doc) =>
        codeBlocks(readFileSync(join(specs, doc), 'utf8')).map((b, i) => ({
          name: `${doc.replace('.md', '')}-${i + 1}.${b.kind === 'md' ? 'md' : 'yaml'}`,
          text: b.text,
        })),
      )
    : [];

  it('has the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(9);
  });

  for (const example of examples) {
    it(example.name, () => {
      const files = { [example.name]: example.text };
      const invalid = errors(checkLoadSet(files, { profile: 'rfc' })).length > 0;
      const run = fixAll(files, { profile: 'fast-agent' }, ALL);
      if (invalid) {
        // Not valid even for the RFC (its YAML does not parse): nothing is rewritten in it.
        expect(run.applied).toEqual([]);
        return;
      }
      expect(errors(run.result)).toEqual([]);
      expect(fixAll(run.files, { profile: 'fast-agent' }, ALL).applied).toEqual([]);
    });
  }

  it('only the hooks example has RFC errors of its own (a list item followed by an indented key)', () => {
    const invalid = examples.filter(
      (e) => errors(checkLoadSet({ [e.name]: e.text }, { profile: 'rfc' })).length > 0,
    );
    expect(invalid.map((e) => e.name)).toEqual(['agentcard-rfc-6.md']);
  });
});

const cardsRoot = samplesDir('agentcard', 'cards');

/**
 * Sample cards whose fast-agent errors are not an RFC construct a rewrite can carry over, with why.
 * Missing support files (a `tools.py`, an `AGENTS.md` the samples do not ship) are not counted.
 */
const NOT_REWRITTEN: Record<string, string> = {
  'probes/inline_resource.md':
    'a `---RESOURCE` line is body text for the RFC; fast-agent refuses it',
  'probes/inline_user_indented.md':
    'an indented `---USER` is body text for the RFC; fast-agent matches the stripped line',
  'probes/function_tools_no_colon.yaml': 'a reference without `:function`, not an RFC construct',
};
const MISSING_SUPPORT = new Set(['python-file-not-found', 'instruction-file-not-found']);

function sampleFiles(dir: string): string[] {
  return readdirSync(join(cardsRoot!, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|markdown|ya?ml)$/i.test(e.name))
    .map((e) => `${dir}/${e.name}`)
    .sort();
}

function convert(path: string) {
  const files = { [path]: readIfFile(join(cardsRoot!, path)) ?? '' };
  const readFile = (p: string) => readIfFile(join(cardsRoot!, p));
  const rfc = checkLoadSet(files, { profile: 'rfc', readFile });
  const before = checkLoadSet(files, { profile: 'fast-agent', readFile });
  const run = fixAll(files, { profile: 'fast-agent', readFile }, ALL);
  return { rfc, before, run };
}

describe.skipIf(!cardsRoot)('the RFC-style sample cards converted for fast-agent', () => {
  const paths = cardsRoot
    ? ['probes', 'rfc-samples/draft-strato-21569767', 'rfc-samples/final-b8d81d6a'].flatMap(
        sampleFiles,
      )
    : [];

  it('converts every card that is valid for the RFC and fails in fast-agent on an RFC construct', () => {
    const converted: string[] = [];
    const left: string[] = [];
    for (const path of paths) {
      const { rfc, before, run } = convert(path);
      if (errors(rfc).length > 0 || errors(before).length === 0) continue;
      const remaining = run.result.diagnostics.filter(
        (d) => d.severity === 'error' && !MISSING_SUPPORT.has(d.code),
      );
      if (path in NOT_REWRITTEN) continue;
      if (remaining.length === 0) converted.push(path);
      else left.push(`${path}: ${remaining.map((d) => `${d.code} ${d.message}`).join('; ')}`);
    }
    expect(left).toEqual([]);
    expect(converted.length).toBeGreaterThanOrEqual(14);
  });
});

interface ExpectedCard {
  name: string;
  agent_data: Record<string, unknown> & { config: Record<string, unknown>; type: string };
}

const expectedRoot = samplesDir('agentcard', 'expected');
const DRAFT = 'rfc-samples/draft-strato-21569767';
const FINAL = 'rfc-samples/final-b8d81d6a';

/**
 * The draft RFC sample document wrote bundles (with inline history and inline server config); the
 * final one writes the same cards one per file, which fast-agent 0.10.9 loads. Converting a draft
 * bundle must give the cards fast-agent recorded for the final files.
 */
describe.skipIf(!cardsRoot || !expectedRoot)(
  'converted draft bundles agree with fast-agent',
  () => {
    const pairs: Array<[string, string]> = [
      ['sample07-06.md', 'sample07'],
      ['sample09-07.md', 'sample09'],
      ['sample10-08.md', 'sample10'],
    ];
    for (const [draft, prefix] of pairs) {
      it(`${DRAFT}/${draft} → ${FINAL}/${prefix}-*.md`, () => {
        const { run } = convert(`${DRAFT}/${draft}`);
        expect(errors(run.result)).toEqual([]);
        const ours = new Map(run.result.agents.map((a) => [a.name, a]));
        const finals = readdirSync(join(expectedRoot!, FINAL)).filter((f) =>
          f.startsWith(`${prefix}-`),
        );
        expect(finals.length).toBeGreaterThanOrEqual(2);
        for (const file of finals) {
          const record = JSON.parse(readFileSync(join(expectedRoot!, FINAL, file), 'utf8')) as {
            cards: ExpectedCard[];
          };
          for (const card of record.cards) {
            const mine = ours.get(card.name);
            expect(mine, `${card.name} converted`).toBeDefined();
            expect(FAST_AGENT_TYPE_NAMES[mine!.type]).toBe(card.agent_data.type);
            const data = mine!.data as Record<string, unknown> & {
              config: Record<string, unknown>;
            };
            for (const key of ['instruction', 'servers', 'tools', 'default'])
              expect(data.config[key], `${card.name} ${key}`).toEqual(card.agent_data.config[key]);
            for (const key of ['sequence', 'worker', 'k', 'max_samples', 'match_strategy'])
              if (key in card.agent_data)
                expect(data[key], `${card.name} ${key}`).toEqual(card.agent_data[key]);
          }
        }
      });
    }
  },
);
