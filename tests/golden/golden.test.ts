import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../src/core/index.ts';
import { goldenCases, summarize } from './golden-corpus.ts';

// UPDATE_GOLDEN=1 (or the older spelling GOLDEN_UPDATE=1) rewrites expected.json from the current
// output: `npm run golden:update`. Review the diff against the RFC before committing
// (tests/fixtures/README.md says which section decides each order).
const update = process.env['UPDATE_GOLDEN'] === '1' || process.env['GOLDEN_UPDATE'] === '1';

describe('rfc golden corpus (tests/fixtures/rfc)', () => {
  for (const golden of goldenCases('rfc')) {
    it(`${golden.name} gives the recorded agents, split, diagnostics, compiled data and history`, () => {
      const result = checkLoadSet(golden.files, { profile: 'rfc', cards: golden.cards });
      const actual = summarize(result);
      const path = join(golden.dir, 'expected.json');
      if (update) writeFileSync(path, JSON.stringify(actual, null, 2) + '\n');
      expect(existsSync(path), `${path} exists (run with UPDATE_GOLDEN=1 to create it)`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(path, 'utf8')));
    });
  }
});
