import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  makeMessage,
  MESSAGE_LIMITS,
  MESSAGE_SOURCE,
  parseEmbedMessage,
  parseHostMessage,
  PROTOCOL_VERSION,
} from './embed-protocol.ts';
import { PROTOTYPE_NAMES } from '../../tests/support/prototype-names.ts';
import { fuzzParameters, throwOnFailure } from '../../tests/fuzz/fuzz-run.ts';

const card = '---\ntype: agent\n---\nHello.\n';

describe('parseHostMessage', () => {
  it('accepts each host message type with a valid payload', () => {
    const messages = [
      makeMessage('setFiles', { files: { 'a.md': card, 'b/c.yaml': 'type: agent\n' } }),
      makeMessage(
        'setFiles',
        { files: { 'a.md': card }, active: 'a.md', profile: 'fast-agent' },
        'x1',
      ),
      makeMessage('setTheme', { theme: 'dark' }),
      makeMessage('setReadonly', { readonly: true }),
    ];
    for (const message of messages)
      expect(parseHostMessage(message)).toEqual({ kind: 'valid', message });
  });

  it('drops anything without our envelope silently', () => {
    for (const data of [
      null,
      'setTheme',
      42,
      [],
      { type: 'setTheme', payload: { theme: 'dark' } },
      { source: 'other', version: 1, type: 'setTheme', payload: { theme: 'dark' } },
      { source: MESSAGE_SOURCE, version: '1', type: 'setTheme', payload: {} },
      { source: MESSAGE_SOURCE, version: 1, type: 7, payload: {} },
      { source: MESSAGE_SOURCE, version: 1, type: 'setTheme', id: '', payload: {} },
    ])
      expect(parseHostMessage(data)).toEqual({ kind: 'foreign' });
  });

  it('rejects our envelope with another version, an unknown type or a bad payload, keeping the id', () => {
    const base = { source: MESSAGE_SOURCE, id: 'm7' };
    const cases = [
      { ...base, version: 2, type: 'setTheme', payload: { theme: 'dark' } },
      { ...base, version: PROTOCOL_VERSION, type: 'eval', payload: { code: '1' } },
      { ...base, version: PROTOCOL_VERSION, type: 'toString', payload: {} },
      { ...base, version: PROTOCOL_VERSION, type: 'setTheme', payload: { theme: 'purple' } },
      { ...base, version: PROTOCOL_VERSION, type: 'setTheme', payload: { theme: 'dark', x: 1 } },
      { ...base, version: PROTOCOL_VERSION, type: 'setReadonly', payload: { readonly: 'yes' } },
      { ...base, version: PROTOCOL_VERSION, type: 'setFiles', payload: { files: {} } },
      { ...base, version: PROTOCOL_VERSION, type: 'setFiles', payload: { files: { 'a.md': 1 } } },
      { ...base, version: PROTOCOL_VERSION, type: 'setFiles', payload: null },
    ];
    for (const data of cases) {
      const result = parseHostMessage(data);
      expect(result.kind, JSON.stringify(data)).toBe('invalid');
      expect(result.kind === 'invalid' && result.id).toBe('m7');
    }
  });

  it('refuses unsafe or malformed paths', () => {
    for (const path of [
      '',
      '/etc/passwd',
      '\\x.md',
      'a/../b.md',
      '..',
      'a\u0000.md',
      'a\nb.md',
      'x'.repeat(301),
    ]) {
      const result = parseHostMessage(makeMessage('setFiles', { files: { [path]: card } }));
      expect(result.kind, JSON.stringify(path)).toBe('invalid');
    }
  });

  it('refuses an active file that is not among the files', () => {
    const result = parseHostMessage(
      makeMessage('setFiles', { files: { 'a.md': card }, active: 'b.md' }),
    );
    expect(result.kind).toBe('invalid');
  });

  it('caps the number of files, each file and all files together', () => {
    const tooMany = Object.fromEntries(
      Array.from({ length: MESSAGE_LIMITS.maxFiles + 1 }, (_, i) => [`f${i}.md`, card]),
    );
    expect(parseHostMessage(makeMessage('setFiles', { files: tooMany })).kind).toBe('invalid');
    const big = 'x'.repeat(MESSAGE_LIMITS.maxFileChars + 1);
    expect(parseHostMessage(makeMessage('setFiles', { files: { 'a.md': big } })).kind).toBe(
      'invalid',
    );
    const part = 'x'.repeat(MESSAGE_LIMITS.maxFileChars);
    const files = Object.fromEntries(
      Array.from({ length: MESSAGE_LIMITS.maxTotalChars / part.length + 1 }, (_, i) => [
        `f${i}.md`,
        part,
      ]),
    );
    expect(parseHostMessage(makeMessage('setFiles', { files })).kind).toBe('invalid');
    const atLimit = Object.fromEntries(
      Array.from({ length: MESSAGE_LIMITS.maxTotalChars / part.length }, (_, i) => [
        `f${i}.md`,
        part,
      ]),
    );
    expect(parseHostMessage(makeMessage('setFiles', { files: atLimit })).kind).toBe('valid');
  });

  it('keeps markup in file names and texts as plain data', () => {
    const files = { '<img src=x onerror=alert(1)>.md': '<script>alert(1)</script>' };
    const result = parseHostMessage(makeMessage('setFiles', { files }));
    expect(result.kind === 'valid' && result.message.payload).toEqual({ files });
  });

  it('never throws, even on hostile objects', () => {
    const hostile = {
      get source() {
        throw new Error('boom');
      },
    };
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    for (const data of [hostile, proxy, Object.create(null)])
      expect(() => parseHostMessage(data)).not.toThrow();
  });
});

