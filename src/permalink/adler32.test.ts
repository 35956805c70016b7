import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32 } from './adler32.ts';

describe('adler32', () => {
  it('matches the published checksums', () => {
    expect(adler32(new Uint8Array())).toBe(1);
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
  });

  it("matches the trailer zlib writes, past zlib's 5552-byte reduction block", () => {
    const big = Uint8Array.from({ length: 100_000 }, (_, i) => 255 - (i % 7));
    expect(adler32(big)).toBe(
      Buffer.from(deflateSync(big)).readUInt32BE(deflateSync(big).length - 4),
    );
  });
});
