/**
 * The project's own conformance corpus (tests/fixtures/{afm,openagentspec,tsagent,a2a}): small files
 * written here that cover the rules the shared-samples conformance tests check (afm.test.ts,
 * openagentspec.test.ts, tsagent.test.ts, a2a.test.ts), so that those rules are checked on a clean clone
 * too. Each row gives the whole-file verdict, the error codes, and the rule it stands for; see
 * tests/fixtures/README.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, formatModule, type CheckResult } from '../../src/core/index.ts';
import { countFromEnv, fuzzParameters, SEED, throwOnFailure } from '../fuzz/fuzz-run.ts';
import { applyCardEdits, cardEdits, richCard } from './a2a-cards.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

interface Row {
  /** Accepted = no error and one agent. */
  accepted: boolean;
  /** The error codes, sorted, without repeats. */
  errors: string[];
  /** The rule the file stands for (where the spec or reference decides it). */
  rule: string;
  /** The shape the format names (A2A), or the TsAgent mode. */
  shape?: string;
  mode?: string;
}

function verdict(result: CheckResult) {
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  return {
    accepted: errors.length === 0 && result.agents.length === 1,
    errors: [...new Set(errors.map((d) => d.code))].sort(),
  };
}

function checkRows(
  format: string,
  rows: Record<string, Row>,
  loadSet: (path: string) => Record<string, string>,
  listed: () => string[],
) {
  describe(`${format}: the own corpus (tests/fixtures/${format})`, () => {
    it('has a row for every fixture', () => {
      expect(listed().sort()).toEqual(Object.keys(rows).sort());
    });
    for (const [path, row] of Object.entries(rows))
      it(`${path}: ${row.accepted ? 'accepted' : 'rejected'} (${row.rule})`, () => {
        const files = loadSet(path);
        const result = checkLoadSet(files);
        expect(verdict(result)).toEqual({ accepted: row.accepted, errors: row.errors });
        expect(result.cards.every((c) => c.format === format)).toBe(true);
        if (row.shape !== undefined) expect(result.cards[0]?.shape).toBe(row.shape);
        if (row.mode !== undefined) expect(result.compiled[0]?.extras?.['mode']).toBe(row.mode);
        for (const d of result.diagnostics) {
          expect(d.from).toBeGreaterThanOrEqual(0);
          expect(d.from).toBeLessThanOrEqual(d.to);
          expect(d.to).toBeLessThanOrEqual((files[d.file] ?? '').length);
        }
      });
  });
}

const files = (format: string) =>
  readdirSync(join(FIXTURES, format)).filter((n) => n !== 'README.md');
const single = (format: string) => (path: string) => ({
  [path]: readFileSync(join(FIXTURES, format, path), 'utf8'),
});

// AFM: the verdicts of the reference implementation (afm-core, parse without resolving variables) on
// the same rules as ../shared/samples/afm's MANIFEST, and the spec (afm-spec-v0.3.0.md) where they agree.
checkRows(
  'afm',
  {
    'lighthouse_keeper.afm.md': {
      accepted: true,
      errors: [],
      rule: 'every common field, http and stdio MCP servers',
    },
    'bare.afm.md': {
      accepted: true,
      errors: [],
      rule: 'only spec_version; all frontmatter fields optional',
    },
    'no_frontmatter.afm.md': {
      accepted: true,
      errors: [],
      rule: 'no frontmatter at all is allowed',
    },
    'webhook.afm.md': {
      accepted: true,
      errors: [],
      rule: 'a webhook interface with its subscription',
    },
    'no_role_no_instructions.afm.md': {
      accepted: true,
      errors: [],
      rule: 'missing # Role/# Instructions: accepted (as the reference), with warnings',
    },
    'env_reference.afm.md': {
      accepted: true,
      errors: [],
      rule: '${env:…} is not resolved when checking',
    },
    'unknown_prefix.afm.md': {
      accepted: true,
      errors: [],
      rule: 'an unknown variable prefix fails only on resolution (a warning)',
    },
    'frontmatter_list.afm.md': {
      accepted: false,
      errors: ['frontmatter-not-mapping'],
      rule: 'frontmatter must be a mapping',
    },
    'unclosed.afm.md': {
      accepted: false,
      errors: ['frontmatter-unclosed'],
      rule: 'unclosed frontmatter',
    },
    'bad_yaml.afm.md': {
      accepted: false,
      errors: ['yaml-syntax'],
      rule: 'invalid YAML in the frontmatter',
    },
    'iterations_text.afm.md': {
      accepted: false,
      errors: ['invalid-value'],
      rule: 'max_iterations must be an integer',
    },
    'stdio_no_command.afm.md': {
      accepted: false,
      errors: ['missing-field'],
      rule: 'a stdio transport needs a command',
    },
    'unknown_transport.afm.md': {
      accepted: false,
      errors: ['invalid-value'],
      rule: 'transport type is http or stdio',
    },
    'function_interface.afm.md': {
      accepted: false,
      errors: ['invalid-value'],
      rule: 'interface type is consolechat, webchat or webhook',
    },
    'http_no_path.afm.md': {
      accepted: false,
      errors: ['missing-field'],
      rule: 'an http exposure needs a path',
    },
    'bearer_no_token.afm.md': {
      accepted: false,
      errors: ['afm-auth-missing-field'],
      rule: 'bearer authentication needs a token',
    },
    'http_variable_in_body.afm.md': {
      accepted: false,
      errors: ['afm-http-variable-misplaced'],
      rule: '${http:…} only in webhook prompt fields',
    },
  },
  single('afm'),
  () => files('afm'),
);

