import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  safeFileName,
  zipFiles,
  zipInputsOf,
  zip,
  zipPath,
  zipWorkspace,
  type ZipInput,
} from './zip.ts';

interface ReadEntry {
  name: string;
  text: string;
  bytes: Uint8Array;
  method: number;
  flags: number;
}

/**
 * An independent reader: walks the central directory from the end record, checks each local header and CRC,
 * and inflates deflated entries with Node's zlib.
 */
function unzip(bytes: Uint8Array): ReadEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  expect(at + view.getUint32(end + 12, true)).toBe(end);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    // Bit 3: the sizes and CRC follow the data (a data descriptor) and are 0 in the local header.
    if ((view.getUint16(local + 6, true) & 8) === 0)
      expect(view.getUint32(local + 14, true)).toBe(crc);
    const dataStart =
      local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(dataStart, dataStart + compressed);
    const data = method === 8 ? new Uint8Array(inflateRawSync(raw)) : raw;
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, text: new TextDecoder().decode(data), bytes: data, method, flags });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** Python's zipfile as a second, real-world reader: names and texts, after its own CRC test. */
function unzipWithPython(bytes: Uint8Array): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
  try {
    const file = join(dir, 'out.zip');
    writeFileSync(file, bytes);
    const script = [
      'import json, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps({i.filename: z.read(i).decode("utf-8") for i in z.infolist()}))',
    ].join('\n');
    return JSON.parse(
      execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }),
    ) as Record<string, string>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const files: ZipInput[] = [
  { path: 'README.md', data: '# Agents\n'.repeat(50) },
  { path: 'agents/sizer.md', data: '---\ntype: agent\nname: sizer\n---\nSize things.\n' },
  { path: 'agents/ünïcödé/名前.yaml', data: 'name: 名前 ✓\n' },
  { path: 'empty.md', data: '' },
];
const texts = (entries: ReadEntry[]) => Object.fromEntries(entries.map((e) => [e.name, e.text]));
const expected = {
  'README.md': '# Agents\n'.repeat(50),
  'agents/sizer.md': '---\ntype: agent\nname: sizer\n---\nSize things.\n',
  'agents/ünïcödé/名前.yaml': 'name: 名前 ✓\n',
  'empty.md': '',
};

describe('zip', () => {
  const textFiles = files;

  it('round-trips stored entries with non-ASCII names and empty files, flagging UTF-8 names', async () => {
    const entries = unzip(await zip(textFiles, { compress: false }));
    expect(texts(entries)).toEqual(expected);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    const nonAscii = entries.filter((e) => /[^\x00-\x7f]/.test(e.name));
    expect(nonAscii.map((e) => (e.flags & 0x0800) !== 0)).toEqual([true]);
  });

  it('round-trips deflated entries, storing empty ones', async () => {
    const entries = unzip(await zip(textFiles));
    expect(texts(entries)).toEqual(expected);
    const method = Object.fromEntries(entries.map((e) => [e.name, e.method]));
    expect(method['README.md']).toBe(8);
    expect(method['empty.md']).toBe(0);
  });

  it('is read back identically by Python’s zipfile, stored and deflated', async () => {
    expect(unzipWithPython(await zip(textFiles, { compress: false }))).toEqual(expected);
    expect(unzipWithPython(await zip(textFiles))).toEqual(expected);
  });

  it('passes `unzip -t` and unpacks as regular files with mode 0644', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
    try {
      const file = join(dir, 'out.zip');
      writeFileSync(file, await zip(textFiles, { modified: Date.UTC(1970, 0, 1) }));
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors/);
      execFileSync('unzip', ['-q', file, '-d', join(dir, 'out')]);
      expect(statSync(join(dir, 'out', 'agents/sizer.md')).mode & 0o777).toBe(0o644);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps prototype-named paths as ordinary files', async () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    const entries = unzip(await zip(names.map((path) => ({ path, data: path }))));
    expect(texts(entries)).toEqual(Object.fromEntries(names.map((name) => [name, name])));
  });

  it('keeps binary content byte for byte', async () => {
    for (const compress of [false, true]) {
      const data = new Uint8Array([0, 1, 2, 255]);
      const [entry] = unzip(await zip([{ path: 'b.bin', data }], { compress }));
      expect([...entry!.bytes]).toEqual([...data]);
    }
  });

  it('writes an empty archive for no files', async () => {
    expect(unzip(await zip([]))).toEqual([]);
  });

  it('rejects with a TypeError two files with the same archive path, or an empty path', async () => {
    await expect(
      zip([
        { path: 'a.md', data: '' },
        { path: './a.md', data: '' },
      ]),
    ).rejects.toThrow(TypeError);
    await expect(zip([{ path: '/./', data: '' }])).rejects.toThrow(TypeError);
  });
});

describe('zipPath', () => {
  it('never points outside the folder the archive is unpacked in', () => {
    expect(zipPath('/abs/../../x.md')).toBe('abs/__/__/x.md');
    expect(zipPath('a\\b\\.\\c.md')).toBe('a/b/c.md');
  });
});

describe('workspace export', () => {
  it('puts the files in a folder named after the workspace', async () => {
    const ws = {
      name: 'My agents: v2/draft',
      files: { 'a.md': 'A', 'agents/b.md': 'B' },
      updatedAt: Date.UTC(2024, 5, 1),
    };
    const blob = await zipWorkspace(ws);
    expect(blob.type).toBe('application/zip');
    const entries = unzip(new Uint8Array(await blob.arrayBuffer()));
    expect(texts(entries)).toEqual({
      'My agents_ v2_draft/a.md': 'A',
      'My agents_ v2_draft/agents/b.md': 'B',
    });
  });

  it('renames paths that would clash once unpacked, instead of dropping one', () => {
    const inputs = zipInputsOf(
      { 'a.md': '1', '/a.md': '2', 'A.md': '3', '../x': '4', '__/x': '5' },
      'w',
    );
    expect(inputs.map((i) => i.path)).toEqual([
      'w/a.md',
      'w/a (2).md',
      'w/A (3).md',
      'w/__/x',
      'w/__/x (2)',
    ]);
  });

  it('zips bare files without a folder', async () => {
    const blob = await zipFiles({ 'agents/a.md': 'A', 'b.md': '' });
    expect(texts(unzip(new Uint8Array(await blob.arrayBuffer())))).toEqual({
      'agents/a.md': 'A',
      'b.md': '',
    });
  });

  it('derives safe folder names', () => {
    expect(safeFileName('  a<b>c?.  ')).toBe('a_b_c_');
    expect(safeFileName('..')).toBe('workspace');
    expect(safeFileName('')).toBe('workspace');
    expect(safeFileName('tab\there')).toBe('tab_here');
  });
});
