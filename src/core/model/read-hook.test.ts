import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { OUTSIDE_ROOT, type ReadFileHook } from './read-hook.ts';

/** A hook that refuses every path starting with `../` or `/` and knows `inside.md` and `docs.txt`. */
const hook: ReadFileHook = (path) => {
  if (path.startsWith('../') || path.startsWith('/')) return OUTSIDE_ROOT;
  if (path === 'inside.md') return '---USER\nhello\n';
  if (path === 'docs.txt') return 'Docs.';
  return undefined;
};

/** Each diagnostic as `[code, severity, file, text it points at]`. */
function seen(files: Record<string, string>, readFile: ReadFileHook = hook) {
  const result = checkLoadSet(files, { readFile, cards: ['a.md'] });
  return {
    result,
    found: result.diagnostics.map((d) => [
      d.code,
      d.severity,
      d.file,
      (files[d.file] ?? '').slice(d.from, d.to),
    ]),
  };
}

describe('the readFile hook as the read boundary', () => {
  it('reports path-outside-root at each refused messages entry and compiles the card without it', () => {
    const card =
      '---\ntype: agent\nname: a\nmessages:\n  - ../secret.md\n  - inside.md\n---\nHi.\n';
    const { result, found } = seen({ 'a.md': card });
    expect(found).toEqual([['path-outside-root', 'warning', 'a.md', '../secret.md']]);
    expect(result.agents.map((a) => a.history)).toEqual([[{ role: 'user', content: 'hello' }]]);
  });

  it('reports path-outside-root at a refused ---RESOURCE path of a history file', () => {
    const card = '---\ntype: agent\nname: a\nmessages: h.md\n---\nHi.\n';
    const history = '---USER\nsee\n---RESOURCE\n/etc/passwd\n';
    const { found } = seen({ 'a.md': card, 'h.md': history });
    expect(found).toEqual([['path-outside-root', 'warning', 'h.md', '/etc/passwd']]);
  });

  it('reports path-outside-root for a refused {{file:…}} template and a refused Python file', () => {
    const card =
      '---\ntype: agent\nname: a\nfunction_tools:\n  - ../tools.py:fn\n---\nRead {{file:../notes.txt}} and {{file:docs.txt}}.\n';
    const { found } = seen({ 'a.md': card });
    expect(found.filter((f) => f[0] === 'path-outside-root')).toEqual([
      ['path-outside-root', 'warning', 'a.md', '../tools.py:fn'],
      [
        'path-outside-root',
        'warning',
        'a.md',
        'Read {{file:../notes.txt}} and {{file:docs.txt}}.\n',
      ],
    ]);
    expect(found.map((f) => f[0])).not.toContain('python-file-not-found');
  });

  it('words the warning from the reference alone', () => {
    const card = (path: string) => `---\ntype: agent\nname: a\nmessages: ${path}\n---\nHi.\n`;
    const [one, two] = ['../a.md', '../b.md'].map(
      (path) => checkLoadSet({ 'a.md': card(path) }, { readFile: hook }).diagnostics[0]!.message,
    );
    expect(one!.replace('../a.md', 'X')).toBe(two!.replace('../b.md', 'X'));
  });

  it('reports a too-large answer as input-too-large on that file', () => {
    const card = '---\ntype: agent\nname: a\nmessages: big.md\n---\nHi.\n';
    const { found } = seen({ 'a.md': card }, (path) =>
      path === 'big.md' ? { refused: 'too-large', size: 70_000_000, limit: 67_108_864 } : undefined,
    );
    expect(found).toEqual([
      ['messages-file-not-found', 'error', 'a.md', 'big.md'],
      ['input-too-large', 'error', 'big.md', ''],
    ]);
  });

  it('reports a refused prompt.md of a TsAgent folder at its tsagent.json', () => {
    const folder = { 'agent/tsagent.json': '{"metadata": {"name": "A", "description": "d"}}' };
    const result = checkLoadSet(folder, {
      readFile: (path) => (path === 'agent/prompt.md' ? OUTSIDE_ROOT : undefined),
    });
    const found = result.diagnostics.map((d) => [d.code, d.severity, d.file, d.from, d.to]);
    expect(found).toContainEqual(['path-outside-root', 'warning', 'agent/tsagent.json', 0, 1]);
    expect(found.map((f) => f[0])).not.toContain('tsagent-missing-prompt');
  });
});
