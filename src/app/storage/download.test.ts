import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob, downloadText, dropSourcesOf, readDroppedItems } from './download.ts';
import type { FileEntryLike } from './dropped-files.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A stand-in document whose anchors record what was clicked, and a URL that records what it made and freed. */
function fakeBrowser() {
  const clicks: Array<{ href: string; download: string; attached: boolean }> = [];
  const revoked: string[] = [];
  const body = { children: new Set<object>(), append: (el: object) => body.children.add(el) };
  vi.stubGlobal('document', {
    body,
    createElement: () => {
      const anchor = {
        href: '',
        download: '',
        rel: '',
        style: {},
        click: () =>
          clicks.push({
            href: anchor.href,
            download: anchor.download,
            attached: body.children.has(anchor),
          }),
        remove: () => body.children.delete(anchor),
      };
      return anchor;
    },
  });
  let made = 0;
  vi.stubGlobal('URL', {
    createObjectURL: () => `blob:test/${++made}`,
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  return { clicks, revoked, body };
}

describe('downloadBlob', () => {
  it('clicks an attached anchor with the file name, removes it, and frees the URL later', () => {
    vi.useFakeTimers();
    const { clicks, revoked, body } = fakeBrowser();
    downloadBlob('agents.zip', new Blob(['x']));
    expect(clicks).toEqual([{ href: 'blob:test/1', download: 'agents.zip', attached: true }]);
    expect(body.children.size).toBe(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(40_000);
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('downloads text the same way', () => {
    const { clicks } = fakeBrowser();
    downloadText('card.md', '---\ntype: agent\n---\n');
    expect(clicks.map((c) => c.download)).toEqual(['card.md']);
  });
});

describe('dropSourcesOf', () => {
  const entry: FileEntryLike = {
    isFile: true,
    isDirectory: false,
    name: 'a.md',
    fullPath: '/a.md',
    file: (success) => success(new File(['A'], 'a.md')),
  };

  it('takes entries from a drop, falls back to the bare file, and ignores dragged text', async () => {
    const bare = new File(['B'], 'b.md');
    const transfer = {
      items: [
        { kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => null },
        { kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => bare },
        { kind: 'string', webkitGetAsEntry: () => null, getAsFile: () => null },
      ],
    } as unknown as DataTransfer;
    expect(dropSourcesOf(transfer)).toEqual([{ entry }, { file: bare, path: 'b.md' }]);
    expect((await readDroppedItems(transfer)).files).toEqual({ 'a.md': 'A', 'b.md': 'B' });
  });

  it('keeps the folder path of files picked with a directory input', () => {
    const picked = Object.assign(new File(['C'], 'c.md'), {
      webkitRelativePath: 'proj/agents/c.md',
    });
    const plain = new File(['D'], 'd.md');
    const list = [picked, plain] as unknown as FileList;
    expect(dropSourcesOf(list).map((s) => ('path' in s ? s.path : ''))).toEqual([
      'proj/agents/c.md',
      'd.md',
    ]);
  });
});
