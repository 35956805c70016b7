import type {
  AgentGraph,
  CardInfo,
  CompiledAgent,
  Conversion,
  Diagnostic,
  EmitOptions,
  FixAllOptions,
  FormatId,
  Profile,
} from '../../core/index.ts';
import type { ResolvedFix } from './deferred-fixes.ts';
import type { PackedRows } from './packed-rows.ts';

/** One replaced range of a file's text: `[from, to)` of the old text becomes `insert`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

/** Which card the user has selected: a file and the card's index in that file's split. */
export interface CardRef {
  file: string;
  index: number;
}

/** Main thread → worker. Every request carries a revision; answers carry it back. */
export type AnalysisRequest =
  | {
      type: 'check';
      rev: number;
      /** Files whose text changed since the last request (all files after a restart). */
      changed: Record<string, string>;
      /**
       * Files whose change is sent as edits to the text the worker has (large files while typing), applied
       * in order; the worker answers `failed` if one does not fit, and the client then sends whole texts.
       */
      patched: Record<string, TextEdit[]>;
      removed: string[];
      profile: Profile;
      /** Per-file format choices (absent: detect each file's format). */
      formats: Record<string, FormatId>;
      select: CardRef | null;
      /**
       * Whether the Graph view is shown: only then is the agent graph computed and sent (for 1,000 agents it
       * is 300 KB, and a keystroke that changes a card's status changes it).
       */
      graph: boolean;
    }
  | { type: 'select'; rev: number; select: CardRef | null }
  | {
      type: 'convert';
      /** Identifies the answer (conversions have their own counter, apart from check revisions). */
      id: number;
      select: CardRef;
      to: FormatId;
      options: EmitOptions;
    }
  | {
      /**
       * Apply the wanted fixes to `files` until none is left (the core's `fixAll`); `files` is the whole
       * load-set as the main thread has it now (the answer's texts are compared with it before use).
       */
      type: 'fixAll';
      /** Identifies the answer (its own counter, as for conversions). */
      id: number;
      files: Record<string, string>;
      profile: Profile;
      formats: Record<string, FormatId>;
      options: FixAllOptions;
    }
  | {
      /** The whole fix behind a placeholder of the last result (`deferred-fixes.ts`). */
      type: 'fix';
      /** Identifies the answer (its own counter, as for conversions). */
      id: number;
      key: number;
    };

/** Worker → main thread. */
export type AnalysisResponse =
  /**
   * The worker's script has loaded and it takes requests: sent once, first. Until then the client does
   * not time its checks (loading the script on a slow phone is not a hung check).
   */
  | { type: 'ready' }
  | {
      type: 'result';
      rev: number;
      /** The cards, as columns (`packed-rows.ts`: 1,000 objects are slow to clone). */
      cards: PackedRows<CardInfo>;
      /** Large fixes come as placeholders (`deferred-fixes.ts`). */
      diagnostics: Diagnostic[];
      /** Names and status of every compiled card, as columns like `cards`. */
      agents: PackedRows<AgentSummary>;
      /** The agents and their references (the Graph view); absent when unchanged since the last result. */
      graph?: AgentGraph;
      selected: CompiledAgent | null;
      /** Milliseconds the check took inside the worker. */
      took: number;
    }
  | { type: 'selected'; rev: number; selected: CompiledAgent | null }
  | { type: 'converted'; id: number; result: Conversion | null; error?: string }
  /** The fix of a `fix` request, with its texts; null when its key is not one of the last result's. */
  | { type: 'fix'; id: number; resolved: ResolvedFix | null }
  | {
      type: 'fixedAll';
      id: number;
      /** The files the fixes changed or created, with their new text (others are left out). */
      files: Record<string, string>;
      /** How many fixes were applied. */
      applied: number;
      error?: string;
    }
  /**
   * The portability fixes have loaded after a result went out without them (the worker's first script does
   * not carry them): check again, so that the fixes appear without another edit.
   */
  | { type: 'fixesLoaded' }
  | {
      type: 'failed';
      rev: number;
      message: string;
      /** True when an edit did not fit the worker's copy of a file: send every file whole again. */
      resync?: boolean;
    };

/** A compiled card without its data. */
export interface AgentSummary {
  name: string;
  type: CompiledAgent['type'];
  file: string;
  line: number;
  ok: boolean;
  format: FormatId;
}

/** A `result` as the app reads it: its cards and agents unpacked. */
export type AnalysisResult = Omit<
  Extract<AnalysisResponse, { type: 'result' }>,
  'cards' | 'agents'
> & { cards: CardInfo[]; agents: AgentSummary[] };
