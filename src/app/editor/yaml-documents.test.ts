import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findYamlDocuments, yamlDocumentAt } from './yaml-documents.ts';

const slices = (text: string, ranges: Array<{ from: number; to: number }>) =>
  ranges.map((r) => text.slice(r.from, r.to));

describe('findYamlDocuments', () => {
  it('gives one region per document of a stream, skipping empty ones', () => {
    const text = '# comment\n---\ntype: agent\nname: a\n---\n---\ntype: chain\n...\n';
    expect(slices(text, findYamlDocuments(text))).toEqual([
      '# comment\n---\ntype: agent\nname: a\n',
      '---\ntype: chain\n...\n',
    ]);
  });

  it('lets only the last document reach the end of the file', () => {
    const text = 'type: agent\n---\ntype: chain\n';
    expect(findYamlDocuments(text).map((r) => r.closedEnd)).toEqual([false, true]);
  });

  it('finds nothing in an empty or comment-only file', () => {
    expect(findYamlDocuments('')).toEqual([]);
    expect(findYamlDocuments('# nothing\n\n')).toEqual([]);
  });
});

/** The region `findYamlDocuments` puts `pos` in, by the editor's rule (its end only when closed). */
function regionByFullScan(text: string, pos: number) {
  return (
    findYamlDocuments(text).find(
      (r) => pos >= r.from && (pos < r.to || (pos === r.to && r.closedEnd)),
    ) ?? null
  );
}

const LINES = [
  '---',
  '...',
  '--- # c',
  '... x',
  '----',
  'type: agent',
  'name: a',
  '# note',
  '%YAML 1.2',
  '',
  '  ',
  'a: 1',
  '---\r',
  '\ufeff---',
  ' ---',
  'x: |',
  '  ---',
];

describe('yamlDocumentAt', () => {
  it('gives the document that holds a position, as the full split does', () => {
    const text = fc
      .record({
        bom: fc.oneof(
          { weight: 9, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: fc.constant('\ufeff') },
        ),
        lines: fc.array(fc.constantFrom(...LINES), { maxLength: 13, size: 'max' }),
        eol: fc.oneof(
          { weight: 8, arbitrary: fc.constant('\n') },
          { weight: 2, arbitrary: fc.constant('\r\n') },
        ),
        finalEol: fc.boolean(),
      })
      .map(({ bom, lines, eol, finalEol }) => bom + lines.join(eol) + (finalEol ? '\n' : ''));
    fc.assert(
      fc.property(text, (text) => {
        for (let pos = 0; pos <= text.length; pos++)
          expect(yamlDocumentAt(text, pos), `at ${pos}`).toEqual(regionByFullScan(text, pos));
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  it('reads only near the position in a long stream', () => {
    const text = 'type: agent\nname: a\n---\n'.repeat(20000);
    const pos = text.length >> 1;
    expect(yamlDocumentAt(text, pos)).toEqual(regionByFullScan(text, pos));
  });
});
