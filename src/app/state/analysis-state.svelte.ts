/**
 * The analysis of the open workspace as the panels show it: the newest result from the worker, whether it is
 * older than the text, the check in flight, and the selected card with its compiled output. It owns the
 * `AnalysisClient` (requests carry revisions; a stale answer never wins) and turns the client's events into
 * state and banners.
 */
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
import {
  AnalysisClient,
  type AnalysisEvent,
  type CheckProgress,
  type FixedFiles,
  type WorkerFactory,
} from '../analysis/analysis-client.ts';
import type { ResolvedFix } from '../analysis/deferred-fixes.ts';
import type { AgentSummary, CardRef, TextEdit } from '../analysis/protocol.ts';
import type { Notifications } from './notifications.svelte.ts';
import { keepUnchanged } from './keep-unchanged.ts';
import { countProblems } from './problem-counts.ts';
import { plainFiles } from './workspace-files.ts';
import type { Workspace } from './workspace-types.ts';

/** What the panels show of the newest analysis. */
export interface AnalysisView {
  rev: number;
  cards: CardInfo[];
  diagnostics: Diagnostic[];
  agents: AgentSummary[];
  /** The agents and their references, for the Graph view. */
  graph: AgentGraph;
  took: number;
  /**
   * The texts the diagnostics were computed for, per path (their offsets, and their fixes' edits, are into
   * these; the files may have changed since).
   */
  texts: ReadonlyMap<string, string>;
}

/** A new empty view: a new object each time, so that every reset reaches the panels. */
function emptyView(): AnalysisView {
  return {
    rev: 0,
    cards: [],
    diagnostics: [],
    agents: [],
    graph: { nodes: [], edges: [] },
    took: 0,
    texts: new Map(),
  };
}

/** The analysis state; every change comes from the worker's answers or from the model's calls. */
export class AnalysisState {
  // Raw (not deeply reactive): results are replaced whole, and a deep proxy over 1,000 cards costs per read.
  analysis = $state.raw<AnalysisView>(emptyView());
  /**
   * True while the shown results are older than the text (an edit is being analysed, or explicit mode).
   * Kept apart from `analysis` so that a keystroke does not hand every panel a new result object.
   */
  analysisStale = $state(true);
  /** The check in flight when it has run past a second (for "checking … 3 s" and Cancel), else null. */
  checkProgress = $state.raw<CheckProgress | null>(null);
  /** Problems of the shown analysis per severity (every panel's counts come from here). */
  readonly problemCounts = $derived(countProblems(this.analysis.diagnostics));
  /** The compiled output of the selected card (null: none selected, or it did not compile). */
  selected = $state.raw<CompiledAgent | null>(null);
  /** The selected card; cleared when an answer no longer has it. */
  selection = $state<CardRef | null>(null);
  /**
   * The last compiled output received and the card it belongs to: while that card has errors that keep
   * it from compiling (a YAML syntax error), the Output panel shows this one, marked out of date.
   */
  lastCompiled = $state.raw<{ ref: CardRef; agent: CompiledAgent } | null>(null);

  private readonly client: AnalysisClient;

  /**
   * `selectFirstCard` (the embed): while no card is selected, each check asks for the active file's first card
   * too, and that card becomes the selection when it exists.
   */
  constructor(
    makeWorker: WorkerFactory,
    private readonly notifications: Notifications,
    private readonly selectFirstCard = false,
    private readonly keepDiagnostic?: (diagnostic: Diagnostic) => boolean,
  ) {
    this.client = new AnalysisClient(makeWorker, (event) => this.receive(event));
  }

  /** Forgets the shown results and the selection (another workspace opens); results are stale until checked. */
  reset(): void {
    this.selection = null;
    this.selected = null;
    this.lastCompiled = null;
    // The graph stays: the worker sends it only when it changes, so an identical one would never come.
    this.analysis = { ...emptyView(), graph: this.analysis.graph };
    this.analysisStale = true;
  }

  /**
   * Marks the results stale and, unless `ws` reloads only on request and `force` is false, sends `ws` for
   * checking with the selected card (or, with `selectFirstCard`, the active file's first).
   */
  request(ws: Workspace, force = false): void {
    this.analysisStale = true;
    if (ws.reloadMode === 'explicit' && !force) return;
    const select = this.selection
      ? { file: this.selection.file, index: this.selection.index }
      : this.selectFirstCard && ws.active
        ? { file: ws.active, index: 0 }
        : null;
    this.client.update(
      plainFiles(ws),
      ws.profile,
      select,
      Object.fromEntries(Object.entries(ws.formats ?? {})),
    );
  }

  /** Tells the client about an edit of `path` before the next request (`edit`: the one changed range). */
  edited(path: string, edit: TextEdit | null, text: string): void {
    this.client.edited(path, edit, text);
  }

