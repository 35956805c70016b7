import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';
import { PERMALINK_DICTIONARY } from './dictionary.ts';
import { serializeEnvelope } from './envelope.ts';
import {
  MAX_DECOMPRESSED_BYTES,
  MAX_PERMALINK_LENGTH,
  PERMALINK_DICTIONARY_ID,
  decodePermalink,
  encodePermalink,
  type DecodeResult,
  type PermalinkEnvelope,
} from './permalink.ts';
import { compressZlib } from './zlib-compress.ts';

const DICTIONARY = new TextEncoder().encode(PERMALINK_DICTIONARY);

/** mulberry32: a small seeded PRNG, so every run sees the same "random" cases. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomText(random: () => number, maxPieces: number): string {
  const int = (n: number) => Math.floor(random() * n);
  const pieces: string[] = [];
  for (let i = int(maxPieces); i > 0; i--) {
    const pick = random();
    if (pick < 0.35) pieces.push(['name', 'agent', ' ', 'model: ', '---', '#', '"', '\\'][int(8)]!);
    else if (pick < 0.45) pieces.push(['\n', '\r\n', '\r', '\t'][int(4)]!);
    else if (pick < 0.6) pieces.push(String.fromCharCode(0x20 + int(0x5f)));
    else if (pick < 0.75) pieces.push(String.fromCharCode(0xa0 + int(0xd7ff - 0xa0)));
    else if (pick < 0.88) pieces.push(String.fromCodePoint(0x10000 + int(0x10ffff - 0x10000)));
    else if (pick < 0.95) pieces.push(['é', '日本語', '😀', '👩‍💻', 'Ω≈ç√'][int(5)]!);
    else pieces.push(String.fromCharCode(0xd800 + int(0x800)) + 'x'); // a lone surrogate
  }
  return pieces.join('');
}

function randomEnvelope(random: () => number): PermalinkEnvelope {
  const int = (n: number) => Math.floor(random() * n);
  const count = random() < 0.9 ? 1 + int(6) : 1 + int(60);
  const files: Record<string, string> = {};
  while (Object.keys(files).length < count) {
    const segments = Array.from({ length: 1 + int(3) }, () => randomText(random, 6) || 'f');
    const path = segments.map((s) => (s === '..' ? 's' : s.replaceAll('\0', '0'))).join('/');
    if (path.startsWith('/') || path.startsWith('\\') || path.split(/[\\/]/).includes('..'))
      continue;
    const size = random();
    files[path] =
      size < 0.15 ? '' : size < 0.98 ? randomText(random, 400) : randomText(random, 60_000);
  }
  const paths = Object.keys(files);
  return {
    files,
    active: paths[int(paths.length)]!,
    profile: random() < 0.5 ? 'rfc' : 'fast-agent',
  };
}

function reasonOf(result: DecodeResult): string {
  return result.ok ? 'ok' : result.reason;
}

/** A v1 link carrying any bytes, for content the encoder would refuse to write. */
function linkOf(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return '#v1:' + encodeBase64Url(compressZlib(bytes, DICTIONARY));
}

/**
 * The first of a seeded series of envelopes whose link ends with `ending`. Searched with `linkOf`, which writes
 * what `encodePermalink` writes. The texts vary in length so that their checksums, where a link's last characters
 * come from, cover every value.
 */
function envelopeEndingWith(ending: string): PermalinkEnvelope {
  const random = prng(ending.charCodeAt(0) * 31 + ending.length);
  for (let n = 0; n < 200_000; n++) {
    const words = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
      Math.floor(random() * 1e6).toString(36),
    );
    const envelope: PermalinkEnvelope = {
      files: { 'agent.md': `---\nname: agent${n}\n---\n${words.join(' ')}\n` },
      active: 'agent.md',
      profile: 'rfc',
    };
    if (linkOf(serializeEnvelope(envelope)).endsWith(ending)) return envelope;
  }
  throw new Error(`no envelope found whose link ends with ${ending}`);
}

const PINNED: PermalinkEnvelope = {
  files: { 'agent.md': '---\nname: hello\n---\nSay hi.\n' },
  active: 'agent.md',
  profile: 'rfc',
};
const PINNED_LINK = '#v1:eLvbw9XdQ9UCCTmEPohSUJrMh6oPTqxUyMjUQ3Iakh64ewBcXBnn';

const PINNED_UNICODE: PermalinkEnvelope = {
  files: {
    'cards/écrivain.md': '---\r\nname: écrivain\r\n---\r\nÉcris un haïku 🌸.\r\n',
    'fastagent.config.yaml': 'default_model: haiku\n',
  },
  active: 'cards/écrivain.md',
  profile: 'fast-agent',
};
const PINNED_UNICODE_LINK =
  '#v1:eLvbw9XdQ9UCKtiK9Q-vBJZaZUB_IUwAxjBEG1wOJASVOdwJFCtWKM0DRvDh9dmlCh_m9-zQA8ngjRK05gU0ccC9jNUt6IEAACB1RZE';

