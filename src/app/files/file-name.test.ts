import { describe, expect, it } from 'vitest';
import { checkFileName, fileNameNote } from './file-name.ts';

const free = { taken: () => false };
const pathOf = (typed: string) => {
  const check = checkFileName(typed, free);
  return check.ok ? check.path : `refused: ${check.message}`;
};
const refusal = (typed: string) => {
  const check = checkFileName(typed, free);
  return check.ok ? `kept as ${check.path}` : check.message;
};

describe('checkFileName', () => {
  it('keeps a name with a known extension as typed, in any case', () => {
    for (const name of [
      'fastagent.config.yaml',
      'fastagent.secrets.yaml',
      'agents/helper.md',
      'notes.markdown',
      'x.yml',
      'tsagent.json',
      'card.JSON',
      'prompt.mdt',
      'chat.history.md',
      'writer.afm.md',
      'tools.py',
      'readme.txt',
    ])
      expect(pathOf(name)).toBe(name);
  });

  it('adds .md to a name without a known extension, and trims the name and reads \\ as /', () => {
    expect(pathOf('helper')).toBe('helper.md');
    expect(pathOf('agent.v2')).toBe('agent.v2.md');
    expect(pathOf('  agents\\helper.md ')).toBe('agents/helper.md');
  });

  it('refuses control and text-direction characters', () => {
    for (const name of ['a\u0000.md', 'a\tb.md', 'a\nb.md', 'a\u001b[31m.md', 'a\u007f.md'])
      expect(refusal(name)).toMatch(/control characters/);
    expect(refusal('evil\u202egpj.md')).toMatch(/control characters/);
  });

  it('refuses paths that leave the workspace or hide in a dot-folder', () => {
    expect(refusal('../x.md')).toMatch(/“\.\.”/);
    expect(refusal('a/../../x.md')).toMatch(/“\.\.”/);
    expect(refusal('./x.md')).toMatch(/“\.”/);
    expect(refusal('/etc/x.md')).toMatch(/start or end with “\/”/);
    expect(refusal('a//x.md')).toMatch(/“\/\/”/);
    expect(refusal('agents/')).toMatch(/end with “\/”/);
    expect(refusal('.git/index.lock')).toMatch(/“\.git” starts with a dot/);
    expect(refusal('a/.hidden/x.md')).toMatch(/“\.hidden” starts with a dot/);
    expect(refusal('.env')).toMatch(/starts with a dot/);
  });

  it('refuses names a file system would refuse', () => {
    expect(refusal('a?.md')).toMatch(/Windows refuses them/);
    expect(refusal('a:b.md')).toMatch(/Windows refuses them/);
    expect(refusal('agents./x.md')).toMatch(/“agents\.” ends with a space or a dot/);
    expect(refusal('agents /x.md')).toMatch(/ends with a space/);
    expect(refusal('a/ x.md')).toMatch(/“ x\.md” starts with a space/);
    expect(refusal('con')).toMatch(/“con” is a device name/);
    expect(refusal('NUL.md')).toMatch(/device name/);
    expect(refusal('lpt1/x.md')).toMatch(/device name/);
    expect(refusal('console.md')).toBe('kept as console.md');
    expect(refusal(`${'é'.repeat(126)}.md`)).toBe(`kept as ${'é'.repeat(126)}.md`);
    expect(refusal(`${'é'.repeat(127)}.md`)).toMatch(/255 bytes/);
    expect(refusal(`${'a'.repeat(253)}`)).toMatch(/255 bytes/);
    expect(refusal(`${'abc/'.repeat(80)}x.md`)).toMatch(/300 characters/);
  });

  it('refuses an empty name and a taken one, but not the renamed file’s own name', () => {
    expect(refusal('   ')).toBe('A file needs a name.');
    const taken = (p: string) => p === 'a.md' || p === 'b.md';
    expect(checkFileName('b', { taken })).toEqual({ ok: false, message: 'b.md exists already.' });
    expect(checkFileName('a.md', { taken, current: 'a.md' })).toEqual({ ok: true, path: 'a.md' });
    // A dropped file may have a name New file would refuse; renaming it to itself changes nothing.
    const own = checkFileName(' .github/x.md ', { taken, current: '.github/x.md' });
    expect(own).toEqual({ ok: true, path: '.github/x.md' });
  });
});

describe('fileNameNote', () => {
  it('says why a name is refused, or the path used when it is not what was typed', () => {
    expect(fileNameNote('a.md', checkFileName('a.md', free))).toBe('');
    expect(fileNameNote('helper', checkFileName('helper', free))).toBe('Will be named helper.md.');
    expect(fileNameNote('', checkFileName('', free))).toBe('A file needs a name.');
  });
});
