import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters, throwOnFailure } from '../../../tests/fuzz/fuzz-run.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';
import {
  decodeText,
  readDropSources,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
} from './dropped-files.ts';

/** Stand-ins for the browser's FileSystemEntry tree; `readEntries` answers in batches of two, as Chrome does in 100s. */
function fileEntry(fullPath: string, content: string | Uint8Array, fail = false): FileEntryLike {
  const name = fullPath.slice(fullPath.lastIndexOf('/') + 1);
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file(success, failure) {
      if (fail) failure?.(new DOMException('gone', 'NotFoundError'));
      else success(new File([content as BlobPart], name));
    },
  };
}

function dirEntry(fullPath: string, children: EntryLike[]): DirectoryEntryLike {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.slice(fullPath.lastIndexOf('/') + 1),
    fullPath,
    createReader() {
      let at = 0;
      return {
        readEntries(success) {
          const batch = children.slice(at, at + 2);
          at += batch.length;
          setTimeout(() => success(batch), 0);
        },
      };
    },
  };
}

const withNul = (text: string, at: number) => {
  const bytes = new TextEncoder().encode(text.padEnd(at + 10, 'x'));
  bytes[at] = 0;
  return bytes;
};

describe('decodeText', () => {
  it('decodes UTF-8 and drops a byte-order mark', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toEqual({
      binary: false,
      text: 'hi',
      lossy: false,
    });
  });

  it('replaces invalid UTF-8 and says so', () => {
    expect(decodeText(new Uint8Array([0x61, 0xff, 0x62]))).toEqual({
      binary: false,
      text: 'a\uFFFDb',
      lossy: true,
    });
  });

  it('calls bytes binary only when a NUL occurs in the sniffed prefix', () => {
    expect(decodeText(withNul('', 100))).toEqual({ binary: true });
    expect(decodeText(withNul('', 9000)).binary).toBe(false);
  });
});

