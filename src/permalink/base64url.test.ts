import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

function bytesOfLength(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 151 + length * 7) & 0xff);
}

describe('base64url', () => {
  it("encodes like Node's base64url, without padding, for every tail length", () => {
    for (let length = 0; length <= 64; length++) {
      const bytes = bytesOfLength(length);
      expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });

  it('decodes what it encodes, for every tail length', () => {
    for (let length = 0; length <= 64; length++) {
      const bytes = bytesOfLength(length);
      expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
    }
  });

  it('uses - and _ where standard base64 uses + and /', () => {
    expect(encodeBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(decodeBase64Url('-_-_')).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
  });

  it('rejects padding, the standard alphabet and any other character', () => {
    for (const text of ['QQ==', 'a+bc', 'a/bc', 'ab c', 'abé1', 'ab\0c']) {
      expect(decodeBase64Url(text)).toBeUndefined();
    }
  });

  it('rejects a length that leaves one dangling character', () => {
    expect(decodeBase64Url('A')).toBeUndefined();
    expect(decodeBase64Url('AAAAA')).toBeUndefined();
  });

  it('ignores the unused low bits of a final partial group', () => {
    expect(decodeBase64Url('QR')).toEqual(decodeBase64Url('QQ'));
    expect(decodeBase64Url('QUJ')).toEqual(new Uint8Array([0x41, 0x42]));
  });
});
