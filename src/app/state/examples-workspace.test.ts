import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../examples.ts';
import {
  EXAMPLES_WORKSPACE_ID,
  exampleWorkspace,
  keptCopy,
  uneditedExample,
} from './examples-workspace.ts';

const chain = EXAMPLES.find((e) => e.id === 'chain')!;

describe('the Examples workspace', () => {
  it('holds an example under the fixed id, carrying on the revision and reload mode it replaces', () => {
    const ws = exampleWorkspace(chain, 'fast-agent', { revision: 7, reloadMode: 'explicit' });
    expect(ws).toMatchObject({
      id: EXAMPLES_WORKSPACE_ID,
      name: 'Chain bundle (example)',
      files: chain.files,
      active: chain.active,
      profile: 'fast-agent',
      revision: 7,
      reloadMode: 'explicit',
    });
    expect(exampleWorkspace(chain, 'rfc').revision).toBe(0);
  });

  it('is unedited while its name, files and formats are the example’s, whatever file is shown', () => {
    const ws = exampleWorkspace(chain, 'rfc');
    expect(uneditedExample({ ...ws, active: '', profile: 'fast-agent' })).toBe(chain);
    expect(uneditedExample({ ...ws, name: 'Mine' })).toBeUndefined();
    expect(uneditedExample({ ...ws, files: { ...ws.files, 'new.md': '' } })).toBeUndefined();
    expect(uneditedExample({ ...ws, files: { [chain.active]: 'changed' } })).toBeUndefined();
    expect(uneditedExample({ ...ws, formats: { [chain.active]: 'afm' } })).toBeUndefined();
  });

  it('keeps an edited one as a new workspace, "(edited)" unless the user named it', () => {
    const ws = { ...exampleWorkspace(chain, 'rfc', { revision: 3, reloadMode: 'explicit' }) };
    ws.files = { 'post_writer.md': 'mine' };
    ws.history = { 'post_writer.md': { done: [] } };
    const copy = keptCopy(ws);
    expect(copy.id).not.toBe(EXAMPLES_WORKSPACE_ID);
    expect(copy).toMatchObject({
      name: 'Chain bundle (example) (edited)',
      files: ws.files,
      revision: 0,
      reloadMode: 'explicit',
      history: ws.history,
    });
    expect(keptCopy({ ...ws, name: 'My chain' }).name).toBe('My chain');
  });
});
