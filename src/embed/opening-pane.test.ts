import { describe, expect, it } from 'vitest';
import { OpeningPane } from './opening-pane.ts';

describe('OpeningPane', () => {
  it('opens a clean card on Output and a card with problems on Problems', () => {
    expect(new OpeningPane().checked('a', 0)).toBe('output');
    expect(new OpeningPane().checked('a', 2)).toBe('problems');
  });

  it('leaves the tab alone as problems come and go while the reader types', () => {
    const pane = new OpeningPane();
    expect(pane.checked('a', 0)).toBe('output');
    expect(pane.checked('a', 1)).toBeUndefined();
    expect(pane.checked('a', 0)).toBeUndefined();
  });

  it('greets new content from the host again, unless the reader has picked a tab', () => {
    const pane = new OpeningPane();
    expect(pane.checked('a', 0)).toBe('output');
    expect(pane.checked('b', 3)).toBe('problems');
    pane.chose();
    expect(pane.checked('c', 0)).toBeUndefined();
  });

  it('never overrides a tab the reader picked before the first check finished', () => {
    const pane = new OpeningPane();
    pane.chose();
    expect(pane.checked('a', 5)).toBeUndefined();
  });
});
