import { describe, expect, it } from 'vitest';
import { cleanPayload, readFragment } from './read-fragment.ts';

function fragmentOf(text: string): [number, string] | string {
  const result = readFragment(text);
  return result.ok ? [result.version, result.payload] : result.reason;
}

function payloadOf(raw: string): string {
  const result = cleanPayload(raw, 100);
  return result.ok ? result.payload : result.reason;
}

describe('readFragment', () => {
  it('finds the marker after # anywhere, or at the very start without #', () => {
    expect(fragmentOf('https://x.example/a?b=c#v1:abc')).toEqual([1, 'abc']);
    expect(fragmentOf('#v12:abc')).toEqual([12, 'abc']);
    expect(fragmentOf('v1:abc')).toEqual([1, 'abc']);
    expect(fragmentOf('https://x.example/v1:abc')).toBe('not-a-permalink');
  });

  it('takes the last marker, since a payload never holds #', () => {
    expect(fragmentOf('https://x.example/?q=%23v3:zz#v1:abc')).toEqual([1, 'abc']);
  });

  it('drops whitespace and invisible characters and undoes percent-encoding, twice over', () => {
    expect(fragmentOf(' https://x.example/ #v1:a\nb\r\n c\u200bd\u00ad ')).toEqual([1, 'abcd']);
    expect(fragmentOf('https%253A%252F%252Fx.example%252F%2523v1%253Aab%255Fc')).toEqual([
      1,
      'ab_c',
    ]);
  });

  it('leaves escapes of non-ASCII or control characters alone', () => {
    expect(fragmentOf('#v1:ab%C3%A9%00')).toEqual([1, 'ab%C3%A9%00']);
  });
});

describe('cleanPayload', () => {
  it('strips punctuation glued to the end, then padding, and maps + and / to - and _', () => {
    expect(payloadOf('ab+/cd==).')).toBe('ab-_cd');
    expect(payloadOf('abc">')).toBe('abc');
  });

  it('keeps a trailing _ or -, which belong to the alphabet', () => {
    expect(payloadOf('abc_')).toBe('abc_');
    expect(payloadOf('abc-.')).toBe('abc-');
  });

  it('reports a stray character, an empty payload and one over the length cap', () => {
    expect(payloadOf('ab%c')).toBe('bad-encoding');
    expect(payloadOf('a=b')).toBe('bad-encoding');
    expect(payloadOf('')).toBe('truncated');
    expect(payloadOf('A'.repeat(101))).toBe('too-large');
    expect(payloadOf('A'.repeat(100))).toBe('A'.repeat(100));
  });

  it('reports text after the marker made only of characters outside the alphabet as bad encoding, not as cut off', () => {
    expect(payloadOf('!!!***')).toBe('bad-encoding');
    expect(payloadOf(').')).toBe('bad-encoding');
    expect(payloadOf('==')).toBe('bad-encoding');
  });

  it('names what follows the marker when none of it belongs to a link, and says nothing follows only when nothing does', () => {
    const stray = cleanPayload('!!!***', 100);
    const empty = cleanPayload('', 100);
    expect(stray.ok || stray.message).toContain('"!!!***"');
    expect(empty.ok || empty.message).toContain('nothing follows');
    expect(stray.ok || stray.message).not.toContain('nothing follows');
  });
});
