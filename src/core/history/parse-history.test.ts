import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawDiagnostic } from '../diagnostics.ts';
import { parseHistory, type HistoryMessage } from './parse-history.ts';

/** Code, severity and range of each diagnostic, ranges given as the text they cover. */
function problems(
  text: string,
  diagnostics: RawDiagnostic[],
): [string, string | undefined, string][] {
  return diagnostics.map((d) => [d.code, d.severity, text.slice(d.from, d.to)]);
}

function texts(messages: HistoryMessage[]): [string, ...string[]][] {
  return messages.map((m) => [
    m.role,
    ...m.content.map((p) => (p.type === 'text' ? p.text : `<${p.type}>`)),
  ]);
}

function files(entries: Record<string, string>): (path: string) => string | undefined {
  return (path) => (Object.hasOwn(entries, path) ? entries[path] : undefined);
}

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }] });
const json = (messages: unknown[]) => JSON.stringify({ messages });

describe('parseHistory: JSON histories', () => {
  it('reads a path ending in .json (any case) as JSON and anything else as delimited text', () => {
    expect(parseHistory('{"messages": []}', 'a/h.JSON').format).toBe('json');
    expect(parseHistory('{"messages": []}', 'a/h.json.md').format).toBe('delimited');
    expect(parseHistory('{"messages": []}', 'a/h.txt').messages).toEqual([
      user('{"messages": []}'),
    ]);
  });

  it('keeps extended messages one to one, including those whose content is empty', () => {
    const text = json([
      user('hi'),
      {
        role: 'assistant',
        content: [],
        tool_calls: { c1: { method: 'tools/call', params: { name: 't' } } },
      },
      {
        role: 'user',
        content: [],
        tool_results: { c1: { content: [{ type: 'text', text: '12' }] } },
      },
      {
        ...assistant('noon'),
        channels: { reasoning: [{ type: 'text', text: 'hm' }] },
        stop_reason: 'endTurn',
      },
      user('again'),
      user('and again'),
    ]);
    const parsed = parseHistory(text, 'h.json');
    expect(parsed.diagnostics).toEqual([]);
    expect(texts(parsed.messages)).toEqual([
      ['user', 'hi'],
      ['assistant'],
      ['user'],
      ['assistant', 'noon'],
      ['user', 'again'],
      ['user', 'and again'],
    ]);
  });

  it('keeps JSON text verbatim, without stripping', () => {
    expect(parseHistory(json([user('  padded\n')]), 'h.json').messages).toEqual([
      user('  padded\n'),
    ]);
  });

  it('merges consecutive legacy messages of the same role; a dropped entry does not end the run, an extended message does', () => {
    const legacy = (role: string, text: string) => ({ role, content: { type: 'text', text } });
    const text = json([
      legacy('user', 'a'),
      legacy('system', 'dropped'),
      legacy('user', 'b'),
      legacy('assistant', 'c'),
      assistant('extended'),
      legacy('assistant', 'd'),
    ]);
    const parsed = parseHistory(text, 'h.json');
    expect(texts(parsed.messages)).toEqual([
      ['user', 'a', 'b'],
      ['assistant', 'c'],
      ['assistant', 'extended'],
      ['assistant', 'd'],
    ]);
    expect(problems(text, parsed.diagnostics)).toEqual([
      [
        'history-entry-dropped',
        'warning',
        '{"role":"system","content":{"type":"text","text":"dropped"}}',
      ],
    ]);
  });

  it('drops, with a warning over the entry, each entry that fits neither form', () => {
    const bad = [
      { role: 'system', content: [] },
      { role: 'user' },
      { content: [{ type: 'text', text: 'no role' }] },
      { role: 'user', content: [{ type: 'video', data: 'x' }] },
      { role: 'user', content: [{ type: 'text', text: 5 }] },
      { role: 'user', content: [], stop_reason: 'whatever' },
      { role: 'user', content: [], tool_calls: { c: { method: 'other', params: { name: 't' } } } },
      { role: 'user', content: [], tool_results: { c: { content: 'x' } } },
      { role: 'user', content: [{ type: 'resource', resource: { uri: 'notes.txt', text: 'x' } }] },
      { role: 'user', content: 'plain string' },
    ];
    const text = json([user('kept'), ...bad]);
    const parsed = parseHistory(text, 'h.json');
    expect(parsed.messages).toEqual([user('kept')]);
    expect(problems(text, parsed.diagnostics)).toEqual(
      bad.map((entry) => ['history-entry-dropped', 'warning', JSON.stringify(entry)]),
    );
  });

  it('keeps image, audio, resource and resource_link parts, without their data', () => {
    const text = json([
      {
        role: 'user',
        content: [
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav', annotations: { priority: 0.5 } },
          {
            type: 'resource',
            resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
          },
          { type: 'resource', resource: { uri: 'resource://x/b.bin', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'https://example.com/c', name: 'c' },
        ],
      },
    ]);
    expect(parseHistory(text, 'h.json').messages[0]!.content).toEqual([
      { type: 'image', mimeType: 'image/png' },
      { type: 'audio', mimeType: 'audio/wav' },
      { type: 'resource', uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
      { type: 'resource', uri: 'resource://x/b.bin' },
      { type: 'resource_link', uri: 'https://example.com/c', name: 'c' },
    ]);
  });

  it('reports invalid JSON as history-invalid at the syntax error, with no messages', () => {
    const text = '{"messages": [{"role": "user", "content": []},]}';
    const parsed = parseHistory(text, 'h.json');
    expect(parsed.messages).toEqual([]);
    expect(parsed.diagnostics.map((d) => [d.code, d.severity, d.from, d.to])).toEqual([
      ['history-invalid', 'error', text.length - 2, text.length - 1],
    ]);
  });

  it('reports a root that is not an object with a "messages" list as history-invalid', () => {
    expect(problems('[]', parseHistory('[]', 'h.json').diagnostics)).toEqual([
      ['history-invalid', 'error', '[]'],
    ]);
    expect(
      problems(' {"other": 1} ', parseHistory(' {"other": 1} ', 'h.json').diagnostics),
    ).toEqual([['history-invalid', 'error', '{"other": 1}']]);
    const text = '{"messages": {"role": "user"}}';
    expect(problems(text, parseHistory(text, 'h.json').diagnostics)).toEqual([
      ['history-invalid', 'error', '{"role": "user"}'],
    ]);
  });

  it('reports an entry that is not an object as history-invalid at the entry, since fast-agent crashes on it', () => {
    const text = '{"messages": [{"role": "user", "content": []}, "oops"]}';
    const parsed = parseHistory(text, 'h.json');
    expect(parsed.messages).toEqual([]);
    expect(problems(text, parsed.diagnostics)).toEqual([['history-invalid', 'error', '"oops"']]);
  });

  it('reads "messages" from the last of repeated keys, as Python does', () => {
    const text = `{"messages": [], "messages": ${json([user('second')]).slice(12, -1)}}`;
    expect(parseHistory(text, 'h.json').messages).toEqual([user('second')]);
  });

  it('follows Python: NaN is accepted, a BOM is an error', () => {
    const nan =
      '{"messages": [{"role": "user", "content": [], "tool_results": {"c": {"content": [], "structuredContent": {"x": NaN}}}}]}';
    expect(parseHistory(nan, 'h.json').diagnostics).toEqual([]);
    const bom = '\ufeff{"messages": []}';
    expect(parseHistory(bom, 'h.json').diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([
      ['history-invalid', 0, 1],
    ]);
  });
});

describe('parseHistory: delimited histories', () => {
  it('reads a text with no delimiter line as one user message holding the whole text, unstripped', () => {
    const text = '\nJust one message.\r\n\r\nSecond paragraph.\r\n';
    const parsed = parseHistory(text, 'h.md');
    expect(parsed).toEqual({
      messages: [user('\nJust one message.\n\nSecond paragraph.\n')],
      diagnostics: [],
      format: 'delimited',
    });
  });

  it('splits on ---USER and ---ASSISTANT lines and strips each section', () => {
    const text = '---USER\n\n  hello  \n\n---ASSISTANT\nhi\n there\n';
    expect(parseHistory(text, 'h.md').messages).toEqual([user('hello'), assistant('hi\n there')]);
  });

  it('matches delimiters on the stripped line, case-sensitively, and not ---SYSTEM', () => {
    const text =
      '---SYSTEM\nsys\n \t---USER \u00a0\nhello\n---user\n---Assistant\n\u3000---ASSISTANT\nhi';
    expect(parseHistory(text, 'h.md').messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '---SYSTEM\nsys' },
          { type: 'text', text: 'hello\n---user\n---Assistant' },
        ],
      },
      assistant('hi'),
    ]);
  });

  it('makes text before the first delimiter a user section, merged with a following ---USER section', () => {
    expect(
      texts(parseHistory('Preamble.\n---USER\nQuestion?\n---ASSISTANT\nAnswer.', 'h.md').messages),
    ).toEqual([
      ['user', 'Preamble.', 'Question?'],
      ['assistant', 'Answer.'],
    ]);
    expect(texts(parseHistory('Preamble.\n---ASSISTANT\nAnswer.', 'h.md').messages)).toEqual([
      ['user', 'Preamble.'],
      ['assistant', 'Answer.'],
    ]);
  });

  it('merges consecutive sections of the same role into one message with several parts', () => {
    const text = '---USER\nfirst\n---USER\nsecond\n---ASSISTANT\nreply\n---ASSISTANT\nmore';
    expect(texts(parseHistory(text, 'h.md').messages)).toEqual([
      ['user', 'first', 'second'],
      ['assistant', 'reply', 'more'],
    ]);
  });

  it('drops a section with no lines, with a warning at its delimiter', () => {
    const text = '---USER\n  ---ASSISTANT  \nonly assistant\n---USER';
    const parsed = parseHistory(text, 'h.md');
    expect(parsed.messages).toEqual([assistant('only assistant')]);
    expect(parsed.diagnostics.map((d) => [d.code, d.severity, d.from, d.to])).toEqual([
      ['empty-history-block', 'warning', 0, 7],
      ['empty-history-block', 'warning', text.length - 7, text.length],
    ]);
  });

  it('keeps a section of blank lines as an empty text part, as fast-agent does, with a warning', () => {
    const text = '---USER\nhi\n---ASSISTANT\n';
    const parsed = parseHistory(text, 'h.md');
    expect(parsed.messages).toEqual([user('hi'), assistant('')]);
    expect(problems(text, parsed.diagnostics)).toEqual([
      ['empty-history-block', 'warning', '---ASSISTANT'],
    ]);
  });

  it('gives CRLF and lone-CR files the same messages as LF files', () => {
    const lf = 'Pre\n---USER\nline 1\nline 2\n---RESOURCE\nnote.txt\n---ASSISTANT\nreply\n';
    const readFile = files({ 'h/note.txt': 'a\r\nb' });
    const expected = parseHistory(lf, 'h/x.md', readFile).messages;
    expect(parseHistory(lf.replaceAll('\n', '\r\n'), 'h/x.md', readFile).messages).toEqual(
      expected,
    );
    expect(parseHistory(lf.replaceAll('\n', '\r'), 'h/x.md', readFile).messages).toEqual(expected);
    expect(expected[0]!.content[2]).toEqual({
      type: 'resource',
      uri: 'resource://fast-agent/note.txt',
      mimeType: 'text/plain',
      text: 'a\nb',
    });
  });

  it('passes NUL bytes and other odd characters through as text', () => {
    const text = '---USER\na\u0000b\ud800\n---ASSISTANT\n\u0000';
    expect(parseHistory(text, 'h.md').messages).toEqual([
      user('a\u0000b\ud800'),
      assistant('\u0000'),
    ]);
  });
});

