import { describe, expect, it } from 'vitest';
import type { Diagnostic, Fix } from '../../core/index.ts';
import { DeferredFixes, isDeferred } from './deferred-fixes.ts';

const small: Fix = {
  title: 'Small',
  safe: true,
  edits: [{ file: 'a.md', from: 1, to: 2, insert: 'x' }],
};
const large: Fix = {
  title: 'Split',
  safe: true,
  portability: true,
  edits: [
    { file: 'a.md', from: 10, to: 100, insert: '' },
    { file: 'b.md', from: 0, to: 0, insert: 'b'.repeat(60) },
    { file: 'c.md', from: 0, to: 0, insert: 'c'.repeat(60) },
  ],
};
const diagnostic = (fixes?: Fix[]): Diagnostic => ({
  code: 'portability',
  severity: 'warning',
  message: 'm',
  file: 'a.md',
  from: 0,
  to: 1,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
  ...(fixes ? { fixes } : {}),
});

const TEXTS: Record<string, string> = { 'a.md': 'the text of a.md as checked' };

describe('DeferredFixes', () => {
  it('sends a fix inserting more than the limit as a placeholder and gives it back whole by its key', () => {
    const held = new DeferredFixes(100);
    const plain = diagnostic();
    const mixed = diagnostic([small, large]);
    const [first, second] = held.outgoing([plain, mixed], (file) => TEXTS[file]);
    expect(first).toBe(plain); // untouched diagnostics are not copied
    expect(second!.fixes![0]).toBe(small);
    const placeholder = second!.fixes![1]!;
    expect(isDeferred(placeholder)).toBe(true);
    expect(placeholder).toMatchObject({ title: 'Split', safe: true, portability: true, edits: [] });
    if (!isDeferred(placeholder)) throw new Error('unreachable');
    expect(held.take(placeholder.deferred)).toEqual({
      fix: large,
      texts: { 'a.md': TEXTS['a.md'] },
    });
    expect(mixed.fixes![1]).toBe(large); // the checker's result is not changed
  });

  it('keeps a fix at the limit as it is', () => {
    const held = new DeferredFixes(120);
    const [d] = held.outgoing([diagnostic([large])], (file) => TEXTS[file]);
    expect(d!.fixes![0]).toBe(large);
  });

  it("keeps a fix's key while its title stays, answering with the newest version and its texts", () => {
    const held = new DeferredFixes(100);
    const keyOf = (d: Diagnostic | undefined) =>
      (d!.fixes![0] as Fix & { deferred: number }).deferred;
    const key = keyOf(held.outgoing([diagnostic([large])], (file) => TEXTS[file])[0]);
    const newer: Fix = {
      ...large,
      edits: [...large.edits, { file: 'd.md', from: 0, to: 0, insert: 'd' }],
    };
    const texts: Record<string, string> = { 'a.md': 'newer text' };
    expect(keyOf(held.outgoing([diagnostic([newer])], (file) => texts[file])[0])).toBe(key);
    expect(held.take(key)).toEqual({ fix: newer, texts: { 'a.md': 'newer text' } });
    // Another title is another fix: a new key, and the old one is forgotten.
    const renamed = held.outgoing(
      [diagnostic([{ ...large, title: 'Split again' }])],
      () => undefined,
    );
    expect(keyOf(renamed[0])).not.toBe(key);
    expect(held.take(key)).toBeNull();
  });
});
