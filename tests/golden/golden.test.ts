import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, type CheckOptions, type Profile } from '../../src/core/index.ts';
import { goldenCases, summarize } from './golden-corpus.ts';

// UPDATE_GOLDEN=1 (or the older spelling GOLDEN_UPDATE=1) rewrites expected.json from the current
// output: `npm run golden:update`. Review the diff against the RFC before committing
// (tests/fixtures/README.md says which section decides each order).
const update = process.env['UPDATE_GOLDEN'] === '1' || process.env['GOLDEN_UPDATE'] === '1';

/**
 * What each profile's corpus is checked with. The fast-agent corpus gets a fixed day (fast-agent
 * renders `{{currentDate}}` at load) and an environment (it expands `${VAR}` in fields), so that its
 * golden files never depend on the machine.
 */
const PROFILES: ReadonlyArray<{ profile: Profile; options: CheckOptions }> = [
  { profile: 'rfc', options: {} },
  {
    profile: 'fast-agent',
    options: { today: '2025-07-24', env: { DESK_MODEL: 'haiku', DESK_TOKEN: 'token-123' } },
  },
];

for (const { profile, options } of PROFILES) {
  describe(`${profile} golden corpus (tests/fixtures/${profile})`, () => {
    for (const golden of goldenCases(profile)) {
      it(`${golden.name} gives the recorded agents, split, diagnostics, compiled data and history`, () => {
        const result = checkLoadSet(golden.files, { ...options, profile, cards: golden.cards });
        const actual = summarize(result);
        const path = join(golden.dir, 'expected.json');
        if (update) writeFileSync(path, JSON.stringify(actual, null, 2) + '\n');
        expect(existsSync(path), `${path} exists (run with UPDATE_GOLDEN=1 to create it)`).toBe(
          true,
        );
        expect(actual).toEqual(JSON.parse(readFileSync(path, 'utf8')));
      });
    }
  });
}
