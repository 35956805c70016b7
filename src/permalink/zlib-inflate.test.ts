import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressZlib } from './zlib-compress.ts';
import { inflateZlib } from './zlib-inflate.ts';
import { hangGuard } from '../../tests/setup/hang-guard.ts';

const text = new TextEncoder().encode('The quick brown fox jumps over the lazy dog. '.repeat(40));
const dictionary = new TextEncoder().encode('the lazy dog. The quick brown fox jumps over ');
const MiB = 1024 * 1024;

/** A zlib stream of `mebibytes` MiB of zeros, made without ever holding them. */
async function zeroBomb(mebibytes: number, options: { dictionary?: Uint8Array } = {}) {
  const deflater = createDeflate({ level: 9, ...options });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < mebibytes; i++) if (!deflater.write(zeros)) await once(deflater, 'drain');
  deflater.end();
  await once(deflater, 'end');
  return new Uint8Array(Buffer.concat(chunks));
}

function damage(bytes: Uint8Array, at: number, mask: number): Uint8Array {
  const copy = bytes.slice();
  copy[at]! ^= mask;
  return copy;
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('inflateZlib', () => {
  it('inflates a plain stream and one made with the dictionary', async () => {
    for (const compressed of [compressZlib(text), compressZlib(text, dictionary)]) {
      const result = inflateZlib(compressed, { maxBytes: MiB, dictionary });
      expect(result.ok && decode(result.bytes)).toBe(decode(text));
    }
  });

  it("reads the streams Node's zlib writes, with and without the dictionary, at every level", async () => {
    for (const level of [1, 6, 9]) {
      for (const compressed of [
        deflateSync(text, { level }),
        deflateSync(text, { level, dictionary }),
      ]) {
        const result = inflateZlib(new Uint8Array(compressed), { maxBytes: MiB, dictionary });
        expect(result.ok && decode(result.bytes)).toBe(decode(text));
      }
    }
  });

  it('uses a dictionary longer than the window as zlib does, by its last 32 KiB', async () => {
    const long = new Uint8Array(40_000).fill(0x2e);
    long.set(dictionary, long.length - dictionary.length);
    const compressed = new Uint8Array(deflateSync(text, { dictionary: long }));
    const result = inflateZlib(compressed, { maxBytes: MiB, dictionary: long });
    expect(result.ok && decode(result.bytes)).toBe(decode(text));
  });

  it('accepts output of exactly the cap and refuses one byte more, not counting the dictionary', async () => {
    const compressed = compressZlib(text, dictionary);
    expect(inflateZlib(compressed, { maxBytes: text.length, dictionary }).ok).toBe(true);
    expect(inflateZlib(compressed, { maxBytes: text.length - 1, dictionary })).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
  });

  it(
    'stops reading a 256 MiB deflate bomb soon after 8 MiB of output, with or without the dictionary',
    async () => {
      for (const options of [{}, { dictionary }]) {
        const bomb = await zeroBomb(256, options);
        const result = inflateZlib(bomb, { maxBytes: 8 * MiB, dictionary });
        expect(result).toMatchObject({ ok: false, reason: 'too-large' });
        // Unpacking the whole bomb would mean reading all of it; stopping early means most was never looked at.
        expect(result.inputRead).toBeLessThan(bomb.length / 10);
      }
      // Building two 256 MiB bombs is slow on a loaded machine; the assertions above are what counts.
    },
    hangGuard(60_000),
  );

  it('reports every proper prefix of a stream as truncated, header and trailer included', async () => {
    for (const compressed of [compressZlib(text), compressZlib(text, dictionary)]) {
      for (let length = 0; length < compressed.length; length++) {
        const result = inflateZlib(compressed.subarray(0, length), {
          maxBytes: MiB,
          dictionary,
        });
        expect([length, result.ok || result.reason]).toEqual([length, 'truncated']);
      }
    }
  });

  it('reports a bad header, a damaged block and a wrong checksum as corrupted', async () => {
    for (const compressed of [compressZlib(text), compressZlib(text, dictionary)]) {
      const last = compressed.length - 1;
      for (const input of [
        damage(compressed, 0, 0x0f),
        damage(compressed, 0, 0x80),
        damage(compressed, 1, 0x01),
        damage(compressed, 8, 0xff),
        damage(compressed, last, 1),
      ]) {
        expect(inflateZlib(input, { maxBytes: MiB, dictionary })).toMatchObject({
          ok: false,
          reason: 'corrupted',
        });
      }
    }
  });

  it('reports a stream made with another dictionary, or read without one, as corrupted', async () => {
    const compressed = compressZlib(text, dictionary);
    const other = new TextEncoder().encode('another dictionary');
    expect(inflateZlib(damage(compressed, 3, 0x10), { maxBytes: MiB, dictionary })).toMatchObject({
      ok: false,
      reason: 'corrupted',
    });
    expect(inflateZlib(compressed, { maxBytes: MiB, dictionary: other })).toMatchObject({
      ok: false,
      reason: 'corrupted',
    });
    expect(inflateZlib(compressed, { maxBytes: MiB })).toMatchObject({
      ok: false,
      reason: 'corrupted',
    });
  });

  it('reports bytes after the end of the stream as corrupted, though Node ignores them', async () => {
    for (const compressed of [compressZlib(text), compressZlib(text, dictionary)]) {
      const padded = new Uint8Array([...compressed, 0x41, 0x42]);
      expect(inflateZlib(padded, { maxBytes: MiB, dictionary })).toMatchObject({
        ok: false,
        reason: 'corrupted',
      });
    }
  });
});
