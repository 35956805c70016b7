import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../examples.ts';
import {
  contentName,
  describeFileCount,
  MAX_WORKSPACE_NAME_CHARS,
  sharedWorkspaceName,
  uniqueName,
} from './workspace-names.ts';

const example = (id: string) => EXAMPLES.find((e) => e.id === id)!;

describe('describeFileCount', () => {
  it('writes one file in the singular and any other count in the plural', () => {
    expect(describeFileCount(1)).toBe('1 file');
    expect(describeFileCount(3)).toBe('3 files');
    expect(describeFileCount(0)).toBe('0 files');
  });
});

describe('sharedWorkspaceName', () => {
  it('names a bundle by its file and a one-card file by its card, never by the date', () => {
    const chain = example('chain');
    expect(sharedWorkspaceName(chain.files, chain.active)).toBe('post_writer (shared)');
    const card = example('md-card');
    expect(sharedWorkspaceName(card.files, card.active)).toBe('sizer (shared)');
  });

  it('reads the name of a JSON card and of a TsAgent config', () => {
    const a2a = example('a2a');
    expect(sharedWorkspaceName(a2a.files, a2a.active)).toBe('Currency Helper (shared)');
    const tsagent = example('tsagent');
    expect(sharedWorkspaceName(tsagent.files, tsagent.active)).toBe('Trip Planner (shared)');
  });

  it('falls back to the first file when the active one is missing, and to "Shared link" with no file', () => {
    expect(sharedWorkspaceName({ 'agents/helper.md': 'no frontmatter' }, 'gone.md')).toBe(
      'helper (shared)',
    );
    expect(sharedWorkspaceName({}, '')).toBe('Shared link (shared)');
  });
});

describe('contentName', () => {
  it('unquotes a quoted name and ignores a trailing comment and indented names', () => {
    expect(contentName({ 'a.yaml': 'name: "quoted one" # why\n' }, 'a.yaml')).toBe('quoted one');
    expect(contentName({ 'a.yaml': 'type: chain\nsteps:\n  name: inner\n' }, 'a.yaml')).toBe('a');
  });

  it('makes control characters and bidi overrides spaces and cuts a long name short', () => {
    expect(contentName({ 'a.md': '---\nname: evil\u202e\u0007name\n---\n' }, 'a.md')).toBe(
      'evil name',
    );
    const long = contentName({ 'a.md': `---\nname: ${'x'.repeat(500)}\n---\n` }, 'a.md')!;
    expect(long).toHaveLength(MAX_WORKSPACE_NAME_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('takes the file name for broken JSON or a JSON value that is not an object', () => {
    expect(contentName({ 'card.json': '{ "name": ' }, 'card.json')).toBe('card');
    expect(contentName({ 'card.json': '["name"]' }, 'card.json')).toBe('card');
  });

  it('treats a file called __proto__ as a file like any other', () => {
    const files = JSON.parse('{"__proto__": "name: proto_agent\\n"}') as Record<string, string>;
    expect(contentName(files, '__proto__')).toBe('proto_agent');
  });
});

describe('uniqueName', () => {
  it('numbers a name that is taken, from 2 up', () => {
    expect(uniqueName('a (shared)', [])).toBe('a (shared)');
    expect(uniqueName('a (shared)', ['a (shared)', 'a (shared) 2'])).toBe('a (shared) 3');
  });
});
