import { describe, expect, it } from 'vitest';
import { highlightCard, MAX_HIGHLIGHTED_LINE } from './highlight.ts';

const joined = (text: string): string =>
  highlightCard(text)
    .map((span) => span.text)
    .join('');

describe('highlightCard', () => {
  it('marks the front matter delimiters, its keys, list keys and comments', () => {
    expect(highlightCard('---\nname: a\n  - tool: x\n# note\n---\nname: body\n')).toEqual([
      { className: 'ac-punctuation', text: '---' },
      { text: '\n' },
      { className: 'ac-key', text: 'name' },
      { className: 'ac-punctuation', text: ':' },
      { text: ' a\n  - ' },
      { className: 'ac-key', text: 'tool' },
      { className: 'ac-punctuation', text: ':' },
      { text: ' x\n' },
      { className: 'ac-comment', text: '# note' },
      { text: '\n' },
      { className: 'ac-punctuation', text: '---' },
      { text: '\nname: body\n' },
    ]);
  });

  it('highlights a front matter line of 200,000 spaces, and lines of nearly the cap in spaces, in one pass', () => {
    // The key pattern once backtracked quadratically over the spaces of a line that has no key: 100,000 of them
    // took 16 s, and each of these 500 lines 0.8 s.
    const spaces = ' '.repeat(200_000);
    const indented = Array.from({ length: 500 }, (_, i) => `${' '.repeat(9_990)}x${i}`);
    const text = `---\n${spaces}-${spaces}\n${spaces}x\n${indented.join('\n')}\n  - k: v\n---\n`;
    const spans = highlightCard(text);
    expect(joined(text)).toBe(text);
    const keys = spans.filter((span) => span.className === 'ac-key').map((span) => span.text);
    expect(keys).toEqual(['k']);
  });

  it('leaves a line longer than the cap plain, and still highlights the lines after it', () => {
    const long = `${'k'.repeat(MAX_HIGHLIGHTED_LINE)}: value`;
    const text = `---\n${long}\nname: a\n---\n`;
    const spans = highlightCard(text);
    expect(joined(text)).toBe(text);
    expect(spans.filter((span) => span.className === 'ac-key')).toEqual([
      { className: 'ac-key', text: 'name' },
    ]);
  });

  it('highlights 10,000 lines of front matter, every key', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `key${i}: ${i}`);
    const text = `---\n${lines.join('\n')}\n---\nBody.\n`;
    const spans = highlightCard(text);
    expect(joined(text)).toBe(text);
    const keys = spans.filter((span) => span.className === 'ac-key').map((span) => span.text);
    expect(keys).toHaveLength(10_000);
    expect(keys[9_999]).toBe('key9999');
  });
});
