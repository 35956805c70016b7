// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { previewFile, showClickToLoad } from './click-to-load.ts';
import { EMBED_TEST_IDS } from './embed-test-ids.ts';

const CARD = '---\nname: sizer\n---\nEstimate sizes.\n';

function page(options: { file?: string; lines?: number } = {}) {
  const into = document.createElement('div');
  const onTry = vi.fn();
  const shown = showClickToLoad(into, options, onTry);
  const get = (id: string) => into.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return { into, onTry, shown, get };
}

describe('previewFile', () => {
  it('shows the wanted file when the content has it, else the active one, else the first', () => {
    const files = { 'a.md': 'A', 'b.md': 'B', 'c.md': 'C' };
    expect(previewFile({ files, active: 'b.md' }, 'c.md')).toEqual({
      name: 'c.md',
      text: 'C',
      others: 2,
    });
    expect(previewFile({ files, active: 'b.md' }, 'nope.md')?.name).toBe('b.md');
    expect(previewFile({ files }, undefined)?.name).toBe('a.md');
    expect(previewFile({ files: {} }, undefined)).toBeUndefined();
  });

  it('never takes an inherited property for a file', () => {
    expect(previewFile({ files: { 'a.md': 'A' } }, 'toString')?.name).toBe('a.md');
  });
});

describe('showClickToLoad', () => {
  it('keeps markup in file names and texts as text', () => {
    const { into, shown, get } = page();
    const markup = '<img src=x onerror="alert(1)">';
    shown.show({ files: { [`${markup}.md`]: `---\nname: x\n---\n${markup}\n` } });
    expect(into.querySelector('img')).toBeNull();
    expect(get(EMBED_TEST_IDS.staticCode)!.textContent).toContain(markup);
    expect(into.textContent).toContain(`${markup}.md`);
  });

  it('shows the code highlighted as the static fallback is, with every character of the card', () => {
    const { shown, get } = page();
    shown.show({ files: { 'sizer.md': CARD, 'other.md': 'x' }, active: 'sizer.md' });
    const code = get(EMBED_TEST_IDS.staticCode)!;
    expect(code.textContent).toBe(CARD);
    expect([...code.querySelectorAll('.ac-key')].map((s) => s.textContent)).toEqual(['name']);
    expect(get(EMBED_TEST_IDS.staticView)!.textContent).toContain('sizer.md (+1 more file)');
  });

  it('says what to do before any content came, and replaces the code when new content comes', () => {
    const { into, shown, get } = page({ lines: 10 });
    expect(get(EMBED_TEST_IDS.staticCode)).toBeNull();
    expect(into.textContent).toContain('Press Try it');
    shown.show({ files: { 'a.md': 'first\n' } });
    shown.show({ files: { 'b.md': 'second\n' } });
    expect(get(EMBED_TEST_IDS.staticCode)!.textContent).toBe('second\n');
    expect(get(EMBED_TEST_IDS.staticCode)!.style.minHeight).toBe('210px');
    expect(into.textContent).not.toContain('Press Try it');
  });

  it('starts the playground once when Try it is pressed, and says it is loading', () => {
    const { onTry, get } = page();
    const button = get(EMBED_TEST_IDS.loadButton) as HTMLButtonElement;
    expect(button.textContent).toBe('Try it');
    button.click();
    button.click();
    expect(onTry).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Loading…');
  });
});
