import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectAfm, MAX_DETECT_CHARS } from './detect-afm.ts';

/** The detection as first written (every line of the head split at once): the reference for the property. */
function splitAtOnce(path: string, text: string): boolean {
  const lower = path.toLowerCase();
  if (lower.endsWith('.afm.md') || lower.endsWith('.afm')) return true;
  if (!lower.endsWith('.md')) return false;
  const lines = text
    .slice(0, MAX_DETECT_CHARS)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return false;
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (close === -1) return false;
  const yaml = lines.slice(1, close);
  if (!yaml.some((l) => /^spec_version\s*:/.test(l)) || yaml.some((l) => /^type\s*:/.test(l)))
    return false;
  return lines.slice(close + 1).some((l) => /^#\s+(role|instructions)\s*$/i.test(l.trim()));
}

const afm = '---\nspec_version: 0.3.0\nname: fetcher\n---\n\n# Role\n\nYou fetch.\n';

describe('detectAfm', () => {
  it('claims AFM by name, and a .md file by its frontmatter and headings', () => {
    expect(detectAfm('x.afm.md', '')).toBe(true);
    expect(detectAfm('X.AFM', '')).toBe(true);
    expect(detectAfm('x.md', afm)).toBe(true);
    expect(detectAfm('x.md', `\uFEFF${afm.replaceAll('\n', '\r\n')}`)).toBe(true);
    expect(detectAfm('x.txt', afm)).toBe(false);
    expect(detectAfm('x.md', afm.replace('name:', 'type: agent\nname:'))).toBe(false);
    expect(detectAfm('x.md', afm.replace('# Role', '## Role'))).toBe(false);
    expect(detectAfm('x.md', afm.replace('spec_version', 'version'))).toBe(false);
    expect(detectAfm('x.md', afm.replace('\n---\n', '\n'))).toBe(false);
  });

  it('reads only the first MAX_DETECT_CHARS characters', () => {
    const far = afm.replace('# Role', `${'\n'.repeat(MAX_DETECT_CHARS)}# Role`);
    expect(detectAfm('x.md', far)).toBe(false);
  });

  it('answers as splitting every line at once did', () => {
    const line = fc.constantFrom(
      '---',
      ' --- ',
      'spec_version: 1',
      'type: agent',
      'name: x',
      '# Role',
      '#  instructions ',
      '# Other',
      '',
      'text',
    );
    const ending = fc.constantFrom('\n', '\r\n', '\r');
    const text = fc
      .array(fc.tuple(line, ending), { maxLength: 12 })
      .map((parts) => parts.map(([l, e]) => l + e).join(''));
    fc.assert(
      fc.property(text, fc.boolean(), (t, bom) => {
        const input = bom ? `\uFEFF${t}` : t;
        expect(detectAfm('x.md', input)).toBe(splitAtOnce('x.md', input));
      }),
      { numRuns: 2000 },
    );
  });
});
