import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, convertAgent, DIAGNOSTIC_CODES } from '../../src/core/index.ts';
import { afmFormat } from '../../src/core/formats/afm/index.ts';
import { countFromEnv, fuzzParameters, SEED, throwOnFailure } from './fuzz-run.ts';
import { applyMutations, mutations, type Mutation } from './mutate.ts';
import { findMalformations } from './well-formed.ts';
import { hangGuard } from '../setup/hang-guard.ts';

// Mutations of hand-written AFM files (every shape, the body rules, variables) never make the AFM
// analysis or the conversions throw; results are structured-cloneable and every range lies in the text.
// Reproducible from FUZZ_SEED; AFM_FUZZ_COUNT sets how many mutated inputs are tried.

const COUNT = countFromEnv(process.env, 'AFM_FUZZ_COUNT', 800);
console.log(`afm fuzz: FUZZ_SEED=${SEED} AFM_FUZZ_COUNT=${COUNT}`);

const SEEDS: readonly string[] = [
  `---
spec_version: "0.3.0"
name: Support
description: Helps customers
version: 1.0.0
authors: ["A <a@x.org>"]
provider: {name: Org, url: "https://org"}
icon_url: https://org/i.png
model:
  provider: openai
  name: gpt-4o
  authentication: {type: api-key, api_key: "\${env:KEY}"}
max_iterations: 9
interfaces:
  - type: webchat
    signature:
      input: {type: object, properties: {q: {type: string}}, required: [q]}
      output: {type: array, items: {type: string}}
    exposure: {http: {path: /chat}}
  - type: webhook
    prompt: "Event \${http:payload.kind} from \${http:header.X-Src}"
    subscription: {protocol: websub, hub: "https://hub", topic: t, secret: "\${env:S}"}
tools:
  mcp:
    - name: web
      transport: {type: http, url: "\${env:URL}", authentication: {type: bearer, token: literal}}
      tool_filter: {allow: [a], deny: [b]}
    - name: fs
      transport: {type: stdio, command: npx, args: [-y, fs], env: {API_KEY: "\${env:K}"}}
skills:
  - type: local
    path: ./skills
---

# Role
You help customers.

# Instructions
- Be kind \${env:TONE}.
`,
  `---
name: Old
namespace: edu
iconUrl: "https://x"
provider: {organization: O, url: "https://o"}
interface:
  type: webhook
  signature: {input: {type: object}, output: {type: string, minLength: 1, pattern: "^a"}}
  exposure: {http: {path: /hook, authentication: {type: basic, username: u, password: p}}}
  subscription: {protocol: websub, hub: h, topic: t}
tools:
  mcp:
    servers:
      - name: gh
        transport: {type: http_sse, url: "https://gh"}
        authentication: {type: bearer, token: "\${GH}"}
      - name: local
        transport: {type: stdio, command: "npx -y server"}
---
# Role
Old role
# Instructions
Old instructions \${secret:X}
`,
  `---
spec_version: "0.4.0"
interfaces:
  - type: platformchat
    platform: slack
    mode: polling
    polling: {interval: 5, timeout: 30}
    authentication: {type: bearer, token: "\${env:T}"}
    prompt: "\${http:payload.event}"
---
# Role
R
# Overview
ignored
# Instructions
I
# role
again
`,
  `# Role\nNo frontmatter.\n\n# Instructions\nJust text with \${VAR} and \${http:payload}.\n`,
  `\n---\nname: late\n---\n# Role\n\n# Instructions\n`,
];
const NAMES = ['x.afm.md', 'agent.afm', '9bad.afm.md', 'dir/My Agent.afm.md'];

function rangesWithin(
  result: ReturnType<typeof checkLoadSet>,
  files: Record<string, string>,
): string[] {
  const out: string[] = [];
  for (const d of result.diagnostics) {
    const text = files[d.file];
    if (text === undefined) continue;
    if (!(0 <= d.from && d.from <= d.to && d.to <= text.length))
      out.push(`${d.code} range ${d.from}-${d.to} outside 0-${text.length}`);
    if (!Object.hasOwn(DIAGNOSTIC_CODES, d.code)) out.push(`unknown code ${d.code}`);
  }
  return out;
}

/** Everything wrong with checking and converting one mutated AFM file. */
function problemsOf(path: string, text: string): string[] {
  const files = { [path]: text };
  try {
    const result = checkLoadSet(files);
    const problems = [...findMalformations(result, files), ...rangesWithin(result, files)];
    if (!isDeepStrictEqual(structuredClone(result), result)) problems.push('result does not clone');
    for (const agent of result.compiled) {
      for (const target of ['afm', 'agentcard'] as const) {
        const conversion = convertAgent(agent, target);
        if (!isDeepStrictEqual(structuredClone(conversion), conversion))
          problems.push(`${target} conversion does not clone`);
        const again = checkLoadSet(conversion.files);
        problems.push(...findMalformations(again, conversion.files));
      }
    }
    const analysis = afmFormat.analyze(
      { entry: path, files },
      { read: () => undefined, paths: [path] },
    );
    for (const d of analysis.diagnostics)
      if (!(0 <= d.from && d.from <= d.to && d.to <= text.length))
        problems.push(`direct ${d.code} range ${d.from}-${d.to} outside 0-${text.length}`);
    return problems;
  } catch (error) {
    return [
      `throws ${error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error)}`,
    ];
  }
}

describe('AFM fuzz', () => {
  it('checks every seed without problems', () => {
    for (const [i, seed] of SEEDS.entries())
      for (const name of NAMES) expect(problemsOf(name, seed), `seed ${i} as ${name}`).toEqual([]);
  });

  it(
    `never throws on ${COUNT} mutated files`,
    () => {
      const seed = fc.nat({ max: SEEDS.length - 1 });
      const input = fc.record({ seed, donor: seed, mutations, name: fc.constantFrom(...NAMES) });
      const textOf = ({
        seed,
        donor,
        mutations,
      }: {
        seed: number;
        donor: number;
        mutations: Mutation[];
      }) => applyMutations(SEEDS[seed]!, mutations, SEEDS[donor]!);
      const details = fc.check(
        fc.property(input, (input) => {
          const problems = problemsOf(input.name, textOf(input));
          if (problems.length > 0) throw new Error(problems.join('; '));
        }),
        fuzzParameters(COUNT),
      );
      throwOnFailure(details, ([input]) => [
        `${input.name}: ${JSON.stringify(textOf(input).slice(0, 400))}`,
      ]);
    },
    hangGuard(120_000),
  );

  it(
    'stays bounded on pathological files',
    () => {
      const many = `---\nname: x\n---\n# Role\n${'${env:A} '.repeat(20_000)}\n# Instructions\n${'${'.repeat(50_000)}\n`;
      const deep = `---\ninterfaces:\n  - type: webchat\n    signature:\n      input: ${'{items: '.repeat(200)}{type: string}${'}'.repeat(200)}\n---\n# Role\nR\n# Instructions\nI\n`;
      const wide = `---\ntools:\n  mcp:\n${Array.from({ length: 3000 }, (_, i) => `    - name: s${i % 50}\n      transport: {type: stdio}\n`).join('')}---\n# Role\nR\n`;
      const headings = `${'# Other\ntext\n'.repeat(20_000)}`;
      for (const text of [many, deep, wide, headings])
        expect(problemsOf('p.afm.md', text)).toEqual([]);
    },
    hangGuard(60_000),
  );
});