describe('parseHistory: ---RESOURCE lines', () => {
  it('embeds a text file named on the next line, resolved against the history file folder', () => {
    const asked: string[] = [];
    const readFile = (path: string) => (
      asked.push(path),
      path === 'cards/shared/a b.md' ? '# A\n' : undefined
    );
    const text = '---USER\nSee attached\n---RESOURCE\n  ../shared/./a b.md  \n---ASSISTANT\nGot it';
    const parsed = parseHistory(text, 'cards/hist/h.md', readFile);
    expect(asked).toEqual(['cards/shared/a b.md']);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'See attached' },
          {
            type: 'resource',
            uri: 'resource://fast-agent/a%20b.md',
            mimeType: 'text/markdown',
            text: '# A\n',
          },
        ],
      },
      assistant('Got it'),
    ]);
  });

  it('embeds images as image parts and files of unknown type as binary resources without text', () => {
    const readFile = files({ 'pic.PNG': 'binary', 'logo.svg': '<svg/>', 'data.bin2': 'x' });
    const text =
      '---USER\nfiles\n---RESOURCE\npic.PNG\n---RESOURCE\nlogo.svg\n---RESOURCE\ndata.bin2\n';
    expect(parseHistory(text, 'h.md', readFile).messages[0]!.content).toEqual([
      { type: 'text', text: 'files' },
      { type: 'image', mimeType: 'image/png', uri: 'resource://fast-agent/pic.PNG' },
      {
        type: 'resource',
        uri: 'resource://fast-agent/logo.svg',
        mimeType: 'image/svg+xml',
        text: '<svg/>',
      },
      {
        type: 'resource',
        uri: 'resource://fast-agent/data.bin2',
        mimeType: 'application/octet-stream',
      },
    ]);
  });

  it('warns resource-not-found at the path line when the file is absent, and leaves the part out', () => {
    const text = '---USER\nhello\n---RESOURCE\n  missing.css\t\n';
    const parsed = parseHistory(text, 'dir/h.md', files({}));
    expect(parsed.messages).toEqual([user('hello')]);
    expect(problems(text, parsed.diagnostics)).toEqual([
      ['resource-not-found', 'warning', 'missing.css'],
    ]);
  });

  it('warns resource-not-found at the delimiter when no path follows it', () => {
    const text = '---USER\nhello\n---RESOURCE\n\nmore\n---RESOURCE';
    const parsed = parseHistory(text, 'h.md', files({}));
    expect(texts(parsed.messages)).toEqual([['user', 'hello\nmore']]);
    expect(parsed.diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([
      ['resource-not-found', 14, 25],
      ['resource-not-found', text.length - 11, text.length],
    ]);
  });

  it('takes the line after ---RESOURCE as a path even when it is a delimiter', () => {
    const text = '---USER\nhi\n---RESOURCE\n---ASSISTANT\nstill user';
    const parsed = parseHistory(text, 'h.md', files({}));
    expect(texts(parsed.messages)).toEqual([['user', 'hi\nstill user']]);
    expect(problems(text, parsed.diagnostics)).toEqual([
      ['resource-not-found', 'warning', '---ASSISTANT'],
    ]);
  });

  it('ignores, with a warning, resources before the first role line and in a dropped section', () => {
    const text = '---RESOURCE\na.txt\n---USER\n---RESOURCE\nb.txt\n---ASSISTANT\nok';
    const readFile = files({ 'a.txt': 'A', 'b.txt': 'B' });
    const parsed = parseHistory(text, 'h.md', readFile);
    expect(parsed.messages).toEqual([assistant('ok')]);
    expect(problems(text, parsed.diagnostics)).toEqual([
      ['ignored-value', 'warning', '---RESOURCE\na.txt'],
      ['empty-history-block', 'warning', '---USER'],
      ['ignored-value', 'warning', '---RESOURCE\nb.txt'],
    ]);
  });

  it('loads nothing when the only delimiters are ---RESOURCE lines, warning that the text is ignored', () => {
    const text = 'Look at this\n---RESOURCE\na.txt\n';
    const parsed = parseHistory(text, 'h.md', files({ 'a.txt': 'A' }));
    expect(parsed.messages).toEqual([]);
    expect(problems(text, parsed.diagnostics)).toEqual([
      ['ignored-value', 'warning', 'Look at this'],
      ['ignored-value', 'warning', '---RESOURCE\na.txt'],
    ]);
  });

  it('neither embeds nor reports resources when no readFile is given', () => {
    const parsed = parseHistory('---USER\nhi\n---RESOURCE\na.txt', 'h.md');
    expect(parsed).toEqual({ messages: [user('hi')], diagnostics: [], format: 'delimited' });
  });
});

