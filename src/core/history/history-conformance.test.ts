// The golden corpus: every history file of the AgentCard samples, loaded by fast-agent 0.10.9's `load_prompt`,
// must give the same roles and parts here (or fail here exactly where it failed there).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseHistory, type HistoryPart } from './parse-history.ts';

const samples = new URL('../../../../shared/samples/agentcard/', import.meta.url);
const available = existsSync(fileURLToPath(new URL('expected/SUMMARY.txt', samples)));
if (!available) console.log(`history conformance skipped: no samples at ${fileURLToPath(samples)}`);

interface ExpectedPart {
  type: string;
  text?: string;
  resource?: { uri: string; mimeType?: string; text?: string };
}
type Expected =
  | { ok: true; messages: { role: string; content: ExpectedPart[] }[] }
  | { ok: false; error: unknown };

function historyInputs(): string[] {
  const summary = readFileSync(new URL('expected/SUMMARY.txt', samples), 'utf8');
  return summary
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[1] === 'history')
    .map((columns) => columns[2]!);
}

function readCard(path: string): string | undefined {
  const url = new URL(`cards/${path}`, samples);
  return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
}

/** What is compared: text parts in full, resources by URI, MIME type and text, other parts by type. */
function ours(part: HistoryPart): unknown {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'resource')
    return { type: 'resource', uri: part.uri, mimeType: part.mimeType, text: part.text };
  return { type: part.type };
}

function theirs(part: ExpectedPart): unknown {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'resource') {
    const { uri, mimeType, text } = part.resource ?? { uri: '' };
    return { type: 'resource', uri, mimeType, text };
  }
  return { type: part.type };
}

describe.skipIf(!available)('history files agree with fast-agent 0.10.9', () => {
  const inputs = available ? historyInputs() : [];

  it('finds the history inputs of the corpus', () => {
    expect(inputs.length).toBeGreaterThan(0);
  });

  it.each(inputs)('%s', (path) => {
    const expected = JSON.parse(
      readFileSync(new URL(`expected/${path}.json`, samples), 'utf8'),
    ) as Expected;
    const parsed = parseHistory(readCard(path)!, path, readCard);
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (!expected.ok) {
      expect(errors.map((d) => d.code)).toEqual(['history-invalid']);
      expect(parsed.messages).toEqual([]);
      return;
    }
    expect(errors).toEqual([]);
    expect(parsed.messages.map((m) => ({ role: m.role, content: m.content.map(ours) }))).toEqual(
      expected.messages.map((m) => ({ role: m.role, content: m.content.map(theirs) })),
    );
  });
});
