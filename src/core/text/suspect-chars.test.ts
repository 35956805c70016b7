import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Checker } from '../index.ts';
import { firstSuspectAfter, firstSuspectChar } from './suspect-chars.ts';

// The definition, as one regular expression (what the scan replaced).
const REFERENCE =
  /[\0\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const reference = (text: string) => REFERENCE.exec(text)?.index ?? -1;

describe('firstSuspectChar', () => {
  it('finds NUL, U+FFFD and lone surrogates, and passes pairs', () => {
    expect(firstSuspectChar('plain text')).toBe(-1);
    expect(firstSuspectChar('emoji \u{1F600} ok')).toBe(-1);
    expect(firstSuspectChar('a\0b')).toBe(1);
    expect(firstSuspectChar('ab\uFFFD')).toBe(2);
    expect(firstSuspectChar('\uD83D')).toBe(0); // high at the end
    expect(firstSuspectChar('x\uDE00')).toBe(1); // low alone
    expect(firstSuspectChar('\uD800\uD800\uDC00')).toBe(0); // a high before a pair
    expect(firstSuspectChar('\u{1F600}\uDC00')).toBe(2); // a low after a pair
  });

  it('agrees with the regular expression on any text of these characters', () => {
    const unit = fc.constantFrom('a', '\n', '\0', '\uFFFD', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join('');
        expect(firstSuspectChar(text)).toBe(reference(text));
        // Twice: the scan's regular expression keeps no state between calls.
        expect(firstSuspectChar(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the encoding diagnostic', () => {
  const check = (text: string) =>
    new Checker()
      .check({ 'card.md': text }, { profile: 'rfc' })
      .diagnostics.filter((d) => d.code === 'encoding')
      .map(({ severity, message, line, column }) => ({ severity, message, line, column }));

  it('points at the first suspect character of the file, past valid pairs', () => {
    const card = (instruction: string) => `---\ntype: agent\nname: x\n---\n${instruction}\n`;
    expect(check(card('Smile \u{1F600} twice \u{1F600}.'))).toEqual([]);
    expect(check(card('Smile \u{1F600} then \uDE00 and \0.'))).toEqual([
      {
        severity: 'warning',
        message: 'The text holds an unpaired UTF-16 surrogate',
        line: 5,
        column: 15,
      },
    ]);
    expect(check(card('Bad \uFFFD byte, then \0.'))).toEqual([
      {
        severity: 'error',
        message:
          'The text holds bytes that are not valid UTF-8 (shown as U+FFFD); fast-agent cannot read the file',
        line: 5,
        column: 5,
      },
    ]);
  });
});

describe('firstSuspectAfter', () => {
  it('equals a full scan of the new text, whatever the edit and the earlier text', () => {
    const unit = fc.constantFrom('a', '\n', '\0', '\uFFFD', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');
    const text = fc.array(unit, { maxLength: 10 }).map((units) => units.join(''));
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), text, (before, a, b, insert) => {
        const from = a % (before.length + 1);
        const to = from + (b % (before.length - from + 1));
        const after = before.slice(0, from) + insert + before.slice(to);
        const previous = { text: before, at: firstSuspectChar(before) };
        expect(firstSuspectAfter(previous, after)).toBe(reference(after));
      }),
      { numRuns: 4000 },
    );
  });

  it('scans only the edited part of a clean text', () => {
    // A scan that (wrongly) calls a text with a NUL at 0 clean: an edit far from the NUL does not find it,
    // which shows that only the edited part is scanned; an edit next to it does.
    const text = `\0${'x'.repeat(9_999)}`;
    const stale = { text, at: -1 };
    expect(firstSuspectAfter(stale, `${text.slice(0, 5000)}y${text.slice(5000)}`)).toBe(-1);
    expect(firstSuspectAfter(stale, `${text.slice(0, 5000)}\0${text.slice(5000)}`)).toBe(5000);
    expect(firstSuspectAfter(stale, `${text.slice(0, 1)}y${text.slice(1)}`)).toBe(0);
  });
});
