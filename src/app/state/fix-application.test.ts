import { describe, expect, it } from 'vitest';
import type { Diagnostic, Fix } from '../../core/index.ts';
import { editedTexts, fixAllSafe, safeFixCount, type FixAllHost } from './fix-application.ts';
import { makeWorkspace } from './workspace-files.ts';

const diagnostic = (fixes: Fix[]): Diagnostic => ({
  code: 'unknown-field',
  severity: 'error',
  message: 'm',
  file: 'a.md',
  from: 0,
  to: 1,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
  fixes,
});
const fix = (safe: boolean, portability = false): Fix => ({
  title: 't',
  safe,
  edits: [],
  ...(portability ? { portability } : {}),
});

describe('safeFixCount', () => {
  it('counts problems with a safe fix; portability ones only under the fast-agent profile', () => {
    const list = [
      diagnostic([fix(true)]),
      diagnostic([fix(false), fix(true)]),
      diagnostic([fix(false)]),
      diagnostic([fix(true, true)]),
      diagnostic([]),
    ];
    expect(safeFixCount(list, 'rfc')).toBe(2);
    expect(safeFixCount(list, 'fast-agent')).toBe(3);
  });
});

describe('editedTexts', () => {
  it('applies each file its edits at once and creates missing files', () => {
    const files = { 'a.md': 'one two', 'b.md': 'x' };
    expect(
      editedTexts(files, [
        { file: 'a.md', from: 4, to: 7, insert: '2' },
        { file: 'a.md', from: 0, to: 3, insert: '1' },
        { file: 'h.md', from: 0, to: 0, insert: 'created' },
      ]),
    ).toEqual({ 'a.md': '1 2', 'h.md': 'created' });
  });
});

describe('fixAllSafe', () => {
  function host(files: Record<string, string>, answer: Record<string, string>, applied = 1) {
    const ws = makeWorkspace('w', files, 'a.md', 'fast-agent');
    const written: Record<string, string>[] = [];
    const sent: unknown[] = [];
    const h: FixAllHost = {
      workspace: () => ws,
      fixAll: (texts, profile, formats, options) => {
        sent.push({ texts, profile, options });
        return Promise.resolve({ files: answer, applied });
      },
      write: (texts) => written.push(texts),
    };
    return { ws, h, written, sent };
  }

  it('sends the files with the profile and writes what the fixes changed', async () => {
    const { h, written, sent } = host(
      { 'a.md': 'modle: x' },
      { 'a.md': 'model: x', 'n.md': 'new' },
      2,
    );
    expect(await fixAllSafe(h)).toEqual({ kind: 'applied', applied: 2, files: ['a.md', 'n.md'] });
    expect(sent).toEqual([
      { texts: { 'a.md': 'modle: x' }, profile: 'fast-agent', options: { portability: true } },
    ]);
    expect(written).toEqual([{ 'a.md': 'model: x', 'n.md': 'new' }]);
  });

  it('writes nothing when a file it changes was edited while the fixes ran', async () => {
    const { ws, h, written } = host({ 'a.md': 'modle: x' }, { 'a.md': 'model: x' });
    const fixAll = (...args: Parameters<FixAllHost['fixAll']>) => h.fixAll(...args);
    const stale: FixAllHost = { ...h };
    stale.fixAll = async (...args) => {
      const answer = await fixAll(...args);
      ws.files['a.md'] = 'modle: xy';
      return answer;
    };
    expect(await fixAllSafe(stale)).toEqual({ kind: 'stale' });
    expect(written).toEqual([]);
  });

  it('says so when nothing applied', async () => {
    const { h, written } = host({ 'a.md': 'ok' }, {}, 0);
    expect(await fixAllSafe(h)).toEqual({ kind: 'nothing' });
    expect(written).toEqual([]);
  });
});