// OpenAgentSpec: the seed spec's rules as openagentspec.test.ts decides them (hyphenated names follow
// the seed's RFC 1123 rule; a hyphenated name in a dotted CEL path is an error).
checkRows(
  'openagentspec',
  {
    'ferry-desk.yaml': {
      accepted: true,
      errors: [],
      rule: 'hyphenated agent and capability names (seed rule)',
    },
    'ferry_checks.yaml': {
      accepted: true,
      errors: [],
      rule: 'an input restriction whose CEL names a known capability',
    },
    'hyphen_in_cel.yaml': {
      accepted: false,
      errors: ['oas-cel-hyphen-name'],
      rule: 'a hyphenated name in a dotted CEL path',
    },
    'no_kind.json': {
      accepted: false,
      errors: ['oas-invalid-name', 'oas-missing-kind'],
      rule: 'JSON without kind, a name with a space',
    },
    'unknown_cel_names.json': {
      accepted: false,
      errors: ['oas-cel-unknown-field', 'oas-cel-unknown-variable'],
      rule: 'CEL reading an unknown field and an unknown variable',
    },
    'sketch.yaml': {
      accepted: false,
      errors: ['yaml-syntax'],
      rule: 'not an instance: YAML that does not parse',
    },
  },
  single('openagentspec'),
  () => files('openagentspec'),
);

// TsAgent: the same load-set conventions as tsagent.test.ts (a folder as agent/…, a docs JSON as
// agent/tsagent.json beside a prompt).
const tsagentRoot = join(FIXTURES, 'tsagent');
checkRows(
  'tsagent',
  {
    'yaml-head/kiln.yaml': {
      accepted: true,
      errors: [],
      mode: 'interactive',
      rule: 'HEAD YAML, interactive',
    },
    'yaml-head/kiln-tools.yaml': {
      accepted: true,
      errors: [],
      mode: 'tools',
      rule: 'HEAD YAML with metadata.tools: a tools agent',
    },
    'legacy-dir-derived/kiln-agent': {
      accepted: true,
      errors: [],
      mode: 'interactive',
      rule: 'directory format: string settings, prompt.md',
    },
    'legacy-docs/tools-fragment.json': {
      accepted: false,
      errors: ['missing-field'],
      rule: 'a docs fragment lacks settings and the metadata dates',
    },
    'legacy-docs/missing-comma.json': {
      accepted: false,
      errors: ['tsagent-json-syntax'],
      rule: 'the first JSON syntax error only',
    },
  },
  (sample) => {
    const path = join(tsagentRoot, sample);
    if (statSync(path).isDirectory())
      return Object.fromEntries(
        readdirSync(path).map((n) => [`agent/${n}`, readFileSync(join(path, n), 'utf8')]),
      );
    const text = readFileSync(path, 'utf8');
    if (sample.endsWith('.json'))
      return { 'agent/tsagent.json': text, 'agent/prompt.md': 'You are a test agent.\n' };
    return { [sample.split('/').pop()!]: text };
  },
  () =>
    ['yaml-head', 'legacy-docs', 'legacy-dir-derived'].flatMap((g) =>
      readdirSync(join(tsagentRoot, g)).map((n) => `${g}/${n}`),
    ),
);