/** The same envelopes as plain zlib streams, as links were written before the dictionary existed. */
const PLAIN_LINK =
  '#v1:eJyrVipTsjLUUUpTsoqOVkpMT80r0ctNUdJR0tXVjcnLS8xNtVLISM3JyY_JA4sEJ1YqZGTqxeQpxcbqKCUqWSHrKVCyUipKS1aqBQBcXBnn';
const PLAIN_UNICODE_LINK =
  '#v1:eJxtjk0KwjAYBa8S3jqJuM1V2iIf-WlDk1TSpiDiAQTv4NqVW_e9kEeQFnHl9g1vmDNmqD2Hg6oqaMpm3C0Pnf1MPslowCGEqHOdEkWr2I-t05csV539yEpiHS3PvrD3_faSK0HDKzgaJ2ptmqQekvOtPFEM4DDWUQnTIQ7GBsU68n1ZLw0HQf1vOUJtPrEJcfkAIHVFkQ';

const CARD = {
  files: {
    'agents/researcher.md': [
      '---',
      'name: researcher',
      'model: sonnet',
      'servers: [fetch, filesystem]',
      'instruction: |',
      '  You research topics carefully, cite your sources and keep answers short.',
      '---',
      'Use the fetch server for web pages and the filesystem server for local notes.',
      '',
    ].join('\n'),
  },
  active: 'agents/researcher.md',
  profile: 'fast-agent',
} satisfies PermalinkEnvelope;

