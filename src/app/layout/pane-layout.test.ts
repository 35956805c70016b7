import { describe, expect, it } from 'vitest';
import { EDITOR_MIN_HEIGHT, EDITOR_MIN_WIDTH, PaneLayout } from './pane-layout.svelte.ts';
import { DEFAULT_PANE_SIZES, PANE_LIMITS, type PaneSizes } from './pane-sizes.ts';

/** A layout over `sizes`, recording what it saves, on a desktop unless `phone` says otherwise. */
function layout(sizes: Partial<PaneSizes> = {}, phone = { current: false }) {
  const saved: PaneSizes[] = [];
  const panes = new PaneLayout({
    sizes: { ...DEFAULT_PANE_SIZES, ...sizes },
    save: (s) => void saved.push(s),
    phone,
  });
  return { panes, saved };
}

describe('PaneLayout', () => {
  it('keeps the stored sizes as they are until the window is measured', () => {
    const { panes } = layout({ files: 400, results: 1000, problems: 600 });
    expect([panes.filesWidth, panes.resultsWidth, panes.problemsHeight]).toEqual([400, 1000, 600]);
  });

  it('narrows the results first, then the file list, so the editor keeps its minimum width', () => {
    const { panes } = layout({ files: 400, results: 1000 });
    panes.mainWidth = 1280;
    expect(panes.resultsWidth).toBe(1280 - 400 - EDITOR_MIN_WIDTH);
    expect(panes.filesWidth).toBe(400);
    expect(panes.filesWidth + panes.resultsWidth + EDITOR_MIN_WIDTH).toBe(1280);
  });

  it('never clamps a pane below its own minimum, even in a window too narrow for all three', () => {
    const { panes } = layout({ files: 400, results: 600 });
    panes.mainWidth = 500;
    expect(panes.resultsWidth).toBe(PANE_LIMITS.results.min);
    expect(panes.filesMax).toBe(PANE_LIMITS.files.min);
    expect(panes.filesWidth).toBe(PANE_LIMITS.files.min);
  });

  it('caps the Problems dock so the editor keeps its minimum height', () => {
    const { panes } = layout({ problems: 500 });
    panes.centerHeight = 400;
    expect(panes.problemsMax).toBe(400 - EDITOR_MIN_HEIGHT);
    expect(panes.problemsHeight).toBe(400 - EDITOR_MIN_HEIGHT);
    panes.centerHeight = 2000;
    expect(panes.problemsHeight).toBe(500);
  });

  it('takes a resize at once and remembers the sizes only when it is committed', () => {
    const { panes, saved } = layout();
    panes.mainWidth = 1600;
    panes.resize('results', 700);
    expect(panes.resultsWidth).toBe(700);
    expect(saved).toEqual([]);
    panes.commit();
    expect(saved).toEqual([{ ...DEFAULT_PANE_SIZES, results: 700 }]);
  });

  it('on a desktop, folds and opens the Problems dock and remembers that', () => {
    const { panes, saved } = layout();
    expect(panes.problemsShown).toBe(true);
    panes.toggleProblems();
    expect(panes.problemsShown).toBe(false);
    expect(saved.at(-1)?.problemsOpen).toBe(false);
    expect(panes.pane).toBe('editor');
  });

  it('on a phone, switches between the Problems pane and the editor without touching the dock', () => {
    const { panes, saved } = layout({ problemsOpen: false }, { current: true });
    expect(panes.problemsShown).toBe(false);
    panes.toggleProblems();
    expect(panes.pane).toBe('problems');
    expect(panes.problemsShown).toBe(true);
    panes.toggleProblems();
    expect(panes.pane).toBe('editor');
    expect(panes.sizes.problemsOpen).toBe(false);
    expect(saved).toEqual([]);
  });

  it('shows the editor for a jump to a problem on a phone only', () => {
    const phone = { current: true };
    const { panes } = layout({}, phone);
    panes.pane = 'output';
    panes.revealEditor();
    expect(panes.pane).toBe('editor');
    phone.current = false;
    panes.pane = 'output';
    panes.revealEditor();
    expect(panes.pane).toBe('output');
  });
});