  /**
   * Selects `ref` (null: none) and asks for its compiled output. Returns false when it was selected already
   * (the cursor moved within the card): the last request carried it.
   */
  choose(ref: CardRef | null): boolean {
    const current = this.selection;
    const same =
      ref === current ||
      (ref !== null &&
        current !== null &&
        ref.file === current.file &&
        ref.index === current.index);
    if (same) return false;
    this.selection = ref;
    this.client.choose(ref ? { file: ref.file, index: ref.index } : null);
    return true;
  }

  /** The card `ref` names in the shown results, if any. */
  card(ref: CardRef): CardInfo | undefined {
    // Read once: `ref` may be the selection's state proxy, whose every read is tracked (1,000 cards made
    // it 2,000 tracked reads a result).
    const { file, index } = ref;
    return this.analysis.cards.find((c) => c.file === file && c.index === index);
  }

  /** Converts card `ref` in the worker; null when it did not compile. Rejects when the worker fails. */
  convert(ref: CardRef, to: FormatId, options: EmitOptions): Promise<Conversion | null> {
    // Plain copies: the selection may be a state proxy, which cannot cross to the worker.
    return this.client.convert({ file: ref.file, index: ref.index }, to, { ...options });
  }

  /** Applies the wanted fixes to `files` in the worker, re-checking between rounds (the core's `fixAll`). */
  fixAll(
    files: Record<string, string>,
    profile: Profile,
    formats: Record<string, FormatId>,
    options: FixAllOptions,
  ): Promise<FixedFiles> {
    return this.client.fixAll(files, profile, formats, options);
  }

  /** The whole fix behind a placeholder of a result, with the texts its offsets are into (`deferred-fixes.ts`). */
  resolveFix(key: number): Promise<ResolvedFix | null> {
    return this.client.resolveFix(key);
  }

  /** Says whether the Graph view is shown (results carry the agent graph only then). */
  showGraph(on: boolean): void {
    this.client.showGraph(on);
  }

  /** Stops a long check; the next request checks again. */
  cancel(): void {
    this.client.cancel();
  }

  /** Stops the worker for good. */
  dispose(): void {
    this.client.dispose();
  }

  private receive(event: AnalysisEvent): void {
    switch (event.kind) {
      case 'result':
        this.showResult(event.response, event.texts);
        break;
      case 'progress':
        this.checkProgress = event.running;
        break;
      case 'selected':
        this.showSelected(event.selected);
        break;
      case 'restarted':
        this.notifications.show({
          id: 'analysis-restarted',
          kind: 'warning',
          text: `Analysis restarted (${event.reason}). Your text is untouched.`,
        });
        break;
      case 'stalled':
        this.notifications.show({
          id: 'analysis-paused',
          kind: 'error',
          text: `Analysis paused: ${event.reason}. Your text is untouched.`,
        });
        break;
    }
  }

  private showResult(
    r: Extract<AnalysisEvent, { kind: 'result' }>['response'],
    texts: ReadonlyMap<string, string>,
  ): void {
    this.analysis = {
      rev: r.rev,
      cards: r.cards,
      diagnostics: this.keepDiagnostic ? r.diagnostics.filter(this.keepDiagnostic) : r.diagnostics,
      agents: r.agents,
      graph: r.graph ?? this.analysis.graph,
      took: r.took,
      texts,
    };
    this.analysisStale = false;
    this.notifications.dismiss('analysis-paused');
    if (this.selection && !this.card(this.selection)) this.selection = null;
    if (!this.selection && this.selectFirstCard && r.selected) {
      const { file, line } = r.selected;
      const card = r.cards.find((c) => c.file === file && c.line === line);
      if (card) this.selection = { file, index: card.index };
    }
    this.showSelected(r.selected);
  }

  /**
   * Shows `agent` as the selected card's output and remembers it for when the card stops compiling
   * (only when it is that card's: same file and first line as the selected card in the shown results).
   */
  private showSelected(received: CompiledAgent | null): void {
    // Most keystrokes leave the selected card's output as it was: then the shown object stays, and the
    // Output panel neither works it out nor draws it again (a raw state set to the same object notifies
    // no one). When a part changed, the other parts keep their objects, and only the changed part is
    // drawn again.
    const agent = received && this.selected ? keepUnchanged(this.selected, received) : received;
    this.selected = agent;
    const ref = this.selection;
    const card = ref ? this.card(ref) : undefined;
    if (!agent || !ref || !card || card.file !== agent.file || card.line !== agent.line) return;
    const last = this.lastCompiled;
    if (last?.agent !== agent || last.ref.file !== ref.file || last.ref.index !== ref.index)
      this.lastCompiled = { ref: { file: ref.file, index: ref.index }, agent };
  }
}