describe('encodePermalink and decodePermalink', () => {
  it('round-trip 300 random envelopes: unicode, astral characters, CRLF, empty and large files', async () => {
    const random = prng(20250724);
    for (let i = 0; i < 300; i++) {
      const envelope = randomEnvelope(random);
      const link = await encodePermalink(envelope);
      expect(link).toMatch(/^#v1:[A-Za-z0-9_-]+$/);
      const decoded = await decodePermalink(link);
      if (!decoded.ok) throw new Error(`case ${i}: ${decoded.reason}: ${decoded.message}`);
      expect(decoded.envelope).toEqual(envelope);
      expect(Object.keys(decoded.envelope.files)).toEqual(Object.keys(envelope.files));
    }
  }, 30_000);

  it('encodes the pinned envelopes to the recorded links, so a format change cannot go unnoticed', async () => {
    expect(serializeEnvelope(PINNED)).toBe(
      '{"v":1,"f":[["agent.md","---\\nname: hello\\n---\\nSay hi.\\n"]],"a":"agent.md","p":"rfc"}',
    );
    expect(await encodePermalink(PINNED)).toBe(PINNED_LINK);
    expect(await encodePermalink(PINNED_UNICODE)).toBe(PINNED_UNICODE_LINK);
  });

  it('keeps opening the recorded links', async () => {
    expect(await decodePermalink(PINNED_LINK)).toEqual({ ok: true, envelope: PINNED });
    expect(await decodePermalink(PINNED_UNICODE_LINK)).toEqual({
      ok: true,
      envelope: PINNED_UNICODE,
    });
  });

  it('writes the dictionary id of PERMALINK_DICTIONARY into every link', async () => {
    const bytes = decodeBase64Url((await encodePermalink(CARD)).slice('#v1:'.length))!;
    expect([bytes[0], bytes[1]! & 0x20]).toEqual([0x78, 0x20]);
    expect(Buffer.from(bytes).readUInt32BE(2)).toBe(PERMALINK_DICTIONARY_ID);
  });

  it('keeps opening links written as plain zlib, without the dictionary', async () => {
    expect(await decodePermalink(PLAIN_LINK)).toEqual({ ok: true, envelope: PINNED });
    expect(await decodePermalink(PLAIN_UNICODE_LINK)).toEqual({
      ok: true,
      envelope: PINNED_UNICODE,
    });
  });

  it('rejects an envelope it could not read back, and one too large to open', async () => {
    await expect(encodePermalink({ ...PINNED, active: 'other.md' })).rejects.toThrow(TypeError);
    const huge = { ...PINNED, files: { 'agent.md': 'x'.repeat(MAX_DECOMPRESSED_BYTES) } };
    await expect(encodePermalink(huge)).rejects.toThrow(RangeError);
  });
});

describe('decodePermalink: damaged links', () => {
  it('reports a character changed in the middle as corrupted', async () => {
    const link = await encodePermalink(CARD);
    const middle = Math.floor(link.length / 2);
    const changed =
      link.slice(0, middle) + (link[middle] === 'Q' ? 'R' : 'Q') + link.slice(middle + 1);
    expect(reasonOf(await decodePermalink(changed))).toBe('corrupted');
  });

  it('reports a link cut anywhere as truncated', async () => {
    const link = await encodePermalink(CARD);
    for (let length = '#v1:'.length; length < link.length; length++) {
      const result = await decodePermalink(link.slice(0, length));
      expect([length, reasonOf(result)]).toEqual([length, 'truncated']);
    }
  });

  it('never accepts a changed character as different content (200 random changes)', async () => {
    const random = prng(7);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const links = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const envelope = randomEnvelope(random);
        return { envelope, link: await encodePermalink(envelope) };
      }),
    );
    for (let i = 0; i < 200; i++) {
      const { envelope, link } = links[i % links.length]!;
      const at = 4 + Math.floor(random() * (link.length - 4));
      const replacement = alphabet[Math.floor(random() * 64)]!;
      const result = await decodePermalink(link.slice(0, at) + replacement + link.slice(at + 1));
      if (result.ok) expect(result.envelope).toEqual(envelope);
      else expect(['corrupted', 'truncated']).toContain(result.reason);
    }
  });

  it('settles with a failure on 300 random payloads: zlib-like with the dictionary, without, or not', async () => {
    const random = prng(99);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 300; i++) {
      const length = Math.floor(random() * 400);
      const body = Array.from({ length }, () => alphabet[Math.floor(random() * 64)]).join('');
      const prefix = ['#v1:', '#v1:eJ', PINNED_LINK.slice(0, 12)][i % 3]!;
      const result = await decodePermalink(prefix + body);
      expect(['corrupted', 'truncated']).toContain(reasonOf(result));
    }
  });

  it('reports another fragment version as an unknown version', async () => {
    const payload = PINNED_LINK.slice('#v1:'.length);
    for (const prefix of ['#v2:', '#v0:', '#v10:', 'https://x.example/#v2:']) {
      expect(reasonOf(await decodePermalink(prefix + payload))).toBe('unknown-version');
    }
  });

  it('reports a v1 link whose content has another version as an unknown version', async () => {
    const link = linkOf('{"v":2,"f":[["a.md",""]],"a":"a.md","p":"rfc","x":[]}');
    expect(reasonOf(await decodePermalink(link))).toBe('unknown-version');
  });

  it.each([
    '',
    'hello',
    'https://example.com/',
    'https://example.com/#section',
    '#',
    '#v1',
    '#V1:abc',
    '#v:abc',
  ])('reports %j as not a permalink', async (text) => {
    expect(reasonOf(await decodePermalink(text))).toBe('not-a-permalink');
  });

  it.each(['#v1:abc$def', '#v1:ab=cd', '#v1:ab===', '#v1:%ZZab', '#v1:aé', '#v1:ab|label>'])(
    'reports %j as a bad encoding',
    async (text) => {
      expect(reasonOf(await decodePermalink(text))).toBe('bad-encoding');
    },
  );

  it('reports well-formed base64 that is not a zlib stream as corrupted', async () => {
    const hello =
      '#v1:' + Buffer.from('Hello, world! This is not compressed.').toString('base64url');
    expect(reasonOf(await decodePermalink(hello))).toBe('corrupted');
  });

  it('reports a link that unpacks past the cap as too large, with the dictionary or without', async () => {
    for (const options of [{}, { dictionary: DICTIONARY }]) {
      const deflater = createDeflate({ level: 9, ...options });
      const chunks: Buffer[] = [];
      deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
      const spaces = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 64; i++) deflater.write(spaces);
      deflater.end();
      await once(deflater, 'end');
      const bomb = '#v1:' + Buffer.concat(chunks).toString('base64url');
      expect(reasonOf(await decodePermalink(bomb))).toBe('too-large');
    }
  });

  it('reports a payload longer than any link can be as too large, without unpacking it', async () => {
    const long = '#v1:' + 'A'.repeat(MAX_PERMALINK_LENGTH + 1);
    expect(reasonOf(await decodePermalink(long))).toBe('too-large');
    expect(reasonOf(await decodePermalink(' '.repeat(4 * MAX_PERMALINK_LENGTH)))).toBe('too-large');
  });

  it.each<[string, string | Uint8Array]>([
    ['text that is not JSON', 'not json'],
    ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    ['a file list that is a string', '{"v":1,"f":"a.md","a":"a.md","p":"rfc"}'],
    ['a text that is a number', '{"v":1,"f":[["a.md",1]],"a":"a.md","p":"rfc"}'],
    ['a path with a .. segment', '{"v":1,"f":[["../a.md",""]],"a":"../a.md","p":"rfc"}'],
    ['an active file that is absent', '{"v":1,"f":[["a.md",""]],"a":"b.md","p":"rfc"}'],
    ['an unknown profile', '{"v":1,"f":[["a.md",""]],"a":"a.md","p":"loose"}'],
  ])('reports %s as invalid content', async (_, content) => {
    expect(reasonOf(await decodePermalink(linkOf(content)))).toBe('invalid-content');
  });

  it('gives every failure a message of full sentences with no error internals', async () => {
    const failures = [
      'hello',
      '#v2:abc',
      '#v1:ab$',
      PINNED_LINK.slice(0, -5),
      PINNED_LINK.slice(0, 20) + 'QQ' + PINNED_LINK.slice(22),
      '#v1:' + 'A'.repeat(MAX_PERMALINK_LENGTH + 1),
      linkOf('[]'),
    ];
    for (const text of failures) {
      const result = await decodePermalink(text);
      if (result.ok) throw new Error(`expected ${text} to fail`);
      expect(result.message).toMatch(/^[A-Z].*\.$/s);
      expect(result.message).not.toMatch(/Error|Z_|undefined|\bat .*:\d+/);
    }
  });
});

