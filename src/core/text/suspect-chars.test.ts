import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Checker } from '../index.ts';
import { firstSuspectChar } from './suspect-chars.ts';

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