describe('parseEmbedMessage', () => {
  const diagnostic = {
    code: 'unknown-field',
    severity: 'error',
    message: 'Unknown field',
    file: 'a.md',
    from: 4,
    to: 9,
    line: 2,
    column: 1,
    endLine: 2,
    endColumn: 6,
  };

  it('accepts the embed message types', () => {
    const messages = [
      makeMessage('ready', { files: ['a.md'], active: 'a.md', readonly: false, theme: 'auto' }),
      makeMessage('resize', { height: 320 }),
      makeMessage('diagnostics', {
        diagnostics: [diagnostic],
        counts: { error: 1, warning: 0, info: 0 },
      }),
      makeMessage('compiled', {
        agents: [{ name: 'a', type: 'agent', file: 'a.md', line: 1, ok: true }],
        selected: {
          name: 'a',
          type: 'agent',
          file: 'a.md',
          line: 1,
          ok: true,
          data: { config: { name: 'a' } },
          history: [{ role: 'user', content: 'hi' }],
        },
      }),
      makeMessage('compiled', { agents: [], selected: null }),
      makeMessage('rejected', { reason: 'bad' }, 'm1'),
    ];
    for (const message of messages) expect(parseEmbedMessage(message)).toEqual(message);
  });

  it('drops host message types, other versions and bad payloads', () => {
    for (const data of [
      makeMessage('setTheme', { theme: 'dark' }),
      { ...makeMessage('resize', { height: 10 }), version: 2 },
      makeMessage('resize', { height: -1 }),
      makeMessage('resize', { height: Number.NaN }),
      makeMessage('resize', { height: '10px' }),
      makeMessage('diagnostics', { diagnostics: [{ ...diagnostic, severity: 'fatal' }] }),
      makeMessage('compiled', { agents: 'all' }),
      { source: MESSAGE_SOURCE },
      undefined,
    ])
      expect(parseEmbedMessage(data)).toBeUndefined();
  });
});

