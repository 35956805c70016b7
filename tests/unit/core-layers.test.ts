import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js as they apply to a file: its computed configuration, keeping the
// import and global rules (the type-aware rules need the file in the TypeScript program).
const eslint = new ESLint({ cwd: process.cwd() });
const LAYER_RULES = ['no-restricted-imports', 'no-restricted-globals'];

async function layerProblems(path: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path)) as { rules: Record<string, unknown> };
  const rules = Object.fromEntries(
    LAYER_RULES.filter((rule) => rule in config.rules).map((rule) => [rule, config.rules[rule]]),
  ) as Linter.RulesRecord;
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules }],
    { filename: path },
  );
  return messages.map((m) => m.ruleId ?? m.message);
}

// Each planted violation: where it is, what it imports or uses, and the rule that must refuse it.
const PLANTED: Array<[string, string, string]> = [
  ['src/core/load-set/planted.ts', "import { x } from '../../app/state/x.ts';", 'no-restricted-imports'],
  ['src/core/index.ts', "export { encodePermalink } from '../permalink/permalink.ts';", 'no-restricted-imports'],
  ['src/core/text/planted.ts', "import { readFileSync } from 'node:fs';", 'no-restricted-imports'],
  ['src/core/graph/planted.ts', 'export const here = document.title;', 'no-restricted-globals'],
  ['src/core/formats/afm/planted.ts', 'export const env = process.env;', 'no-restricted-globals'],
  ['src/core/formats/afm/planted.ts', 'export const w = self.postMessage;', 'no-restricted-globals'],
  ['src/core/formats/afm/planted.ts', "import { cardFields } from '../agentcard/card-fields.ts';", 'no-restricted-imports'],
  ['src/core/formats/a2a/planted.ts', "import { planUnits } from '../../load-set/plan-units.ts';", 'no-restricted-imports'],
  ['src/core/formats/a2a/planted.ts', "import { FORMATS } from '../registry.ts';", 'no-restricted-imports'],
  ['src/core/formats/tsagent/planted.ts', "import type { CheckResult } from '../../index.ts';", 'no-restricted-imports'],
  ['src/core/text/planted.ts', "import type { FormatId } from '../formats/format-module.ts';", 'no-restricted-imports'],
  ['src/core/model/planted.ts', "import { Checker } from '../load-set/check-load-set.ts';", 'no-restricted-imports'],
  ['src/core/load-set/planted.ts', "import { agentGraph } from '../graph/agent-graph.ts';", 'no-restricted-imports'],
  ['src/core/load-set/passes/planted.ts', "import { fixAll } from '../../fixes/fix-all.ts';", 'no-restricted-imports'],
]; // prettier-ignore

// What each layer may import: the same rules must let these through.
const ALLOWED: Array<[string, string]> = [
  ['src/core/formats/afm/planted.ts', "import { lineIndex } from '../../text/line-index.ts';"],
  ['src/core/formats/afm/planted.ts', "import type { FormatModule } from '../format-module.ts';"],
  [
    'src/core/formats/afm/planted.ts',
    "import { publishSchema } from '../../schemas/publish-schema.ts';",
  ],
  ['src/core/load-set/planted.ts', "import { afmFormat } from '../formats/afm/index.ts';"],
  ['src/core/index.ts', "export { agentGraph } from './graph/agent-graph.ts';"],
  ['src/cli/planted.ts', "import { readFileSync } from 'node:fs';"],
  ['src/app/planted.ts', 'export const here = document.title;'],
];

describe("the core's layers (eslint.config.js)", () => {
  it.each(PLANTED)('refuse in %s: %s', async (path, code, rule) => {
    expect(await layerProblems(path, code)).toEqual([rule]);
  });

  it.each(ALLOWED)('allow in %s: %s', async (path, code) => {
    expect(await layerProblems(path, code)).toEqual([]);
  });
});