describe('readDropSources', () => {
  it('reads folders recursively, keeping relative paths, in name order', async () => {
    const tree = dirEntry('/proj', [
      fileEntry('/proj/z.md', 'Z'),
      dirEntry('/proj/agents', [
        fileEntry('/proj/agents/b.md', 'B'),
        fileEntry('/proj/agents/a.md', 'A'),
        fileEntry('/proj/agents/c.md', 'C'),
      ]),
      fileEntry('/proj/config.yaml', 'cfg'),
    ]);
    const result = await readDropSources([{ entry: tree }, { entry: fileEntry('/loose.md', 'L') }]);
    expect(Object.entries(result.files)).toEqual([
      ['proj/agents/a.md', 'A'],
      ['proj/agents/b.md', 'B'],
      ['proj/agents/c.md', 'C'],
      ['proj/config.yaml', 'cfg'],
      ['proj/z.md', 'Z'],
      ['loose.md', 'L'],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('skips binary, oversized, unreadable and duplicate files, and tool folders, saying why', async () => {
    const tree = dirEntry('/p', [
      fileEntry('/p/logo.png', withNul('PNG', 0)),
      fileEntry('/p/big.md', 'x'.repeat(11)),
      fileEntry('/p/gone.md', '', true),
      dirEntry('/p/.git', [fileEntry('/p/.git/HEAD', 'ref')]),
      fileEntry('/p/ok.md', 'ok'),
    ]);
    const result = await readDropSources(
      [{ entry: tree }, { file: new File(['again'], 'ok.md'), path: 'p/ok.md' }],
      { maxFileBytes: 10 },
    );
    expect(result.files).toEqual({ 'p/ok.md': 'ok' });
    expect(result.skipped).toEqual([
      { path: 'p/.git', reason: 'ignored-folder' },
      { path: 'p/big.md', reason: 'too-large' },
      { path: 'p/gone.md', reason: 'unreadable' },
      { path: 'p/logo.png', reason: 'binary' },
      { path: 'p/ok.md', reason: 'duplicate' },
    ]);
  });

  it('skips a file over 4 MiB by default', async () => {
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1).fill(0x61)], 'big.md');
    const result = await readDropSources([{ file: big, path: 'big.md' }]);
    expect(result.skipped).toEqual([{ path: 'big.md', reason: 'too-large' }]);
  });

  it('stops at the file limit and names the first file left out', async () => {
    const tree = dirEntry(
      '/p',
      ['a', 'b', 'c', 'd', 'e'].map((n) => fileEntry(`/p/${n}.md`, n)),
    );
    const result = await readDropSources([{ entry: tree }], { maxFiles: 3 });
    expect(Object.keys(result.files)).toEqual(['p/a.md', 'p/b.md', 'p/c.md']);
    expect(result.skipped).toEqual([{ path: 'p/d.md', reason: 'file-limit' }]);
  });

  it('stops at the entry limit however deep the folders go', async () => {
    let tree: EntryLike = fileEntry('/d/d/d/d/deep.md', 'deep');
    for (const path of ['/d/d/d/d', '/d/d/d', '/d/d', '/d']) tree = dirEntry(path, [tree]);
    const result = await readDropSources([{ entry: tree }], { maxEntries: 3 });
    expect(result.files).toEqual({});
    expect(result.skipped).toEqual([{ path: 'd/d/d/d', reason: 'entry-limit' }]);
  });

  it('skips a file that would take the drop past the total text limit, and reads the next', async () => {
    const result = await readDropSources(
      [
        { file: new File(['12345'], 'a'), path: 'a' },
        { file: new File(['1234567890'], 'b'), path: 'b' },
        { file: new File(['1'], 'c'), path: 'c' },
      ],
      { maxTotalChars: 10 },
    );
    expect(Object.keys(result.files)).toEqual(['a', 'c']);
    expect(result.skipped).toEqual([{ path: 'b', reason: 'total-limit' }]);
  });

  it('reports files decoded with replacement characters', async () => {
    const result = await readDropSources([
      { file: new File([new Uint8Array([0x61, 0xc3])], 'latin1.md'), path: 'latin1.md' },
    ]);
    expect(result.files['latin1.md']).toBe('a\uFFFD');
    expect(result.lossy).toEqual(['latin1.md']);
  });

  it('keeps a file named "__proto__" as a file', async () => {
    const result = await readDropSources([
      { file: new File(['x'], '__proto__'), path: '__proto__' },
    ]);
    expect(Object.keys(result.files)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(result.files)).toBe(Object.prototype);
  });
});

describe('readDropSources on arbitrary drops', () => {
  const name = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(...PROTOTYPE_NAMES, '', '/', '..'),
  );
  const content = fc.oneof(fc.string({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }));
  const drop = fc.array(
    fc.oneof(
      fc.record({ path: name, content }).map(({ path, content }) => ({
        file: new File([content as BlobPart], path || 'unnamed'),
        path,
      })),
      fc
        .record({ dir: name, children: fc.array(fc.tuple(name, content), { maxLength: 4 }) })
        .map(({ dir, children }) => ({
          entry: dirEntry(
            `/${dir}`,
            children.map(([child, bytes]) => fileEntry(`/${dir}/${child}`, bytes)),
          ),
        })),
    ),
    { maxLength: 6 },
  );

  it('never rejects, stays within its limits and keeps every file as an own entry', async () => {
    const limits = { maxFiles: 5, maxTotalChars: 300, maxEntries: 12 };
    throwOnFailure(
      await fc.check(
        fc.asyncProperty(drop, async (sources) => {
          const result = await readDropSources(sources, limits);
          const paths = Object.keys(result.files);
          expect(paths.length).toBeLessThanOrEqual(limits.maxFiles);
          const total = paths.reduce((sum, p) => sum + p.length + result.files[p]!.length, 0);
          expect(total).toBeLessThanOrEqual(limits.maxTotalChars);
          for (const path of paths)
            expect(typeof Object.getOwnPropertyDescriptor(result.files, path)?.value).toBe(
              'string',
            );
          for (const path of result.lossy) expect(Object.hasOwn(result.files, path)).toBe(true);
        }),
        fuzzParameters(200, 0xd709),
      ),
    );
  });
});
