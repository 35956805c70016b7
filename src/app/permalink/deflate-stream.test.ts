import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, deflate, inflateCapped } from './deflate-stream.ts';

const text = new TextEncoder().encode('The quick brown fox jumps over the lazy dog. '.repeat(40));

/** A zlib stream of `mebibytes` MiB of zeros, made without ever holding them. */
async function zeroBomb(mebibytes: number): Promise<Uint8Array> {
  const deflater = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mebibytes; i++) if (!deflater.write(zeros)) await once(deflater, 'drain');
  deflater.end();
  await once(deflater, 'end');
  return new Uint8Array(Buffer.concat(chunks));
}

describe('deflate', () => {
  it("writes a zlib stream, the same bytes as Node's zlib at its default level", async () => {
    const compressed = await deflate(text);
    expect(compressed.subarray(0, 2)).toEqual(new Uint8Array([0x78, 0x9c]));
    expect(Buffer.from(compressed).equals(deflateSync(text))).toBe(true);
  });

  it('gives the same bytes every time for the same input', async () => {
    expect(await deflate(text)).toEqual(await deflate(text));
  });
});

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

describe('inflateCapped', () => {
  it('inflates a whole stream', async () => {
    const result = await inflateCapped(await deflate(text), 1 << 20);
    expect(result.ok && new TextDecoder().decode(result.bytes)).toBe(
      new TextDecoder().decode(text),
    );
  });

  it('accepts output of exactly the cap and refuses one byte more', async () => {
    const compressed = await deflate(text);
    expect((await inflateCapped(compressed, text.length)).ok).toBe(true);
    expect(await inflateCapped(compressed, text.length - 1)).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
  });

  it('stops reading a 256 MiB deflate bomb soon after 8 MiB of output', async () => {
    const bomb = await zeroBomb(256);
    const result = await inflateCapped(bomb, 8 * 1024 * 1024);
    expect(result).toMatchObject({ ok: false, reason: 'too-large' });
    // Unpacking the whole bomb would mean reading all of it; stopping early means most was never looked at.
    expect(result.inputRead).toBeLessThan(bomb.length / 10);
  });

  it('reports every proper prefix of a stream as truncated', async () => {
    const compressed = await deflate(text);
    for (let length = 0; length < compressed.length; length++) {
      const result = await inflateCapped(compressed.subarray(0, length), 1 << 20);
      expect([length, result.ok || result.reason]).toEqual([length, 'truncated']);
    }
  });

  it('reports a bad header, a damaged block and a wrong checksum as corrupted', async () => {
    const compressed = await deflate(text);
    const damage = (at: number, mask: number) => {
      const copy = compressed.slice();
      copy[at]! ^= mask;
      return copy;
    };
    for (const input of [damage(0, 0x0f), damage(4, 0xff), damage(compressed.length - 1, 1)]) {
      expect(await inflateCapped(input, 1 << 20)).toMatchObject({ ok: false, reason: 'corrupted' });
    }
  });

  it('reports bytes after the end of the stream as corrupted, though Node ignores them', async () => {
    const compressed = await deflate(text);
    const padded = new Uint8Array([...compressed, 0x41, 0x42]);
    expect(await inflateCapped(padded, 1 << 20)).toMatchObject({ ok: false, reason: 'corrupted' });
  });

  it('tells the kinds apart by phase where errors carry no zlib code, as in browsers', async () => {
    const input = await deflate(text);
    const failsInTransform = () =>
      new TransformStream<Uint8Array, Uint8Array>({
        transform() {
          throw new TypeError('The compressed data was not valid.');
        },
      });
    const failsInFlush = () =>
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
        },
        flush() {
          throw new TypeError('The compressed input was truncated.');
        },
      });
    expect(await inflateCapped(input, 1 << 20, failsInTransform)).toMatchObject({
      reason: 'corrupted',
    });
    expect(await inflateCapped(input, 1 << 20, failsInFlush)).toMatchObject({
      reason: 'truncated',
    });
  });
});
