import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../src/core/index.ts';
import { samplesDir } from './shared-samples.ts';

// Every AFM sample of ../shared/samples/afm is checked; the product's verdict (accepted = compiled
// without errors) must agree with the reference implementation's verdict in MANIFEST.md, or the file
// must be listed below with the reason the product deliberately differs (mirrored in docs/formats/afm.md).

/** Files where the product deliberately disagrees with afm-core @cec1ace5, and why. */
const DISAGREEMENTS: Readonly<Record<string, string>> = {
  'spec-repo/slack_assistant.afm.md':
    'platformchat is in the newer spec (0.4.0) and newer reference releases; the product reads that shape and warns (afm-portability)',
  'legacy-draft/math_tutor.draft-f44b20c-sec4.4.afm.md':
    'the spec text (the product contract) is the draft shape, where `namespace` is a field; the product warns how to migrate (afm-draft-shape)',
  'legacy-draft/research_service.draft-f44b20c-assembled.afm.md':
    'every construct is valid in the spec-text draft shape; the product accepts it and warns per construct how to migrate (afm-draft-shape)',
  'negative-synthetic/unknown_key.afm.md':
    '`namespace` is a field of the spec-text draft shape, so the file reads as that shape (afm-draft-shape warning)',
  'negative-synthetic/webhook_without_subscription.afm.md':
    'the spec makes `subscription` optional; the reference requires it (afm-portability warning)',
  'negative-synthetic/signature_without_type.afm.md':
    'a signature must be a valid JSON Schema, and `anyOf` without `type` is one; the reference requires a top-level `type` (afm-portability warning)',
};

type Verdict = 'accepted' | 'rejected';

/** The reference implementation's verdict per sample path, read from MANIFEST.md's tables. */
function readManifest(text: string): Map<string, Verdict> {
  const out = new Map<string, Verdict>();
  let folder = '';
  let column = -1;
  for (const line of text.split('\n')) {
    const heading = /^## ([\w-]+)\//.exec(line);
    if (heading) {
      folder = heading[1]!;
      column = -1;
      continue;
    }
    if (!line.startsWith('|') || folder === '') continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === 'file') {
      column = cells.findIndex((c) => c === 'refimpl' || c.startsWith('result at'));
      continue;
    }
    if (column < 0 || /^-+$/.test(cells[0] ?? '')) continue;
    const name = (cells[0] ?? '').split(' ')[0]!;
    const file = /\.afm(\.md)?$/.test(name) ? name : `${name}.afm.md`;
    const cell = cells[column] ?? '';
    // The verdicts are for parse_afm(resolve_env=False): a cell that only describes a failure "with
    // resolution" (of variables) is a file that parse accepts.
    const verdict: Verdict = /invalid/i.test(cell)
      ? 'rejected'
      : /^(\*\*)?(valid|accepted)|^with resolution/i.test(cell)
        ? 'accepted'
        : 'rejected';
    out.set(`${folder}/${file}`, verdict);
  }
  return out;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const root = samplesDir('afm');

describe.skipIf(root === undefined)('AFM samples against the reference implementation', () => {
  const base = root ?? '';
  const manifest = root ? readManifest(readFileSync(join(base, 'MANIFEST.md'), 'utf8')) : new Map();
  const all = root ? walk(base) : [];
  const samples = all
    .filter((p) => /\.afm(\.md)?$/.test(p))
    .map((p) => relative(base, p).split(sep).join('/'))
    .sort();

  it('has a MANIFEST verdict for every sample', () => {
    expect(samples.length).toBeGreaterThan(0);
    for (const path of samples) expect(manifest.has(path), path).toBe(true);
  });

  it('agrees with the reference verdict, except for the documented disagreements', () => {
    const counts = { accepted: 0, rejected: 0, disagreements: 0 };
    for (const path of samples) {
      // The sample's folder goes into the load-set too (skills directories), but only the sample is checked.
      const folder = dirname(join(base, path));
      const files: Record<string, string> = {};
      for (const file of walk(folder))
        files[relative(base, file).split(sep).join('/')] = readFileSync(file, 'utf8');
      const result = checkLoadSet(files, { cards: [path] });
      const errors = result.diagnostics.filter((d) => d.file === path && d.severity === 'error');
      const product: Verdict =
        errors.length === 0 && result.agents.some((a) => a.file === path) ? 'accepted' : 'rejected';
      counts[product]++;
      const reference = manifest.get(path);
      const documented = Object.hasOwn(DISAGREEMENTS, path);
      if (documented) counts.disagreements++;
      expect(
        { path, agrees: product === reference, documented },
        `${path}: product ${product}, reference ${reference}; ${errors.map((e) => e.code).join(', ')}`,
      ).toEqual({ path, agrees: !documented, documented });
    }
    console.log(
      `AFM samples: ${samples.length} files, ${counts.accepted} accepted, ${counts.rejected} rejected, ` +
        `${counts.disagreements} documented disagreements with the reference implementation`,
    );
  });
});