describe('decodePermalink: links mangled on the way', () => {
  const base = 'https://playground.example/app/?theme=dark';

  it('opens a whole URL, a fragment, and a fragment without its #', async () => {
    for (const text of [base + PINNED_LINK, PINNED_LINK, PINNED_LINK.slice(1)]) {
      expect(await decodePermalink(text)).toEqual({ ok: true, envelope: PINNED });
    }
  });

  it('opens a link with surrounding whitespace and line breaks or invisible characters inside', async () => {
    const link = base + PINNED_LINK;
    const variants = [
      `  \n${link}\n\t`,
      link.slice(0, 50) + '\n' + link.slice(50, 90) + '\r\n    ' + link.slice(90),
      link.slice(0, 60) + '\u200b' + link.slice(60, 70) + '\u00ad' + link.slice(70) + '\u2060',
      link.slice(0, 70) + ' ' + link.slice(70, 71) + '\u00a0' + link.slice(71),
    ];
    for (const text of variants) {
      expect(await decodePermalink(text)).toEqual({ ok: true, envelope: PINNED });
    }
  });

  it('opens a percent-encoded link: one escaped colon, a whole encoded URL, or encoded twice', async () => {
    const variants = [
      base + PINNED_LINK.replace(':', '%3A'),
      base + PINNED_LINK.replace(':', '%3a').replaceAll('_', '%5F'),
      encodeURIComponent(base + PINNED_LINK),
      `https://redirect.example/?to=${encodeURIComponent(encodeURIComponent(base + PINNED_LINK))}`,
    ];
    for (const text of variants) {
      expect(await decodePermalink(text)).toEqual({ ok: true, envelope: PINNED });
    }
  });

  it('opens a link rewritten in standard base64 with = padding', async () => {
    const payload = PINNED_UNICODE_LINK.slice('#v1:'.length);
    const standard = Buffer.from(payload, 'base64url').toString('base64');
    expect(standard).toMatch(/[+/]/);
    expect(standard).toMatch(/=$/);
    expect(await decodePermalink('#v1:' + standard)).toEqual({
      ok: true,
      envelope: PINNED_UNICODE,
    });
  });

  it.each(['.', ')', ',', '>', ').', '",', "'", ']', '!', '?', ';', ':', '*', '~'])(
    'opens a link followed by %j',
    async (punctuation) => {
      expect(await decodePermalink(base + PINNED_LINK + punctuation)).toEqual({
        ok: true,
        envelope: PINNED,
      });
    },
  );

  it('opens a link inside Markdown or angle brackets', async () => {
    for (const text of [`[workspace](${base}${PINNED_LINK})`, `<${base}${PINNED_LINK}>`]) {
      expect(await decodePermalink(text)).toEqual({ ok: true, envelope: PINNED });
    }
  });

  it.each(['_', '-', '__'])(
    'opens a link whose trailing %j a linkifier dropped, checked by its checksum',
    async (ending) => {
      const envelope = envelopeEndingWith(ending);
      const link = await encodePermalink(envelope);
      expect(link.endsWith(ending)).toBe(true);
      const cut = link.slice(0, -ending.length);
      expect(await decodePermalink(cut)).toEqual({ ok: true, envelope });
      expect(await decodePermalink(cut + ').')).toEqual({ ok: true, envelope });
    },
  );

  it('does not take a changed last character for a dropped one', async () => {
    const envelope = envelopeEndingWith('_');
    const link = await encodePermalink(envelope);
    expect(reasonOf(await decodePermalink(link.slice(0, -1) + '-'))).toBe('corrupted');
  });

  it('does not recover a dropped last character other than _ or -', async () => {
    const envelope = envelopeEndingWith('A');
    const link = await encodePermalink(envelope);
    expect(reasonOf(await decodePermalink(link.slice(0, -1)))).toBe('truncated');
  });
});
