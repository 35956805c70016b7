import { describe, expect, it } from 'vitest';
import type { Conversion, EmitOptions, FormatId } from '../../core/index.ts';
import type { CardRef } from '../analysis/protocol.ts';
import type { CardSource, WorkspaceEdit } from '../conversion/conversion-plan.ts';
import { Converter } from './conversion.svelte.ts';
import { compiledAgent } from './fake-analysis-worker.ts';
import { Notifications } from './notifications.svelte.ts';

const BUNDLE = '---\nname: a\n---\nA.\n\n---\nname: sizer\n---\nS.\n';
const REF: CardRef = { file: 'post.md', index: 1 };
const SOURCE: CardSource = {
  file: 'post.md',
  fileText: BUNDLE,
  from: BUNDLE.indexOf('---\nname: sizer'),
  to: BUNDLE.length,
  cards: 2,
};

/** A converter over a fake workspace; `answer` gives each conversion's result (by the asked name). */
function setup(answer: (options: EmitOptions) => Promise<Conversion | null>) {
  const notifications = new Notifications();
  const calls: Array<[CardRef, FormatId, EmitOptions]> = [];
  const files: Record<string, string> = { 'post.md': BUNDLE };
  const edits: WorkspaceEdit[] = [];
  const converter = new Converter({
    convert: (ref, to, options) => {
      calls.push([ref, to, options]);
      return answer(options);
    },
    cardSource: (ref) => (ref.file === 'post.md' ? SOURCE : null),
    agentNames: () => ['a', 'sizer'],
    fileText: (path) => (Object.hasOwn(files, path) ? files[path] : undefined),
    apply: (edit) => {
      edits.push(edit);
      for (const path of edit.remove) delete files[path];
      Object.assign(files, edit.write, edit.add);
    },
    notifications,
  });
  return { converter, notifications, calls, files, edits };
}

const afm = async (options: EmitOptions): Promise<Conversion> => {
  const name = options.name ?? 'sizer';
  return {
    files: { [`${name}.afm.md`]: `name: ${name}` },
    lost: [{ field: 'servers', reason: 'no such field' }],
  };
};
const sizer = compiledAgent('post.md', 1, 'sizer');

