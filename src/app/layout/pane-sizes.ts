/**
 * The sizes of the playground's resizable panes (file list, Problems dock, results), remembered per browser in
 * localStorage. What is read back is untrusted (another version of the app, an extension or a person may have
 * written it): it goes through a valibot schema and every size is clamped, so a bad record gives the defaults,
 * never a broken layout.
 */
import * as v from 'valibot';

/** The panes' sizes in CSS pixels, and whether the Problems dock is open. */
export interface PaneSizes {
  /** Width of the file list. */
  files: number;
  /** Height of the Problems dock under the editor (when open). */
  problems: number;
  /** Width of the results column (Output, Cards, Graph). */
  results: number;
  /** Whether the Problems dock shows its rows (false: only its header with the counts). */
  problemsOpen: boolean;
}

/** The localStorage key of the record. */
export const PANE_SIZES_KEY = 'agentcard-playground:pane-sizes';

/** Lower and upper bounds of each size, in CSS pixels. */
export const PANE_LIMITS = {
  files: { min: 160, max: 480 },
  problems: { min: 72, max: 640 },
  results: { min: 280, max: 1200 },
} as const;

/** What a browser that never resized anything gets: wide enough for "fastagent.config.yaml" and its tools. */
export const DEFAULT_PANE_SIZES: PaneSizes = {
  files: 256,
  problems: 200,
  results: 480,
  problemsOpen: true,
};

const StoredSizes = v.object({
  files: v.optional(v.pipe(v.number(), v.finite())),
  problems: v.optional(v.pipe(v.number(), v.finite())),
  results: v.optional(v.pipe(v.number(), v.finite())),
  problemsOpen: v.optional(v.boolean()),
});

/** Keeps `value` within the limits of pane `pane`, rounded to a whole pixel. */
export function clampPane(pane: keyof typeof PANE_LIMITS, value: number): number {
  const { min, max } = PANE_LIMITS[pane];
  return Math.round(Math.min(max, Math.max(min, value)));
}

/**
 * Reads sizes from the stored text (null when nothing is stored): fields that are missing or not valid take
 * their default, numbers are clamped to the limits, and text that is not JSON gives the defaults.
 */
export function parsePaneSizes(text: string | null): PaneSizes {
  if (text === null) return { ...DEFAULT_PANE_SIZES };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ...DEFAULT_PANE_SIZES };
  }
  const parsed = v.safeParse(StoredSizes, json);
  if (!parsed.success) return { ...DEFAULT_PANE_SIZES };
  const stored = parsed.output;
  return {
    files: clampPane('files', stored.files ?? DEFAULT_PANE_SIZES.files),
    problems: clampPane('problems', stored.problems ?? DEFAULT_PANE_SIZES.problems),
    results: clampPane('results', stored.results ?? DEFAULT_PANE_SIZES.results),
    problemsOpen: stored.problemsOpen ?? DEFAULT_PANE_SIZES.problemsOpen,
  };
}

/** The browser's localStorage, or undefined where it is blocked (private modes, sandboxed frames). */
function localStorageOrUndefined(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The sizes remembered in this browser (the defaults when none are, or storage is blocked). */
export function loadPaneSizes(storage = localStorageOrUndefined()): PaneSizes {
  try {
    return parsePaneSizes(storage?.getItem(PANE_SIZES_KEY) ?? null);
  } catch {
    return { ...DEFAULT_PANE_SIZES };
  }
}

/** Remembers the sizes in this browser; a full or blocked storage only means they are not remembered. */
export function savePaneSizes(sizes: PaneSizes, storage = localStorageOrUndefined()): void {
  try {
    storage?.setItem(PANE_SIZES_KEY, JSON.stringify(sizes));
  } catch {
    // Not remembered: the layout still works with the sizes in memory.
  }
}
