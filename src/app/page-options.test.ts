import { describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from './examples.ts';
import {
  applyPageOptions,
  MAX_FILE_OPTION_CHARS,
  parsePageOptions,
  withoutPageOptions,
  type PageOptionTarget,
} from './page-options.ts';

const chain = EXAMPLES.find((e) => e.id === 'chain')!;

describe('parsePageOptions', () => {
  it('reads every option, with or without the ?', () => {
    expect(parsePageOptions('?example=chain&profile=fast-agent&theme=dark&file=a/b.md')).toEqual({
      options: { example: chain, profile: 'fast-agent', theme: 'dark', file: 'a/b.md' },
      notes: [],
    });
    expect(parsePageOptions('theme=light').options).toEqual({ theme: 'light' });
    expect(parsePageOptions('').options).toEqual({});
  });

  it('ignores an unknown value with a note naming the option and what it takes', () => {
    const { options, notes } = parsePageOptions(
      '?example=__proto__&profile=strict&theme=pink&file=',
    );
    expect(options).toEqual({});
    expect(notes).toHaveLength(4);
    expect(notes[0]).toMatch(/^\?example=__proto__ was ignored: the examples are md-card, /);
    expect(notes[1]).toBe('?profile=strict was ignored: the profile is rfc or fast-agent.');
    expect(notes[2]).toBe('?theme=pink was ignored: the theme is auto, light, dark.');
    expect(notes[3]).toMatch(/^\?file= was ignored/);
  });

  it('refuses a file path that is too long or holds control characters, and shows it safely', () => {
    const long = parsePageOptions(`?file=${'a'.repeat(MAX_FILE_OPTION_CHARS + 1)}`);
    expect(long.options).toEqual({});
    expect(long.notes[0]).toMatch(/^\?file=a{39}… was ignored/);
    const control = parsePageOptions('?file=a%1B%5B31mb.md');
    expect(control.options).toEqual({});
    expect(control.notes[0]).toMatch(/^\?file=a�\[31mb\.md was ignored/);
  });

  it('leaves other parameters alone and takes the first of a repeated option', () => {
    expect(parsePageOptions('?utm_source=x&theme=dark&theme=light').options).toEqual({
      theme: 'dark',
    });
  });

  it('never throws, whatever the query string', () => {
    for (const search of ['?%', '?example', '?=&&=', '?theme=%E0%A4%A', 'x'.repeat(10_000)])
      expect(() => parsePageOptions(search)).not.toThrow();
  });
});

describe('withoutPageOptions', () => {
  it('takes out only the page options', () => {
    expect(withoutPageOptions('?example=chain&utm_source=x&theme=dark')).toBe('?utm_source=x');
    expect(withoutPageOptions('?example=chain')).toBe('');
    expect(withoutPageOptions('')).toBe('');
  });
});

function target(files: string[] = []) {
  const calls: string[] = [];
  const notes: string[][] = [];
  const t: PageOptionTarget = {
    openExample: vi.fn((example) => {
      calls.push(`example ${example.id}`);
      files = Object.keys(example.files);
      return Promise.resolve(true);
    }),
    setProfile: (p) => void calls.push(`profile ${p}`),
    setTheme: (t) => void calls.push(`theme ${t}`),
    files: () => files,
    showFile: (p) => void calls.push(`file ${p}`),
    note: (n) => void notes.push(n),
  };
  return { t, calls, notes };
}

describe('applyPageOptions', () => {
  it('opens the example first, then applies the profile, the theme and the file to it', async () => {
    const { t, calls, notes } = target();
    await applyPageOptions(
      parsePageOptions('?file=post_writer.md&theme=dark&profile=fast-agent&example=chain'),
      t,
      false,
    );
    expect(calls).toEqual([
      'example chain',
      'profile fast-agent',
      'theme dark',
      'file post_writer.md',
    ]);
    expect(notes).toEqual([]);
  });

  it('notes a file the workspace does not have and an example a shared link overrides', async () => {
    const { t, calls, notes } = target(['a.md']);
    await applyPageOptions(parsePageOptions('?example=chain&file=b.md&theme=oops'), t, true);
    expect(calls).toEqual([]);
    expect(notes).toEqual([
      [
        '?theme=oops was ignored: the theme is auto, light, dark.',
        '?example=chain was ignored: the shared link opened instead.',
        '?file=b.md was ignored: this workspace has no such file.',
      ],
    ]);
  });

  it('notes nothing when there is nothing to note', async () => {
    const { t, notes } = target();
    await applyPageOptions(parsePageOptions(''), t, false);
    expect(notes).toEqual([]);
  });
});
