/**
 * The words of the editor title's status line: how the shown results stand against the text, and how
 * saving stands (the line reads "<analysis> · <saving>").
 */
import type { ReloadMode } from '../state/workspace-types.ts';
import type { SaveState } from '../state/persistence.svelte.ts';

/** What the analysis part of the status line depends on. */
export interface AnalysisStatus {
  /** True while the shown results are older than the text. */
  stale: boolean;
  /** The workspace's reload mode: in `explicit` mode results wait for Run. */
  reloadMode: ReloadMode;
  /** True while checking is paused (the `analysis-paused` banner is up). */
  paused: boolean;
  /** How long the shown results took, in milliseconds. */
  tookMs: number;
}

/** "checked in 12 ms", or while results are stale: "results out of date: Run", "analysis paused" or "checking…". */
export function describeAnalysis(status: AnalysisStatus): string {
  if (!status.stale) return `checked in ${status.tookMs.toFixed(0)} ms`;
  if (status.reloadMode === 'explicit') return 'results out of date: Run';
  return status.paused ? 'analysis paused' : 'checking…';
}

/** "saved", "saving", "unsaved", or "not saved (in memory)" when nothing is kept past the page. */
export function describeSave(state: SaveState): string {
  return state === 'off' ? 'not saved (in memory)' : state;
}

/**
 * The widest text the status line takes in turn as the user types, is checked and saved under these
 * settings. The line keeps that width, so its changing text never rewraps the title row (which would move
 * the editor, and the word under the pointer, by a row at each keystroke and save).
 */
export function widestStatus(reloadMode: ReloadMode, state: SaveState): string {
  const analysis = reloadMode === 'explicit' ? 'results out of date: Run' : 'checked in 0000 ms';
  return `${analysis} · ${state === 'off' ? 'not saved (in memory)' : 'unsaved'}`;
}
