import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import * as fc from 'fast-check';
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

/** One piece of a random text: card syntax, line breaks, ASCII, BMP and astral characters, and lone surrogates. */
const piece = fc.oneof(
  {
    weight: 35,
    arbitrary: fc.constantFrom('name', 'agent', ' ', 'model: ', '---', '#', '"', '\\'),
  },
  { weight: 10, arbitrary: fc.constantFrom('\n', '\r\n', '\r', '\t') },
  {
    weight: 15,
    arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  },
  {
    weight: 15,
    arbitrary: fc.integer({ min: 0xa0, max: 0xd7fe }).map((c) => String.fromCharCode(c)),
  },
  {
    weight: 13,
    arbitrary: fc.integer({ min: 0x10000, max: 0x10fffe }).map((c) => String.fromCodePoint(c)),
  },
  { weight: 7, arbitrary: fc.constantFrom('é', '日本語', '😀', '👩‍💻', 'Ω≈ç√') },
  {
    weight: 5,
    arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c) + 'x'),
  },
);

/** A text of fewer than `maxPieces` pieces, any count equally likely. */
function text(maxPieces: number): fc.Arbitrary<string> {
  return fc.array(piece, { maxLength: maxPieces - 1, size: 'max' }).map((p) => p.join(''));
}

/** A path of one to three segments the encoder accepts: no `..` segment, no NUL, not absolute. */
const path = fc
  .array(text(6), { minLength: 1, maxLength: 3 })
  .map((segments) =>
    segments.map((s) => (s === '' ? 'f' : s === '..' ? 's' : s.replaceAll('\0', '0'))).join('/'),
  )
  .filter((p) => !p.startsWith('/') && !p.startsWith('\\') && !p.split(/[\\/]/).includes('..'));

/** A file: empty (15%), up to 400 pieces, or now and then (2%) up to 60,000. */
const content = fc.oneof(
  { weight: 15, arbitrary: fc.constant('') },
  { weight: 83, arbitrary: text(400) },
  { weight: 2, arbitrary: text(60_000) },
);

/** Up to `max` files with distinct paths. */
const files = (max: number) =>
  fc
    .uniqueArray(fc.tuple(path, content), {
      minLength: 1,
      maxLength: max,
      selector: ([p]) => p,
      size: 'max',
    })
    .map((entries) => Object.fromEntries(entries));

/** An envelope of mostly one to six files, now and then up to sixty, with one of them active. */
const envelope: fc.Arbitrary<PermalinkEnvelope> = fc
  .tuple(
    fc.oneof({ weight: 9, arbitrary: files(6) }, { weight: 1, arbitrary: files(60) }),
    fc.nat(),
    fc.constantFrom<PermalinkEnvelope['profile']>('rfc', 'fast-agent'),
  )
  .map(([files, active, profile]) => {
    const paths = Object.keys(files);
    return { files, active: paths[active % paths.length]!, profile };
  });

function reasonOf(result: DecodeResult): string {
  return result.ok ? 'ok' : result.reason;
}

/** A v1 link carrying any bytes, for content the encoder would refuse to write. */
function linkOf(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return '#v1:' + encodeBase64Url(compressZlib(bytes, DICTIONARY));
}

/**
 * The first of a fixed series of envelopes whose link ends with `ending`. Searched with `linkOf`, which writes
 * what `encodePermalink` writes. The texts vary in length so that their checksums, where a link's last characters
 * come from, cover every value.
 */
function envelopeEndingWith(ending: string): PermalinkEnvelope {
  for (let n = 0; n < 200_000; n++) {
    const words = Array.from({ length: 1 + ((n * 7) % 40) }, (_, k) =>
      ((n * 40_503 + k * 7_919 + ending.charCodeAt(0)) % 1e6).toString(36),
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
    await fc.assert(
      fc.asyncProperty(envelope, async (envelope) => {
        const link = await encodePermalink(envelope);
        expect(link).toMatch(/^#v1:[A-Za-z0-9_-]+$/);
        const decoded = await decodePermalink(link);
        if (!decoded.ok) throw new Error(`${decoded.reason}: ${decoded.message}`);
        expect(decoded.envelope).toEqual(envelope);
        expect(Object.keys(decoded.envelope.files)).toEqual(Object.keys(envelope.files));
      }),
      { seed: 20250724, numRuns: 300 },
    );
  });

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

  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  it('never accepts a changed character as different content (200 random changes)', async () => {
    // Ten envelopes, twenty changes of each link: a position past `#v1:` and the character written there.
    const change = fc.tuple(fc.nat(), fc.constantFrom(...alphabet));
    await fc.assert(
      fc.asyncProperty(
        envelope,
        fc.array(change, { minLength: 20, maxLength: 20 }),
        async (envelope, changes) => {
          const link = await encodePermalink(envelope);
          for (const [position, replacement] of changes) {
            const at = 4 + (position % (link.length - 4));
            const result = await decodePermalink(
              link.slice(0, at) + replacement + link.slice(at + 1),
            );
            if (result.ok) expect(result.envelope).toEqual(envelope);
            else expect(['corrupted', 'truncated']).toContain(result.reason);
          }
        },
      ),
      { seed: 7, numRuns: 10 },
    );
  });

  it('settles with a failure on 300 random payloads: zlib-like with the dictionary, without, or not', async () => {
    const prefix = fc.constantFrom('#v1:', '#v1:eJ', PINNED_LINK.slice(0, 12));
    const body = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 399, size: 'max' });
    await fc.assert(
      fc.asyncProperty(prefix, body, async (prefix, body) => {
        expect(['corrupted', 'truncated']).toContain(
          reasonOf(await decodePermalink(prefix + body)),
        );
      }),
      { seed: 99, numRuns: 300 },
    );
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
