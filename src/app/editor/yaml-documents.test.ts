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

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
    const next = random(5);
    for (let round = 0; round < 300; round++) {
      const lines: string[] = [];
      const count = Math.floor(next() * 14);
      for (let i = 0; i < count; i++) lines.push(LINES[Math.floor(next() * LINES.length)]!);
      const text =
        (next() < 0.1 ? '\ufeff' : '') +
        lines.join(next() < 0.2 ? '\r\n' : '\n') +
        (next() < 0.5 ? '\n' : '');
      for (let pos = 0; pos <= text.length; pos++)
        expect(yamlDocumentAt(text, pos), `${JSON.stringify(text)} at ${pos}`).toEqual(
          regionByFullScan(text, pos),
        );
    }
  });

  it('reads only near the position in a long stream', () => {
    const text = 'type: agent\nname: a\n---\n'.repeat(20000);
    const pos = text.length >> 1;
    expect(yamlDocumentAt(text, pos)).toEqual(regionByFullScan(text, pos));
  });
});
