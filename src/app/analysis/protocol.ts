import type { CardInfo, CompiledAgent, Diagnostic, Profile } from '../../core/index.ts';

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
      removed: string[];
      profile: Profile;
      select: CardRef | null;
    }
  | { type: 'select'; rev: number; select: CardRef | null };

/** Worker → main thread. */
export type AnalysisResponse =
  | {
      type: 'result';
      rev: number;
      cards: CardInfo[];
      diagnostics: Diagnostic[];
      /** Names and status of every compiled card, light enough to send on every keystroke. */
      agents: AgentSummary[];
      selected: CompiledAgent | null;
      /** Milliseconds the check took inside the worker. */
      took: number;
    }
  | { type: 'selected'; rev: number; selected: CompiledAgent | null }
  | { type: 'failed'; rev: number; message: string };

/** A compiled card without its data. */
export interface AgentSummary {
  name: string;
  type: CompiledAgent['type'];
  file: string;
  line: number;
  ok: boolean;
}
