import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, type CheckResult } from '../../src/core/index.ts';
import { tsAgentFormat } from '../../src/core/formats/tsagent/index.ts';
import type { FormatAnalysis } from '../../src/core/formats/format-module.ts';
import { samplesDir } from '../conformance/shared-samples.ts';
import { countFromEnv, fuzzParameters, SEED, sometimes, throwOnFailure } from './fuzz-run.ts';
import { applyMutations, mutations, type Mutation, position, scaled } from './mutate.ts';
import { hangGuard } from '../setup/hang-guard.ts';

// The TsAgent module's promise: whatever the files of an agent folder or a YAML agent hold, reading them
// never throws, and the result is cloneable data whose ranges lie inside their own files. Reproducible
// from FUZZ_SEED; TSAGENT_FUZZ_COUNT sets how many mutated inputs it tries.

const COUNT = countFromEnv(process.env, 'TSAGENT_FUZZ_COUNT', 400);
console.log(`tsagent fuzz: FUZZ_SEED=${SEED} TSAGENT_FUZZ_COUNT=${COUNT}`);

const numbers = Array.from({ length: 24 }, (_, i) => (i / 3 - 4).toFixed(6)).join(', ');

/** Hand-written seeds: folders (path → text) and YAML files. */
const INLINE_FOLDERS: Array<Record<string, string>> = [
  {
    'a/tsagent.json': JSON.stringify(
      {
        metadata: {
          name: 'Fuzz',
          created: 'c',
          lastAccessed: 'l',
          tools: [
            {
              name: 't',
              description: 'd',
              parameters: { type: 'object', properties: { q: { type: 'string' } } },
              prompt: 'Do {q} with {name} and {other}',
            },
          ],
          skills: [{ id: 's', name: 'S', description: '', tags: ['x'] }],
        },
        settings: { maxChatTurns: '5', toolPermission: 'tool', mostRecentModel: 'claude:x' },
        providers: { claude: { ANTHROPIC_API_KEY: 'sk-1' }, anthropic: {} },
        mcpServers: {
          fs: {
            type: 'stdio',
            command: 'npx',
            args: ['-y'],
            toolPermissionRequired: { serverDefault: true },
          },
          web: { type: 'sse', url: 'http://x', headers: { A: 'b' } },
        },
      },
      null,
      2,
    ),
    'a/prompt.md': 'You are a fuzzing agent.\n',
    'a/rules/r.mdt':
      '---\n{\n  "name": "r",\n  "priorityLevel": 0,\n  "include": "always"\n}---\nRule text.\n',
    'a/refs/x.mdt': '---\nname: x\ninclude: agent\nenabled: true\n---\nRef text.\n',
    'a/references/y.mdt': '---\ndescription: y\n---\nMore.\n',
  },
];

const INLINE_YAML: string[] = [
  `metadata:\n  name: Y\n  created: c\n  lastAccessed: l\n  autonomous: true\n  tools:\n    - name: t\n      description: d\n      parameters: {type: object, properties: {a: {type: string}}}\n      prompt: "{a} {b}"\nsettings:\n  maxChatTurns: 3\n  model: x:y\nsystemPrompt: Hi.\nrules:\n  - name: r\n    text: T\n    include: always\n    embeddings:\n      - [ ${numbers} ]\n    hash: h\nreferences: []\nproviders:\n  openai: {OPENAI_API_KEY: sk}\nmcpServers:\n  s:\n    type: stdio\n    command: c\n    args: []\n    serverToolDefaults: {permissionRequired: true, include: agent}\n    tools:\n      x:\n        embeddings:\n          - [ ${numbers} ]\n`,
  `metadata: &m\n  name: A\n  created: c\n  lastAccessed: l\nsettings: {}\nsystemPrompt: *m\nmcpServers: {__proto__: {type: internal, tool: rules}}\n`,
];

function readFolder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[`agent/${relative(dir, full).split(sep).join('/')}`] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return files;
}

const samples = samplesDir('tsagent');
const FOLDERS = [...INLINE_FOLDERS];
const YAMLS = [...INLINE_YAML];
// The own corpus (tests/fixtures/tsagent) is there on a clean clone too.
const OWN = fileURLToPath(new URL('../fixtures/tsagent/', import.meta.url));
FOLDERS.push(readFolder(join(OWN, 'legacy-dir-derived', 'kiln-agent')));
for (const name of readdirSync(join(OWN, 'yaml-head')))
  YAMLS.push(readFileSync(join(OWN, 'yaml-head', name), 'utf8'));
if (samples) {
  for (const name of ['tspark-agent', 'tvault-agent'])
    FOLDERS.push(readFolder(join(samples, 'legacy-dir-derived', name)));
  for (const name of readdirSync(join(samples, 'yaml-head')))
    if (name.endsWith('.noembed.yaml') || name === 'bob.yaml' || name === 'orchestrator.yaml')
      YAMLS.push(readFileSync(join(samples, 'yaml-head', name), 'utf8'));
}

