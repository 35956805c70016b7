/**
 * How the Output panel shows a compiled agent, remembered per browser (localStorage): only what the card
 * sets or every field, and as a tree or as raw JSON. A missing, blocked or damaged record gives the
 * defaults (what the card sets, as a tree); nothing here throws.
 */
import * as v from 'valibot';

/** The Output panel's view choices. */
export interface OutputPrefs {
  /** True: every AgentConfig field; false: only what differs from fast-agent's defaults. */
  showAll: boolean;
  /** A collapsible tree, or the JSON text. */
  view: 'tree' | 'raw';
}

/** The localStorage key of the record. */
export const OUTPUT_PREFS_KEY = 'agentcard-playground.output';

const DEFAULTS: OutputPrefs = { showAll: false, view: 'tree' };

const prefsSchema = v.object({
  showAll: v.optional(v.boolean(), DEFAULTS.showAll),
  view: v.optional(v.picklist(['tree', 'raw']), DEFAULTS.view),
});

/** The stored choices (`storage` undefined or failing: the defaults). */
export function readOutputPrefs(storage: Storage | undefined): OutputPrefs {
  try {
    const text = storage?.getItem(OUTPUT_PREFS_KEY);
    if (!text) return { ...DEFAULTS };
    const parsed = v.safeParse(prefsSchema, JSON.parse(text));
    return parsed.success ? parsed.output : { ...DEFAULTS };
  } catch {
    return { ...DEFAULTS };
  }
}

/** Stores `prefs`; a full or blocked storage is ignored (the choice then lasts for this page only). */
export function writeOutputPrefs(storage: Storage | undefined, prefs: OutputPrefs): void {
  try {
    storage?.setItem(OUTPUT_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Nothing to do: the page keeps the choice in memory.
  }
}

/** The page's localStorage, or undefined where reaching it throws (storage blocked). */
function localStorageOrUndefined(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The choices shared by every Output panel of the page, stored on each change. */
class OutputPrefsState {
  private readonly storage = localStorageOrUndefined();
  private state = $state<OutputPrefs>(readOutputPrefs(this.storage));

  /** Whether every field is shown. */
  get showAll(): boolean {
    return this.state.showAll;
  }
  set showAll(value: boolean) {
    this.state.showAll = value;
    writeOutputPrefs(this.storage, { ...this.state });
  }

  /** Tree or raw JSON. */
  get view(): OutputPrefs['view'] {
    return this.state.view;
  }
  set view(value: OutputPrefs['view']) {
    this.state.view = value;
    writeOutputPrefs(this.storage, { ...this.state });
  }
}

/** The Output panel's choices for this page (read from storage once, when first used). */
export const outputPrefs = new OutputPrefsState();
