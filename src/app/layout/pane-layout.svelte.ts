/**
 * The playground's pane layout: the sizes of the file list, the Problems dock and the results column,
 * clamped so the editor keeps room in the window; and, on phones, which one pane shows. The sizes
 * start from what `pane-sizes.ts` remembered and are remembered again when a resize ends.
 */
import { MediaQuery } from 'svelte/reactivity';
import { loadPaneSizes, PANE_LIMITS, savePaneSizes, type PaneSizes } from './pane-sizes.ts';

/** The narrowest the editor gets while the side panes are resized (CSS pixels). */
export const EDITOR_MIN_WIDTH = 320;
/** The lowest the editor gets while the Problems dock is resized (CSS pixels). */
export const EDITOR_MIN_HEIGHT = 120;

/** The pane a phone shows, picked in its bottom bar. */
export type PhonePane = 'editor' | 'problems' | 'output';

/** A resizable pane. */
export type ResizablePane = keyof typeof PANE_LIMITS;

/** What a `PaneLayout` is built from; every field has a browser default. */
export interface PaneLayoutOptions {
  /** The stored sizes (default: `loadPaneSizes()`). */
  sizes?: PaneSizes;
  /** Remembers the sizes when a resize ends (default: `savePaneSizes`). */
  save?: (sizes: PaneSizes) => void;
  /** Whether the window is phone-sized (default: a `max-width: 600px` media query). */
  phone?: { readonly current: boolean };
}

/** The pane sizes, the measured room for them, and the phone's one pane. */
export class PaneLayout {
  /** The sizes the user chose (before clamping to the room there is). */
  readonly sizes: PaneSizes;
  /** The width of the main area in CSS pixels; 0 until measured. */
  mainWidth = $state(0);
  /** The height of the column of the editor and the Problems dock; 0 until measured. */
  centerHeight = $state(0);
  /** The pane a phone shows. */
  pane = $state<PhonePane>('editor');
  /** Whether a phone shows the file list above the editor. */
  filesOpen = $state(false);
  readonly #phone: { readonly current: boolean };
  readonly #save: (sizes: PaneSizes) => void;

  constructor(options: PaneLayoutOptions = {}) {
    this.sizes = $state(options.sizes ?? loadPaneSizes());
    this.#save = options.save ?? ((sizes) => savePaneSizes(sizes));
    this.#phone = options.phone ?? new MediaQuery('max-width: 600px');
  }

  /** True while the window is phone-sized: one pane at a time, no splitters. */
  get phone(): boolean {
    return this.#phone.current;
  }

  /** The widest the results may be: the window less the file list and the editor's minimum. */
  get resultsMax(): number {
    return bounded('results', this.mainWidth - this.sizes.files - EDITOR_MIN_WIDTH);
  }
  /** The results' width; before the first measurement (width 0) the stored size stands as it is. */
  get resultsWidth(): number {
    return this.mainWidth ? Math.min(this.sizes.results, this.resultsMax) : this.sizes.results;
  }
  /** The widest the file list may be: the window less the results and the editor's minimum. */
  get filesMax(): number {
    return bounded('files', this.mainWidth - this.resultsWidth - EDITOR_MIN_WIDTH);
  }
  /** The file list's width (the stored size until measured). */
  get filesWidth(): number {
    return this.mainWidth ? Math.min(this.sizes.files, this.filesMax) : this.sizes.files;
  }
  /** The highest the Problems dock may be: the column less the editor's minimum. */
  get problemsMax(): number {
    return bounded('problems', this.centerHeight - EDITOR_MIN_HEIGHT);
  }
  /** The Problems dock's height (the stored size until measured). */
  get problemsHeight(): number {
    return this.centerHeight
      ? Math.min(this.sizes.problems, this.problemsMax)
      : this.sizes.problems;
  }

  /** Whether the Problems rows show: on a phone, when theirs is the pane; else when the dock is open. */
  get problemsShown(): boolean {
    return this.phone ? this.pane === 'problems' : this.sizes.problemsOpen;
  }

  /** Sets a pane's size as a splitter drags it (clamped by the splitter); `commit` remembers it. */
  resize(pane: ResizablePane, size: number): void {
    this.sizes[pane] = size;
  }

  /** Remembers the sizes (a resize ended, or the dock opened or closed). */
  commit(): void {
    this.#save($state.snapshot(this.sizes));
  }

  /** The Problems header: on a phone, switches between its pane and the editor; else opens or folds the dock. */
  toggleProblems(): void {
    if (this.phone) {
      this.pane = this.pane === 'problems' ? 'editor' : 'problems';
      return;
    }
    this.sizes.problemsOpen = !this.sizes.problemsOpen;
    this.commit();
  }

  /** A jump to a problem's range: a phone shows the editor (the rows live in another pane there). */
  revealEditor(): void {
    if (this.phone) this.pane = 'editor';
  }
}

/** `room` kept within the pane's limits (the minimum wins when there is less room than that). */
function bounded(pane: ResizablePane, room: number): number {
  const { min, max } = PANE_LIMITS[pane];
  return Math.max(min, Math.min(max, room));
}