/** Problems with one result: ranges outside their file, files outside the unit, data that does not clone. */
function malformations(files: Record<string, string>, analysis: FormatAnalysis): string[] {
  const out: string[] = [];
  for (const d of analysis.diagnostics) {
    const text = files[d.file];
    if (text === undefined) out.push(`diagnostic in a file outside the unit: ${d.file}`);
    else if (!(0 <= d.from && d.from <= d.to && d.to <= text.length))
      out.push(`range [${d.from}, ${d.to}) outside ${d.file} (${text.length})`);
  }
  for (const agent of analysis.agents) {
    const text = files[agent.file] ?? '';
    if (!(
      0 <= agent.from &&
      agent.from <= agent.headerTo &&
      agent.headerTo <= agent.to &&
      agent.to <= text.length
    ))
      out.push(`agent range outside ${agent.file}`);
  }
  if (!isDeepStrictEqual(structuredClone(analysis), analysis)) out.push('result does not clone');
  return out;
}

/** Member names a plain object inherits or treats specially, as files of an agent folder. */
const PROTOTYPE_MEMBERS = [
  'agent/constructor',
  'agent/__proto__',
  'agent/rules/__proto__.mdt',
  'agent/refs/toString.mdt',
  'agent/hasOwnProperty/prompt.md',
];
const tricks = { prototypeMembers: 0, formatsGiven: 0 };

function check(files: Record<string, string>, entry: string, withFormats = false): string[] {
  const analysis = tsAgentFormat.analyze(
    { entry, files },
    {
      read: (p) => (Object.hasOwn(files, p) ? files[p] : undefined),
      paths: Object.keys(files).sort(),
    },
  );
  const problems = malformations(files, analysis);
  const result: CheckResult = checkLoadSet(
    files,
    withFormats ? { formats: { [entry]: 'tsagent' } } : {},
  );
  if (!isDeepStrictEqual(structuredClone(result), result))
    problems.push('checkLoadSet result does not clone');
  return problems;
}

describe('TsAgent fuzz', () => {
  it(
    `reads ${COUNT} mutated folders and YAML files without throwing, with ranges in their files`,
    () => {
      const donors = [...YAMLS, ...FOLDERS.flatMap((f) => Object.values(f))];
      const donor = fc.nat({ max: donors.length - 1 });
      const input = fc.record({
        donor,
        what: fc.oneof(
          fc.record({
            yaml: fc.nat({ max: YAMLS.length - 1 }),
            mutations,
          }),
          fc.record({
            folder: fc.nat({ max: FOLDERS.length - 1 }),
            /** The member file mutated (a position among the folder's files). */
            target: position,
            mutations,
            /** A member under a prototype name, holding the donor. */
            prototypeMember: sometimes(30, fc.constantFrom(...PROTOTYPE_MEMBERS)),
          }),
        ),
        withFormats: fc.boolean(),
      });
      type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;
      const unitOf = ({
        donor: d,
        what,
      }: Input): { files: Record<string, string>; entry: string } => {
        const text = donors[d]!;
        const edit = (t: string, m: Mutation[]) => applyMutations(t, m, text);
        if ('yaml' in what)
          return {
            files: { 'agent.yaml': edit(YAMLS[what.yaml]!, what.mutations) },
            entry: 'agent.yaml',
          };
        const files = { ...FOLDERS[what.folder]! };
        const paths = Object.keys(files);
        const target = paths[scaled(what.target, paths.length)]!;
        files[target] = edit(files[target]!, what.mutations);
        if (what.prototypeMember) {
          tricks.prototypeMembers++;
          files[what.prototypeMember] = text;
        }
        return { files, entry: paths.find((p) => p.endsWith('/tsagent.json'))! };
      };
      const details = fc.check(
        fc.property(input, (input) => {
          const { files, entry } = unitOf(input);
          if (input.withFormats) tricks.formatsGiven++;
          const problems = check(files, entry, input.withFormats);
          if (problems.length > 0) throw new Error(problems.join('; '));
        }),
        fuzzParameters(COUNT),
      );
      console.log(
        `tsagent fuzz tricks: prototype-named member files ${tricks.prototypeMembers} times, formats given ${tricks.formatsGiven} times`,
      );
      throwOnFailure(details, ([input]) => [
        `files: ${JSON.stringify(unitOf(input).files).slice(0, 600)}`,
      ]);
    },
    hangGuard(300_000),
  );

  it(
    'survives pathological inputs',
    () => {
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const longList = `[ ${Array.from({ length: 10_000 }, () => '0.5').join(', ')}, x ]`;
      const cases: Array<[Record<string, string>, string]> = [
        [{ 'a/tsagent.json': deep, 'a/prompt.md': '' }, 'a/tsagent.json'],
        [{ 'a/tsagent.json': `{"metadata": ${deep}}` }, 'a/tsagent.json'],
        [{ 'a/tsagent.json': '{"__proto__": {"name": 1}, "constructor": []}' }, 'a/tsagent.json'],
        [{ 'tsagent.json': '', 'x/y/z.mdt': '---\n---\n', 'rules/.mdt': '---\n' }, 'tsagent.json'],
        [{ 'a.yaml': `metadata:\n  name: x\nsettings:\n  e: ${longList}\n` }, 'a.yaml'],
        [{ 'a.yaml': `metadata:\n  name: x\nsettings: &a [*a]\n` }, 'a.yaml'],
        [
          {
            'a.yaml': `metadata:\n  name: x\nsystemPrompt: "${'{x}'.repeat(10_000)}"\nsettings: {}\n`,
          },
          'a.yaml',
        ],
      ];
      for (const [files, entry] of cases) {
        const t = performance.now();
        expect(check(files, entry), entry).toEqual([]);
        console.log(`pathological ${entry}: ${(performance.now() - t).toFixed(0)} ms`);
      }
    },
    hangGuard(120_000),
  );
});
