import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../src/core/index.ts';
import { samplesDir } from './shared-samples.ts';

// Every file of ../shared/samples/openagentspec against the verdict of its MANIFEST.md ("spec @S1"
// column). Where this checker decides otherwise on purpose, the row says why (also in
// docs/formats/openagentspec.md, "Deliberate differences").

type Verdict = 'valid' | 'invalid' | 'not an instance';

interface Expectation {
  /** The MANIFEST's verdict under the spec at its last commit (S1). */
  manifest: Verdict;
  /** Whether this checker accepts the file (no error). */
  accepted: boolean;
  /** The error codes this checker reports, sorted, without repeats. */
  errors: string[];
  /** Why the checker's verdict differs from the MANIFEST's, when it does. */
  disagreement?: string;
}

const SEED_NAMES =
  "the seed spec's RFC 1123 rule allows hyphenated names (NOTES.md: follow the seed); the MANIFEST's S1 column applies the last commit's [a-z0-9_] rule";

const EXPECTED: Record<string, Expectation> = {
  'hr-agent__hr-agent.yaml': {
    manifest: 'invalid',
    accepted: false,
    errors: ['oas-cel-hyphen-name'],
  },
  'meeting-scheduler__meeting-scheduler.yaml': {
    manifest: 'invalid',
    accepted: true,
    errors: [],
    disagreement: SEED_NAMES,
  },
  'multi-agent-external__1__tech-support.yaml': {
    manifest: 'invalid',
    accepted: false,
    errors: ['oas-cel-hyphen-name'],
  },
  'multi-agent-external__2__service-report.yaml': {
    manifest: 'invalid',
    accepted: false,
    errors: ['oas-cel-hyphen-name'],
  },
  'multi-agent-internal__hr-executive-assistant.yaml': {
    manifest: 'invalid',
    accepted: true,
    errors: [],
    disagreement: SEED_NAMES,
  },
  'web-browser__web-browser.yaml': {
    manifest: 'invalid',
    accepted: true,
    errors: [],
    disagreement: SEED_NAMES,
  },
  'agent-os-builtin/internet_reader.json': {
    manifest: 'invalid',
    accepted: false,
    errors: ['oas-invalid-name', 'oas-missing-kind'],
  },
  'agent-os-builtin/reddit_reader_insecure.json': {
    manifest: 'invalid',
    accepted: false,
    errors: ['oas-cel-unknown-field', 'oas-invalid-name', 'oas-missing-kind'],
  },
  'agent-os-builtin/reddit_reader_secure.json': {
    manifest: 'invalid',
    accepted: false,
    errors: [
      'oas-cel-unknown-field',
      'oas-cel-unknown-variable',
      'oas-invalid-name',
      'oas-missing-kind',
    ],
  },
  'agent-os-crd-drafts/agent-example.schema-sketch.yaml': {
    manifest: 'not an instance',
    accepted: false,
    errors: ['yaml-syntax'],
  },
  'agent-os-crd-drafts/tool-example.schema-sketch.yaml': {
    manifest: 'not an instance',
    accepted: false,
    errors: ['yaml-syntax'],
  },
};

/** Every file under `dir` except the MANIFEST, as `/`-separated paths relative to it. */
function sampleFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== 'MANIFEST.md') out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const dir = samplesDir('openagentspec');

describe.skipIf(!dir)('OpenAgentSpec samples (../shared/samples/openagentspec)', () => {
  const root = dir ?? '';
  const counts = { accepted: 0, rejected: 0, disagreements: 0 };
  afterAll(() =>
    console.log(
      `openagentspec samples: ${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.disagreements} deliberate disagreements with MANIFEST.md`,
    ),
  );

  it('has an expectation for every sample file and a MANIFEST row for each', () => {
    expect(sampleFiles(root)).toEqual(Object.keys(EXPECTED).sort());
    const manifest = readFileSync(join(root, 'MANIFEST.md'), 'utf8');
    for (const file of Object.keys(EXPECTED))
      expect(manifest, file).toContain(file.slice(file.lastIndexOf('/') + 1));
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`${file}: ${expected.accepted ? 'accepted' : 'rejected'}${expected.disagreement ? ' (deliberately unlike the MANIFEST)' : ''}`, () => {
      const text = readFileSync(join(root, file), 'utf8');
      const result = checkLoadSet({ [file]: text });
      expect(result.cards.map((c) => c.format)).toEqual(['openagentspec']);
      const errors = [
        ...new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)),
      ].sort();
      expect(errors).toEqual(expected.errors);
      const accepted = result.cards[0]!.ok;
      expect(accepted).toBe(expected.accepted);
      expect(accepted).toBe(errors.length === 0);
      const agreesWithManifest = accepted === (expected.manifest === 'valid');
      expect(agreesWithManifest, 'a disagreement must give its reason').toBe(
        expected.disagreement === undefined,
      );
      if (accepted) counts.accepted++;
      else counts.rejected++;
      if (!agreesWithManifest) counts.disagreements++;
      for (const d of result.diagnostics) {
        expect(d.from).toBeGreaterThanOrEqual(0);
        expect(d.to).toBeLessThanOrEqual(text.length);
      }
    });
  }

  it('points the hyphenated CEL names of the spec examples at `.name` with the bracket form', () => {
    const file = 'hr-agent__hr-agent.yaml';
    const text = readFileSync(join(root, file), 'utf8');
    const [d] = checkLoadSet({ [file]: text }).diagnostics.filter(
      (x) => x.code === 'oas-cel-hyphen-name',
    );
    expect(text.slice(d!.from, d!.to)).toBe('.search-knowledge-base');
    expect(d!.message).toContain('recent["search-knowledge-base"]');
  });
});