describe('Converter', () => {
  it('shows the conversion beside the card and writes nothing before Add or Replace', async () => {
    const t = setup(afm);
    expect(await t.converter.open(REF, sizer, 'afm', { baseName: 'x' })).toBe(true);
    expect(t.calls).toEqual([[REF, 'afm', { baseName: 'x' }]]);
    expect(t.converter.preview).toMatchObject({
      name: 'sizer',
      suggestion: 'sizer_afm',
      sourceText: '---\nname: sizer\n---\nS.\n',
      result: { files: { 'sizer.afm.md': 'name: sizer' } },
      pending: false,
    });
    expect(t.edits).toEqual([]);
    t.converter.close();
    expect(t.converter.preview).toBeNull();
    expect(t.edits).toEqual([]);
  });

  it('refuses to add a copy under the original’s name, and adds it under a new one', async () => {
    const t = setup(afm);
    await t.converter.open(REF, sizer, 'afm');
    expect(t.converter.problem()).toMatch(/original's name/);
    expect(t.converter.add()).toEqual([]);
    expect(t.edits).toEqual([]);

    await t.converter.rename('sizer_afm');
    expect(t.calls.at(-1)).toEqual([REF, 'afm', { name: 'sizer_afm' }]);
    expect(t.converter.problem()).toBe('');
    expect(t.converter.add()).toEqual(['sizer_afm.afm.md']);
    expect(t.files).toEqual({ 'post.md': BUNDLE, 'sizer_afm.afm.md': 'name: sizer_afm' });
    expect(t.converter.preview).toBeNull();
    expect(t.converter.report).toEqual({
      from: 'sizer',
      to: 'afm',
      paths: ['sizer_afm.afm.md'],
      lost: [{ field: 'servers', reason: 'no such field' }],
    });
  });

  it('replaces the original card under its own name, keeping the rest of its file', async () => {
    const t = setup(afm);
    await t.converter.open(REF, sizer, 'afm');
    expect(t.converter.replace()).toEqual(['sizer.afm.md']);
    expect(t.files).toEqual({
      'post.md': '---\nname: a\n---\nA.\n\n',
      'sizer.afm.md': 'name: sizer',
    });
    expect(t.converter.report).toMatchObject({ paths: ['sizer.afm.md'], replaced: 'post.md' });

    const banner = t.notifications.banners.find((b) => b.id === 'conversion')!;
    expect(banner.action?.label).toBe('Undo');
    banner.action!.run();
    expect(t.files).toEqual({ 'post.md': BUNDLE });
    expect(t.converter.report).toBeNull();
    expect(t.notifications.has('conversion')).toBe(false);
  });

  it('undoes no Replace once a file it wrote has changed, and says so', async () => {
    const t = setup(afm);
    await t.converter.open(REF, sizer, 'afm');
    t.converter.replace();
    t.files['sizer.afm.md'] = 'edited';
    t.notifications.banners.find((b) => b.id === 'conversion')!.action!.run();
    expect(t.files).toEqual({ 'post.md': '---\nname: a\n---\nA.\n\n', 'sizer.afm.md': 'edited' });
    expect(t.notifications.banners.map((b) => [b.id, b.kind])).toEqual([['conversion', 'warning']]);
  });

  it('replaces nothing when the file changed since the preview, and says so', async () => {
    const t = setup(afm);
    await t.converter.open(REF, sizer, 'afm');
    t.files['post.md'] = `${BUNDLE}more\n`;
    expect(t.converter.replace()).toEqual([]);
    expect(t.edits).toEqual([]);
    expect(t.notifications.banners.map((b) => [b.id, b.kind])).toEqual([['conversion', 'warning']]);
  });

  it('drops the answer for an older name, and converts no name that names no agent', async () => {
    const waits: Array<() => void> = [];
    const t = setup(
      (options) =>
        new Promise((resolve) => {
          waits.push(() => void afm(options).then(resolve));
        }),
    );
    const opening = t.converter.open(REF, sizer, 'afm');
    waits.shift()!();
    await opening;
    const first = t.converter.rename('one');
    const second = t.converter.rename('two');
    waits[1]!();
    await second;
    waits[0]!();
    await first;
    expect(t.converter.preview).toMatchObject({ name: 'two', pending: false });
    expect(Object.keys(t.converter.preview!.result.files)).toEqual(['two.afm.md']);

    const calls = t.calls.length;
    await t.converter.rename('bad\u0000name');
    expect(t.calls).toHaveLength(calls);
    expect(t.converter.preview).toMatchObject({ name: 'bad\u0000name', pending: true });
    expect(t.converter.add()).toEqual([]);
    expect(t.converter.replace()).toEqual([]);
  });

  it('does nothing without a selection, or to the agent’s own format', async () => {
    const t = setup(afm);
    expect(await t.converter.open(null, sizer, 'afm')).toBe(false);
    expect(await t.converter.open(REF, null, 'afm')).toBe(false);
    expect(await t.converter.open(REF, sizer, 'agentcard')).toBe(false);
    expect(t.calls).toEqual([]);
  });

  it('explains a card that did not compile, or a failed conversion, in a banner', async () => {
    const t = setup(async () => null);
    expect(await t.converter.open(REF, sizer, 'afm')).toBe(false);
    expect(t.notifications.banners.map((b) => [b.id, b.kind])).toEqual([['conversion', 'warning']]);
    const failing = setup(() => Promise.reject(new Error('worker gone')));
    expect(await failing.converter.open(REF, sizer, 'afm')).toBe(false);
    expect(failing.notifications.banners.map((b) => [b.id, b.kind])).toEqual([
      ['conversion', 'error'],
    ]);
    expect(failing.converter.preview).toBeNull();
  });
});