describe('setFiles with paths named like members of Object.prototype', () => {
  const NAMES = PROTOTYPE_NAMES;

  it('accepts every one as a file, each an own entry with its text (as structured clone delivers them)', () => {
    // Built entry by entry, as a host's JSON or a structured clone gives them: `__proto__` is then an own key.
    const files = Object.fromEntries(NAMES.map((name) => [name, `text of ${name}`]));
    for (const active of [undefined, ...NAMES]) {
      const payload = active === undefined ? { files } : { files, active };
      const result = parseHostMessage(structuredClone(makeMessage('setFiles', payload)));
      expect(result.kind, String(active)).toBe('valid');
      if (result.kind !== 'valid' || result.message.type !== 'setFiles') continue;
      const out = result.message.payload.files;
      expect(Object.keys(out)).toEqual(NAMES);
      for (const name of NAMES) {
        expect(Object.hasOwn(out, name)).toBe(true);
        expect(out[name]).toBe(`text of ${name}`);
      }
    }
  });

  it('accepts one such file alone', () => {
    for (const name of NAMES) {
      const files = Object.fromEntries([[name, 'type: agent\n']]);
      const result = parseHostMessage(makeMessage('setFiles', { files, active: name }));
      expect(
        result.kind === 'valid' &&
          result.message.type === 'setFiles' &&
          Object.entries(result.message.payload.files),
      ).toEqual([[name, 'type: agent\n']]);
    }
  });

  it('refuses an active file that is only an inherited member, not one of the files', () => {
    for (const name of NAMES) {
      const result = parseHostMessage(
        makeMessage('setFiles', { files: { 'a.md': 'x' }, active: name }),
      );
      expect(result.kind, name).toBe('invalid');
    }
  });
});

describe('the protocol readers on arbitrary input', () => {
  const path = fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_NAMES));
  const payload = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        files: fc.oneof(fc.dictionary(path, fc.oneof(fc.string(), fc.jsonValue())), fc.jsonValue()),
        active: fc.oneof(path, fc.jsonValue()),
        profile: fc.oneof(fc.constantFrom('rfc', 'fast-agent'), fc.jsonValue()),
        theme: fc.oneof(fc.constantFrom('auto', 'light', 'dark'), fc.jsonValue()),
        readonly: fc.oneof(fc.boolean(), fc.jsonValue()),
      },
      { requiredKeys: [] },
    ),
  );
  const envelopeLike = fc.record(
    {
      source: fc.oneof(fc.constant(MESSAGE_SOURCE), fc.jsonValue()),
      version: fc.oneof(fc.constant(PROTOCOL_VERSION), fc.jsonValue()),
      type: fc.oneof(
        fc.constantFrom('setFiles', 'setTheme', 'setReadonly', 'ready', 'resize', 'rejected'),
        fc.jsonValue(),
      ),
      id: fc.oneof(fc.string(), fc.jsonValue()),
      payload,
    },
    { requiredKeys: [] },
  );

  it('parseHostMessage answers valid, invalid with a reason, or foreign for any JSON value', () => {
    throwOnFailure(
      fc.check(
        fc.property(fc.oneof(fc.jsonValue(), envelopeLike), (data) => {
          const result = parseHostMessage(data);
          if (result.kind === 'invalid') expect(result.reason).not.toBe('');
          if (result.kind === 'valid' && result.message.type === 'setFiles') {
            const sent = (data as { payload: { files: Record<string, unknown> } }).payload.files;
            for (const [name, text] of Object.entries(result.message.payload.files)) {
              expect(Object.hasOwn(sent, name)).toBe(true);
              expect(sent[name]).toBe(text);
            }
          }
        }),
        fuzzParameters(300, 0xe3b),
      ),
    );
  });

  it('parseEmbedMessage never throws on any JSON value', () => {
    throwOnFailure(
      fc.check(
        fc.property(fc.oneof(fc.jsonValue(), envelopeLike), (data) => {
          expect(() => parseEmbedMessage(data)).not.toThrow();
        }),
        fuzzParameters(300, 0xe3c),
      ),
    );
  });
});
