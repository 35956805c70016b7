import { describe, expect, it } from 'vitest';
import {
  describeAnalysis,
  describeSave,
  widestStatus,
  type AnalysisStatus,
} from './status-line.ts';

const fresh: AnalysisStatus = { stale: false, reloadMode: 'hot-swap', paused: false, tookMs: 12.4 };

describe('the status line', () => {
  it('says how long a check of the current text took, in whole milliseconds', () => {
    expect(describeAnalysis(fresh)).toBe('checked in 12 ms');
    expect(describeAnalysis({ ...fresh, reloadMode: 'explicit', paused: true })).toBe(
      'checked in 12 ms',
    );
  });

  it('asks for Run when results are out of date in explicit mode, even while paused', () => {
    expect(describeAnalysis({ ...fresh, stale: true, reloadMode: 'explicit' })).toBe(
      'results out of date: Run',
    );
    expect(describeAnalysis({ ...fresh, stale: true, reloadMode: 'explicit', paused: true })).toBe(
      'results out of date: Run',
    );
  });

  it('says checking, or paused, while results follow edits but lag the text', () => {
    expect(describeAnalysis({ ...fresh, stale: true })).toBe('checking…');
    expect(describeAnalysis({ ...fresh, stale: true, paused: true })).toBe('analysis paused');
  });

  it('names the save state, and says so when nothing outlives the page', () => {
    expect(describeSave('saved')).toBe('saved');
    expect(describeSave('saving')).toBe('saving');
    expect(describeSave('unsaved')).toBe('unsaved');
    expect(describeSave('off')).toBe('not saved (in memory)');
  });

  it('reserves room for the widest text each setting can show', () => {
    expect(widestStatus('hot-swap', 'saved')).toBe('checked in 0000 ms · unsaved');
    expect(widestStatus('explicit', 'off')).toBe(
      'results out of date: Run · not saved (in memory)',
    );
    for (const reloadMode of ['hot-swap', 'explicit'] as const)
      for (const state of ['saved', 'saving', 'unsaved', 'off'] as const) {
        const widest = widestStatus(reloadMode, state);
        for (const stale of [false, true])
          for (const paused of [false, true]) {
            const text = `${describeAnalysis({ stale, reloadMode, paused, tookMs: 999 })} · ${describeSave(state)}`;
            expect(text.length).toBeLessThanOrEqual(widest.length);
          }
      }
  });
});
