import { describe, expect, it } from 'vitest';
import { detectFormat, detectionReach } from './format-records.ts';

// Starts of files, each claiming a format (or none) on its own.
const STARTS = [
  '',
  '---\nname: plain\n---\nA card.\n',
  '---\nspec_version: 0.3.0\nname: Afm\n---\n# Role\n',
  'kind: openagentspec:v1/agent\nintent: x\n',
  'metadata:\n  name: ts\nsettings: {}\n',
  '{"protocolVersion": "0.3.0", "name": "a", "skills": []',
  '{"name": "a"',
];
// What a file may say far down (past every detector's window): a later claim that a whole-text
// detector sees.
const ENDS = [
  '',
  'metadata:\n  x: 1\nsystemPrompt: hi\n',
  ', "protocolVersion": "0.3.0"}',
  'kind: openagentspec:v1/agent\n',
];
const PATHS = [
  'a.md',
  'a.afm.md',
  'a.afm',
  'a.markdown',
  'a.yaml',
  'spec.yml',
  'card.json',
  'agents/tsagent.json',
  'notes.txt',
];
const FILLER = '\n'.repeat(300 * 1024);

describe('detectionReach', () => {
  it('is as far as detection reads: the file cut there is detected as the whole', () => {
    let cut = 0;
    for (const path of PATHS)
      for (const start of STARTS)
        for (const end of ENDS) {
          const text = start + FILLER + end;
          const reach = detectionReach(path);
          if (reach < text.length) cut++;
          expect({ path, start, end, format: detectFormat(path, text.slice(0, reach)) }).toEqual({
            path,
            start,
            end,
            format: detectFormat(path, text),
          });
        }
    expect(cut).toBeGreaterThan(0);
  });

  it('reads a Markdown card from its start only, and all of a YAML or JSON file', () => {
    expect(detectionReach('a.md')).toBe(64 * 1024);
    expect(detectionReach('a.afm.md')).toBe(0);
    expect(detectionReach('a.txt')).toBe(0);
    expect(detectionReach('a.yaml')).toBe(Infinity);
    expect(detectionReach('a.json')).toBe(Infinity);
  });
});
