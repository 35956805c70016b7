import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32 } from './adler32.ts';
import { compressZlib } from './zlib-compress.ts';

const text = new TextEncoder().encode('The quick brown fox jumps over the lazy dog. '.repeat(40));
const dictionary = new TextEncoder().encode('the lazy dog. The quick brown fox jumps over ');

describe('compressZlib', () => {
  it("writes a zlib stream with FDICT and the dictionary's Adler-32 as its id, which zlib reads back", () => {
    const compressed = compressZlib(text, dictionary);
    expect(compressed[0]).toBe(0x78);
    expect(compressed[1]! & 0x20).toBe(0x20);
    expect(((compressed[0]! << 8) | compressed[1]!) % 31).toBe(0);
    expect(Buffer.from(compressed).readUInt32BE(2)).toBe(adler32(dictionary));
    expect(inflateSync(compressed, { dictionary }).equals(text)).toBe(true);
  });

  it('writes a plain zlib stream without a dictionary, or with an empty one', () => {
    for (const compressed of [compressZlib(text), compressZlib(text, new Uint8Array())]) {
      expect(compressed[1]! & 0x20).toBe(0);
      expect(inflateSync(compressed).equals(text)).toBe(true);
    }
  });

  it('uses the dictionary: the stream is shorter with it', () => {
    const short = new TextEncoder().encode('The quick brown fox jumps over the lazy dog.');
    expect(compressZlib(short, dictionary).length).toBeLessThan(compressZlib(short).length);
  });

  it('gives the same bytes every time for the same input', () => {
    expect(compressZlib(text, dictionary)).toEqual(compressZlib(text, dictionary));
  });
});
