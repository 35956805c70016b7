import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../examples.ts';
import { encodePermalink } from '../../permalink/permalink.ts';
import { createEditJournal } from '../storage/edit-journal.ts';
import { FakeStorage } from '../storage/journal-fixture.ts';
import { createMemoryStore } from '../storage/memory-store.ts';
import { randomId } from '../storage/random-id.ts';
import type { WorkspaceStore } from '../storage/workspace-store.ts';
import { AgentModel, type ModelHost } from './agent-model.svelte.ts';
import { EXAMPLES_WORKSPACE_ID } from './examples-workspace.ts';
import { cardInfo, compiledAgent, FakeAnalysisWorker } from './fake-analysis-worker.ts';

/** A memory store that says it outlives the page, as IndexedDB does. */
const durableStore = (): WorkspaceStore => ({ ...createMemoryStore(), kind: 'indexeddb' });

const models: AgentModel[] = [];
afterEach(() => {
  for (const m of models.splice(0)) m.dispose();
});

function setup(host: Partial<ModelHost> = {}) {
  const workers: FakeAnalysisWorker[] = [];
  const store = host.store ?? durableStore();
  const model = new AgentModel({
    store,
    makeWorker: FakeAnalysisWorker.factory(workers),
    persist: true,
    journal: createEditJournal(new FakeStorage()),
    tabChannel: `test-${randomId()}`,
    ...host,
  });
  models.push(model);
  return { model, store, worker: () => workers.at(-1)! };
}

