/**
 * History files of the project's own corpus (tests/fixtures/history), read by the same parser
 * src/core/history/history-conformance.test.ts compares with fast-agent 0.10.9 on the shared samples:
 * the rules of NOTES.md (*History files*) on a clean clone. A resource part is compared by its text
 * (the file's content) here, its URI being the product's choice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHistory, type HistoryPart } from '../../src/core/history/parse-history.ts';

interface Expected {
  rule: string;
  ok: boolean;
  messages?: { role: string; content: { type: string; text?: string }[] }[];
}

const dir = new URL('../fixtures/history/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as Record<
  string,
  Expected
>;
const read = (path: string) => {
  const url = new URL(path, dir);
  return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
};

function ours(part: HistoryPart): { type: string; text?: string } {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: part.type };
}

describe('history files of the own corpus (tests/fixtures/history)', () => {
  for (const [path, want] of Object.entries(expected))
    it(`${path}: ${want.rule}`, () => {
      const parsed = parseHistory(read(path)!, path, read);
      const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
      if (!want.ok) {
        expect(errors.map((d) => d.code)).toEqual(['history-invalid']);
        expect(parsed.messages).toEqual([]);
        return;
      }
      expect(errors).toEqual([]);
      expect(parsed.messages.map((m) => ({ role: m.role, content: m.content.map(ours) }))).toEqual(
        want.messages,
      );
    });

  it('embeds the resource file as text', () => {
    const parsed = parseHistory(read('resource.md')!, 'resource.md', read);
    const resource = parsed.messages[0]!.content[1]!;
    expect(resource.type).toBe('resource');
    expect(resource.type === 'resource' && resource.text).toBe(
      'High water 12:00\nLow water 18:10\n',
    );
  });
});
