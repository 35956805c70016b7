import { describe, expect, it } from 'vitest';
import { freePath, splitExtension } from './free-path.ts';

describe('freePath', () => {
  const takenOf =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  it('keeps a name that is free', () => {
    expect(freePath('a.md', takenOf('b.md'))).toBe('a.md');
  });

  it('numbers a taken name before its extension, counting up past taken numbers', () => {
    expect(freePath('a.md', takenOf('a.md'))).toBe('a-2.md');
    expect(freePath('a.md', takenOf('a.md', 'a-2.md'))).toBe('a-3.md');
  });

  it('keeps a double extension that names the format whole', () => {
    expect(freePath('url-fetcher.afm.md', takenOf('url-fetcher.afm.md'))).toBe(
      'url-fetcher-2.afm.md',
    );
    expect(freePath('dir/X.AFM.MD', takenOf('dir/X.AFM.MD'))).toBe('dir/X-2.AFM.MD');
  });

  it('numbers names without an extension and dot files at the end', () => {
    expect(freePath('notes', takenOf('notes'))).toBe('notes-2');
    expect(freePath('dir.v1/notes', takenOf('dir.v1/notes'))).toBe('dir.v1/notes-2');
    expect(freePath('.afm.md', takenOf('.afm.md'))).toBe('.afm-2.md');
  });
});

describe('splitExtension', () => {
  it('splits the last extension, or a known compound one', () => {
    expect(splitExtension('a/b.c.yaml')).toEqual(['a/b.c', '.yaml']);
    expect(splitExtension('a/b.afm.md')).toEqual(['a/b', '.afm.md']);
    expect(splitExtension('.env')).toEqual(['.env', '']);
  });
});