describe('AgentModel', () => {
  it('opens the first example when nothing is stored, and saves it', async () => {
    const { model, store } = setup();
    expect(await model.open('', undefined)).toEqual({ openedLink: false });
    expect(model.workspace.name).toBe(`${EXAMPLES[0]!.title} (example)`);
    expect(model.workspace.id).toBe(EXAMPLES_WORKSPACE_ID);
    await model.flush();
    expect((await store.list()).map((w) => w.id)).toEqual([model.workspace.id]);
    expect(model.saveState).toBe('saved');
  });

  it('opens a permalink as a new workspace, and explains a broken one in a banner', async () => {
    const { model } = setup();
    const link = await encodePermalink({ files: { 'x.md': 'X' }, active: 'x.md', profile: 'rfc' });
    expect(await model.open(link, undefined)).toEqual({ openedLink: true });
    expect(model.activeText).toBe('X');
    expect(await model.openPermalink('#v1:not-a-link')).toBe(false);
    expect(model.banners.map((b) => b.id)).toEqual(['permalink']);
    expect(model.activeText).toBe('X');
  });

  // Were two browser stories (tests/e2e/broken-links.spec.ts keeps the one that opens such links in the page).
  it('opening a link with only stray characters after #v1: names them in the banner instead of saying nothing follows', async () => {
    const { model } = setup();
    expect(await model.open('#v1:!!!***', undefined)).toEqual({ openedLink: false });
    const banner = model.banners.find((b) => b.id === 'permalink');
    expect(banner?.text).toMatch(/could not be opened/);
    expect(banner?.text).toContain('"!!!***"');
    expect(banner?.text).not.toContain('nothing follows');
  });

  it('opening a link with nothing after #v1: says in the banner that nothing follows it', async () => {
    const { model } = setup();
    expect(await model.open('#v1:', undefined)).toEqual({ openedLink: false });
    const banner = model.banners.find((b) => b.id === 'permalink');
    expect(banner?.text).toMatch(/could not be opened/);
    expect(banner?.text).toContain('nothing follows');
  });

  it('names a shared link after its content, numbering a second one with the same name', async () => {
    const { model } = setup();
    const link = await encodePermalink({
      files: { 'x.md': '---\nname: helper\n---\nX' },
      active: 'x.md',
      profile: 'rfc',
    });
    await model.open(link, undefined);
    expect(model.workspace.name).toBe('helper (shared)');
    await model.flush();
    await model.openPermalink(link);
    expect(model.workspace.name).toBe('helper (shared) 2');
  });

  it('opens every example in the one Examples workspace, replacing it while it is unedited', async () => {
    const { model, store } = setup();
    await model.open('', undefined);
    const ask = vi.fn(() => Promise.resolve(true));
    for (const example of [EXAMPLES[1]!, EXAMPLES[1]!, EXAMPLES[2]!, EXAMPLES[1]!])
      expect(await model.openExample(example, ask)).toBe(true);
    await model.flush();
    expect(ask).not.toHaveBeenCalled();
    expect((await store.list()).map((w) => [w.id, w.name])).toEqual([
      [EXAMPLES_WORKSPACE_ID, `${EXAMPLES[1]!.title} (example)`],
    ]);
    expect(model.workspace.files).toEqual(EXAMPLES[1]!.files);
  });

  it('switches back to the Examples workspace when it already shows the example', async () => {
    const { model, store } = setup();
    await model.open('', undefined);
    await model.newWorkspace();
    await model.flush();
    expect(await model.openExample(EXAMPLES[0]!, () => Promise.resolve(false))).toBe(true);
    expect(model.workspace.id).toBe(EXAMPLES_WORKSPACE_ID);
    expect(await store.list()).toHaveLength(2);
  });

  it('sends an edit to the worker before it journals it, both within the call', async () => {
    const storage = new FakeStorage();
    const { model, worker } = setup({ journal: createEditJournal(storage) });
    await model.open('', undefined);
    worker().answer();
    const order: string[] = [];
    const fake = worker();
    const post = fake.postMessage.bind(fake);
    fake.postMessage = (request) => {
      order.push(`posted ${request.type}`);
      post(request);
    };
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      order.push('journalled');
      setItem(key, value);
    };
    model.editFile(model.workspace.active, 'mine');
    expect(order).toEqual(['posted check', 'journalled']);
  });

  it('asks before replacing an edited Examples workspace, and keeps the edits aside when told to', async () => {
    const { model, store } = setup();
    await model.open('', undefined);
    model.editFile(model.workspace.active, 'mine');
    const no = vi.fn(() => Promise.resolve(false));
    expect(await model.openExample(EXAMPLES[1]!, no)).toBe(false);
    expect(no).toHaveBeenCalledWith(`${EXAMPLES[0]!.title} (example)`, EXAMPLES[1]!);
    expect(model.activeText).toBe('mine');

    expect(await model.openExample(EXAMPLES[1]!, () => Promise.resolve(true))).toBe(true);
    expect(model.workspace.id).toBe(EXAMPLES_WORKSPACE_ID);
    expect(model.workspace.files).toEqual(EXAMPLES[1]!.files);
    expect(model.banners.map((b) => b.id)).toEqual(['examples']);
    await model.flush();
    const kept = (await store.list()).find((w) => w.id !== EXAMPLES_WORKSPACE_ID)!;
    expect(kept.name).toBe(`${EXAMPLES[0]!.title} (example) (edited)`);
    expect((await store.load(kept.id))!.files).toEqual({ [EXAMPLES[0]!.active]: 'mine' });
  });

  it('asks about an edited Examples workspace that is not the open one too', async () => {
    const { model, store } = setup();
    await model.open('', undefined);
    model.renameWorkspace('My own');
    await model.newWorkspace();
    const ask = vi.fn(() => Promise.resolve(true));
    expect(await model.openExample(EXAMPLES[2]!, ask)).toBe(true);
    expect(ask).toHaveBeenCalledWith('My own', EXAMPLES[2]!);
    await model.flush();
    expect((await store.list()).map((w) => w.name).sort()).toEqual([
      `${EXAMPLES[2]!.title} (example)`,
      'My own',
      'Untitled workspace',
    ]);
  });

  it('sends each edit for analysis and shows the answer', async () => {
    const { model, worker } = setup();
    await model.open('', undefined);
    worker().answer();
    model.editFile(model.workspace.active, 'changed');
    expect(model.analysisStale).toBe(true);
    worker().answer([cardInfo(model.workspace.active, 0)]);
    expect(model.analysisStale).toBe(false);
    expect(model.analysis.cards).toHaveLength(1);
  });

  it('selects a card and jumps the editor to its header', async () => {
    const { model, worker } = setup();
    await model.openFiles('W', { 'a.md': 'A', 'b.md': 'B' }, 'a.md', 'rfc');
    worker().answer([cardInfo('b.md', 0)]);
    model.selectCard({ file: 'b.md', index: 0 });
    expect(model.selection).toEqual({ file: 'b.md', index: 0 });
    expect(model.workspace.active).toBe('b.md');
    expect(model.reveal).toMatchObject({ file: 'b.md', from: 0, to: 4 });
  });

  it('converts the selected card into a preview, and writes it only on Replace, cutting its range', async () => {
    const { model, worker } = setup();
    const bundle = 'AAAAAAAAA\nBBBBBBBBB\n';
    await model.openFiles('W', { 'dir/a.md': bundle }, 'dir/a.md', 'rfc');
    const cards = [cardInfo('dir/a.md', 0, 'one'), cardInfo('dir/a.md', 1, 'two')];
    worker().answer(cards);
    model.selectCard({ file: 'dir/a.md', index: 1 });
    model.run();
    worker().answer(cards, compiledAgent('dir/a.md', 2, 'two'));
    const opening = model.convertSelected('afm');
    worker().answerConvert({ files: { 'two.afm.md': 'AFM' }, lost: [] });
    expect(await opening).toBe(true);
    expect(model.conversion.preview).toMatchObject({ sourceText: 'BBBBBBBBB', name: 'two' });
    expect(model.workspace.files).toEqual({ 'dir/a.md': bundle });

    expect(model.conversion.replace()).toEqual(['dir/two.afm.md']);
    expect(model.workspace.files).toEqual({ 'dir/a.md': 'AAAAAAAAA\n\n', 'dir/two.afm.md': 'AFM' });
    expect(model.workspace.active).toBe('dir/two.afm.md');
    expect(worker().lastCheck().changed).toMatchObject({ 'dir/two.afm.md': 'AFM' });
  });

  it('renames, deletes and re-formats files, refusing a taken name', async () => {
    const { model } = setup();
    await model.openFiles('W', { 'a.md': 'A', 'b.md': 'B' }, 'a.md', 'rfc');
    expect(model.renameFile('a.md', 'b.md')).toBe('b.md exists already.');
    expect(model.renameFile('a.md', 'c.md')).toBeNull();
    model.setFormat('c.md', 'afm');
    expect(model.workspace.formats).toEqual({ 'c.md': 'afm' });
    model.deleteFile('c.md');
    expect(Object.keys(model.workspace.files)).toEqual(['b.md']);
    expect(model.workspace.active).toBe('b.md');
    expect(model.createFile('new.yaml')).toBeNull();
    expect(model.workspace.active).toBe('new.yaml');
    expect(model.createFile('new.yaml')).toBe('new.yaml exists already.');
  });

  it('switches between stored workspaces and opens another when the open one is deleted', async () => {
    const { model } = setup();
    await model.openFiles('One', { 'a.md': 'A' }, 'a.md', 'rfc');
    const one = model.workspace.id;
    await model.newWorkspace();
    await model.flush();
    await vi.waitFor(() => expect(model.workspaces).toHaveLength(2));
    await model.switchWorkspace(one);
    expect(model.workspace.name).toBe('One');
    await model.deleteWorkspace(one);
    expect(model.workspace.name).toBe('Untitled workspace');
    expect(model.workspaces.map((w) => w.id)).toEqual([model.workspace.id]);
  });

  it('says a workspace that cannot be loaded could not be switched to', async () => {
    const { model } = setup();
    await model.openFiles('One', { 'a.md': 'A' }, 'a.md', 'rfc');
    await model.switchWorkspace('missing');
    expect(model.banners.map((b) => b.id)).toEqual(['switch']);
    expect(model.workspace.name).toBe('One');
  });

  it('keeps edits over another tab’s save as a copy when asked', async () => {
    const { model, store } = setup();
    await model.openFiles('Mine', { 'a.md': 'A' }, 'a.md', 'rfc');
    await model.flush();
    const stored = (await store.load(model.workspace.id))!;
    await store.save({ ...stored, revision: stored.revision + 1 }, stored.revision);
    model.editFile('a.md', 'mine');
    await model.flush();
    const conflict = model.banners.find((b) => b.id === 'conflict');
    expect(conflict?.action?.label).toBe('Keep mine as a copy');
    conflict!.action!.run();
    expect(model.workspace.name).toBe('Mine (copy)');
    expect(model.activeText).toBe('mine');
    expect(model.banners.some((b) => b.id === 'conflict')).toBe(false);
  });

  it('in the embed saves nothing and shows the first card of the active file', async () => {
    const { model, store, worker } = setup({
      store: createMemoryStore(),
      persist: false,
      selectFirstCard: true,
    });
    await model.openFiles('Embed', { 'a.md': 'A' }, 'a.md', 'rfc');
    expect(worker().lastCheck().select).toEqual({ file: 'a.md', index: 0 });
    await model.flush();
    expect(await store.list()).toEqual([]);
    expect(model.saveState).toBe('off');
    expect(model.unsavedAtRisk).toBe(false);
  });

  it('shows the store’s problem in a banner from the start', () => {
    const { model } = setup({ storeProblem: 'No IndexedDB.' });
    expect(model.banners).toEqual([{ id: 'storage', kind: 'warning', text: 'No IndexedDB.' }]);
  });

  it('sums up damaged stored records in one banner that grows with each note', () => {
    const { model } = setup();
    model.storageNote({ key: 'a', code: 'bad-name', field: 'name' });
    expect(model.banners.map((b) => [b.id, b.kind])).toEqual([['storage-record', 'info']]);
    model.storageNote({ key: 'b', code: 'bad-files', field: 'files' });
    expect(model.banners).toHaveLength(1);
    expect(model.banners[0]).toMatchObject({ id: 'storage-record', kind: 'warning' });
    expect(model.banners[0]!.text).toMatch(
      /^1 saved workspace could not be read .*; 1 saved workspace had/,
    );
  });

  it('applies a fix that splits a file: edits the bundle and creates the new file, unopened', async () => {
    const { model, worker } = setup();
    await model.openFiles('W', { 'bundle.md': 'AB' }, 'bundle.md', 'rfc');
    worker().answer();
    const before = worker().requests.length;
    model.applyFixEdits([
      { file: 'bundle.md', from: 1, to: 2, insert: '' },
      { file: 'b.md', from: 0, to: 0, insert: 'B' },
    ]);
    expect({ ...model.workspace.files }).toEqual({ 'bundle.md': 'A', 'b.md': 'B' });
    expect(model.workspace.active).toBe('bundle.md');
    // One change of the workspace, one new check.
    expect(worker().requests.length).toBe(before + 1);
  });

  it('fixes all safe problems in the worker and writes the answer, saying what it did', async () => {
    const { model, worker } = setup();
    await model.openFiles('W', { 'a.md': 'modle: x' }, 'a.md', 'rfc');
    const run = model.fixAllSafe();
    const request = worker().requests.findLast((r) => r.type === 'fixAll')!;
    expect(request).toMatchObject({ files: { 'a.md': 'modle: x' }, profile: 'rfc', options: {} });
    worker().answerFixAll({ 'a.md': 'model: x' }, 1);
    expect(await run).toMatchObject({ kind: 'applied', applied: 1 });
    expect(model.activeText).toBe('model: x');
    expect(model.banners.at(-1)).toEqual({
      id: 'fix',
      kind: 'info',
      text: 'Applied 1 safe fix (a.md).',
    });
  });
});
