import { describe, expect, it } from 'vitest';
import type { Conversion, EmitOptions, FormatId } from '../../core/index.ts';
import type { CardRef } from '../analysis/protocol.ts';
import { Converter } from './conversion.svelte.ts';
import { compiledAgent } from './fake-analysis-worker.ts';
import { Notifications } from './notifications.svelte.ts';

const REF: CardRef = { file: 'a.md', index: 0 };

function setup(answer: () => Promise<Conversion | null>) {
  const notifications = new Notifications();
  const calls: Array<[CardRef, FormatId, EmitOptions]> = [];
  const opened: Record<string, string>[] = [];
  const converter = new Converter({
    convert: (ref, to, options) => {
      calls.push([ref, to, options]);
      return answer();
    },
    addFiles: (files) => {
      opened.push(files);
      return Object.keys(files).map((p) => `new/${p}`);
    },
    notifications,
  });
  return { converter, notifications, calls, opened };
}

describe('Converter', () => {
  it('opens the converted files and reports what the target could not express', async () => {
    const lost = [{ field: 'servers', reason: 'no such field' }];
    const t = setup(async () => ({ files: { 'a.afm.md': 'X' }, lost }));
    const paths = await t.converter.convert(REF, compiledAgent('a.md', 1, 'sizer'), 'afm', {
      baseName: 'a',
    });
    expect(paths).toEqual(['new/a.afm.md']);
    expect(t.calls).toEqual([[REF, 'afm', { baseName: 'a' }]]);
    expect(t.converter.report).toEqual({ from: 'sizer', to: 'afm', paths, lost });
    t.converter.reset();
    expect(t.converter.report).toBeNull();
  });

  it('does nothing without a selection, or to the agent’s own format', async () => {
    const t = setup(async () => ({ files: {}, lost: [] }));
    expect(await t.converter.convert(null, compiledAgent('a.md', 1), 'afm')).toEqual([]);
    expect(await t.converter.convert(REF, null, 'afm')).toEqual([]);
    expect(await t.converter.convert(REF, compiledAgent('a.md', 1), 'agentcard')).toEqual([]);
    expect(t.calls).toEqual([]);
  });

  it('explains in a warning that a card which did not compile has nothing to convert', async () => {
    const t = setup(async () => null);
    expect(await t.converter.convert(REF, compiledAgent('a.md', 1), 'afm')).toEqual([]);
    expect(t.notifications.banners.map((b) => [b.id, b.kind])).toEqual([['conversion', 'warning']]);
    expect(t.opened).toEqual([]);
  });

  it('turns a failed conversion into an error banner, not a rejection', async () => {
    const t = setup(() => Promise.reject(new Error('worker gone')));
    expect(await t.converter.convert(REF, compiledAgent('a.md', 1), 'afm')).toEqual([]);
    expect(t.notifications.banners.map((b) => [b.id, b.kind])).toEqual([['conversion', 'error']]);
    expect(t.converter.report).toBeNull();
  });
});