describe('parseHistory: hostile input', () => {
  it('never throws and keeps every range inside the text, for random text in both formats', () => {
    const alphabet = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ':',
      ',',
      '\\',
      'n',
      'u',
      '0',
      '-',
      ' ',
      '\n',
      '\r',
      '\u0000',
      '---USER',
      '---RESOURCE',
      '"messages"',
      '"role"',
      '"user"',
      '"content"',
      'true',
      'NaN',
    ];
    const text = fc
      .array(fc.constantFrom(...alphabet), { maxLength: 39, size: 'max' })
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(text, (text) => {
        for (const path of ['h.json', 'h.md']) {
          const parsed = parseHistory(text, path, () => 'x');
          for (const d of parsed.diagnostics) {
            expect(0 <= d.from && d.from <= d.to && d.to <= text.length).toBe(true);
          }
        }
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('refuses deeply nested JSON as history-invalid instead of overflowing the stack', () => {
    const text = `{"messages": [${'['.repeat(100_000)}`;
    const parsed = parseHistory(text, 'h.json');
    expect(parsed.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['history-invalid', 'error'],
    ]);
  });

  it('reads large histories of both formats', () => {
    const many = Array.from({ length: 20_000 }, (_, i) =>
      i % 2 ? assistant(`a${i}`) : user(`u${i}`),
    );
    expect(parseHistory(json(many), 'h.json').messages).toHaveLength(20_000);
    const delimited = Array.from(
      { length: 20_000 },
      (_, i) => `---${i % 2 ? 'ASSISTANT' : 'USER'}\nline ${i}`,
    ).join('\n');
    expect(parseHistory(delimited, 'h.md').messages).toHaveLength(20_000);
    expect(parseHistory('x'.repeat(5_000_000), 'h.md').messages[0]!.content[0]).toEqual({
      type: 'text',
      text: 'x'.repeat(5_000_000),
    });
  });

  it('throws at once when called with a text that is not a string', () => {
    expect(() => parseHistory(undefined as unknown as string, 'h.md')).toThrow(TypeError);
  });
});