describe('tsagent: the directory format and the YAML file read the same agent', () => {
  it('kiln-agent and kiln.yaml', () => {
    const dir = join(tsagentRoot, 'legacy-dir-derived/kiln-agent');
    const folder = checkLoadSet(
      Object.fromEntries(
        readdirSync(dir).map((n) => [`agent/${n}`, readFileSync(join(dir, n), 'utf8')]),
      ),
    ).agents[0]!;
    const yaml = checkLoadSet(single('tsagent')('yaml-head/kiln.yaml')).agents[0]!;
    const instruction = (a: typeof folder) =>
      (a.data['config'] as { instruction: string }).instruction;
    expect(instruction(folder)).toBe(instruction(yaml));
  });
});

// A2A: the python jsonschema verdict on the v0.3.0 schema, and the shape each card is named.
checkRows(
  'a2a',
  {
    'bakery-v030.json': {
      accepted: true,
      errors: [],
      shape: 'A2A v0.3.0',
      rule: 'every required v0.3.0 field',
    },
    'older-v029.json': {
      accepted: true,
      errors: [],
      shape: 'A2A v0.2.9',
      rule: 'an older protocolVersion (a note)',
    },
    'missing-skills.json': {
      accepted: false,
      errors: ['missing-field'],
      shape: 'A2A v0.3.0',
      rule: 'skills and defaultOutputModes are required',
    },
    'no-protocol-version.json': {
      accepted: false,
      errors: ['missing-field'],
      shape: 'A2A before v0.3 (no protocolVersion)',
      rule: 'protocolVersion is required',
    },
    'streaming-as-text.json': {
      accepted: false,
      errors: ['invalid-value'],
      shape: 'A2A v0.3.0',
      rule: 'capabilities.streaming is a boolean',
    },
    'v1-shape.json': {
      accepted: false,
      errors: ['missing-field'],
      shape: 'A2A v1.0 shape',
      rule: 'a v1.0 card lacks the v0.3.0 url and protocolVersion',
    },
  },
  single('a2a'),
  () => files('a2a'),
);

// The reader against the project's own generated JSON Schema (public/schemas/v1), which needs no
// ../shared: ajv on it agrees with the reader on the fixtures and on mutated cards.
describe('A2A reader and ajv on the shipped schema (public/schemas/v1/a2a-agentcard.schema.json)', () => {
  const schema = JSON.parse(
    readFileSync(
      new URL('../../public/schemas/v1/a2a-agentcard.schema.json', import.meta.url),
      'utf8',
    ),
  ) as object;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
  const a2a = formatModule('a2a');
  const readerAccepts = (text: string, path = 'agent.json') =>
    !a2a
      .analyze({ entry: path, files: { [path]: text } }, { read: () => undefined, paths: [path] })
      .diagnostics.some((d) => d.severity === 'error');
  const COUNT = countFromEnv(process.env, 'A2A_AGREEMENT_COUNT', 1500);

  it('agree on every fixture and on the hand-written rich card', () => {
    for (const name of files('a2a')) {
      const text = readFileSync(join(FIXTURES, 'a2a', name), 'utf8');
      expect(readerAccepts(text, name), name).toBe(validate(JSON.parse(text)));
    }
    expect(validate(richCard())).toBe(true);
  });

  it(`agree on ${COUNT} mutated cards`, () => {
    const own = files('a2a').map(
      (n) => JSON.parse(readFileSync(join(FIXTURES, 'a2a', n), 'utf8')) as unknown,
    );
    let accepted = 0;
    const details = fc.check(
      fc.property(
        fc.oneof(fc.constant(richCard()), fc.constantFrom(...own)),
        cardEdits,
        fc.integer({ min: 0, max: 2 }),
        (card, edits, indent) => {
          const text = JSON.stringify(applyCardEdits(card, edits), null, indent);
          const ajv = validate(JSON.parse(text));
          if (ajv) accepted++;
          if (readerAccepts(text) !== ajv) throw new Error(`ajv=${ajv}: ${text.slice(0, 400)}`);
        },
      ),
      fuzzParameters(COUNT, 0x0a2a),
    );
    console.log(
      `A2A agreement on the shipped schema (seed ${SEED}): ${details.numRuns} cards, ajv accepted ${accepted}`,
    );
    throwOnFailure(details);
    expect(accepted).toBeGreaterThan(COUNT / 10);
    expect(COUNT - accepted).toBeGreaterThan(COUNT / 10);
  });
});
