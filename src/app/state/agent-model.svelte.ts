import type {
  CardInfo,
  CompiledAgent,
  Conversion,
  Diagnostic,
  EmitOptions,
  FormatId,
  Profile,
} from '../../core/index.ts';
import {
  AnalysisClient,
  type AnalysisEvent,
  type CheckProgress,
  type WorkerFactory,
} from '../analysis/analysis-client.ts';
import type { AgentSummary, CardRef, TextEdit } from '../analysis/protocol.ts';
import { EXAMPLES, type Example } from '../examples.ts';
import { decodePermalink, encodePermalink } from '../permalink/permalink.ts';
import { createAutosave } from '../storage/autosave.ts';
import { createEditJournal, type EditJournal } from '../storage/edit-journal.ts';
import { recoverJournals } from '../storage/journal-recovery.ts';
import { createTabSync } from '../storage/tab-sync.ts';
import type { SaveResult, WorkspaceStore } from '../storage/workspace-store.ts';
import { freePath } from '../files/free-path.ts';
import { ownValue, withEntries, withEntry } from './own-entries.ts';
import { countProblems } from './problem-counts.ts';
import type { ReloadMode, Workspace, WorkspaceMeta } from './workspace-types.ts';

/** A message across the top of the app. `id` lets a banner be replaced or dismissed. */
export interface Banner {
  id: string;
  kind: 'error' | 'warning' | 'info';
  text: string;
  action?: { label: string; run: () => void };
}

/** What the panels show of the newest analysis. */
export interface AnalysisView {
  rev: number;
  cards: CardInfo[];
  diagnostics: Diagnostic[];
  agents: AgentSummary[];
  took: number;
}

/** What a conversion produced, for the output panel. */
export interface ConversionReport {
  from: string;
  to: FormatId;
  paths: string[];
  lost: Conversion['lost'];
}

/** Where the editor should jump next; `seq` changes on every request. */
export interface RevealRequest {
  file: string;
  from: number;
  to: number;
  seq: number;
}

/** The environment the model runs in (injected so the embed and tests can differ). */
export interface ModelHost {
  store: WorkspaceStore;
  storeProblem?: string;
  makeWorker: WorkerFactory;
  /** False in the embed: edits are never written to the visitor's saved workspaces. */
  persist: boolean;
  /**
   * True in the embed: while no card is selected, each check asks for the active file's first card too, and
   * that card becomes the selection when it exists. The first result then already carries its output: no second
   * round trip, so nothing is reported twice.
   */
  selectFirstCard?: boolean;
  /** The write-ahead journal of edits (default: one that keeps nothing). */
  journal?: EditJournal;
}

let idCounter = 0;
function newId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${idCounter}`;
}

/** A fresh workspace holding `files`. */
export function makeWorkspace(
  name: string,
  files: Record<string, string>,
  active: string,
  profile: Profile = 'rfc',
): Workspace {
  return {
    id: newId(),
    name,
    files: { ...files },
    active,
    profile,
    reloadMode: 'hot-swap',
    revision: 0,
    updatedAt: Date.now(),
  };
}

/**
 * The in-memory agent model: the open workspace, the analysis of it, the selection and the banners. Every
 * write goes through a method of this class, which then persists (autosave) and re-analyses; components only
 * read its fields and call its methods.
 */
export class AgentModel {
  workspace = $state<Workspace>(makeWorkspace('Workspace', {}, ''));
  workspaces = $state<WorkspaceMeta[]>([]);
  // Raw (not deeply reactive): results are replaced whole, and a deep proxy over 1,000 cards costs per read.
  analysis = $state.raw<AnalysisView>({
    rev: 0,
    cards: [],
    diagnostics: [],
    agents: [],
    took: 0,
  });
  /**
   * True while the shown results are older than the text (an edit is being analysed, or explicit mode).
   * Kept apart from `analysis` so that a keystroke does not hand every panel a new result object.
   */
  analysisStale = $state(true);
  /** The check in flight when it has run past a second (for "checking … 3 s" and Cancel), else null. */
  checkProgress = $state.raw<CheckProgress | null>(null);
  /** Problems of the shown analysis per severity (every panel's counts come from here). */
  readonly problemCounts = $derived(countProblems(this.analysis.diagnostics));
  selected = $state.raw<CompiledAgent | null>(null);
  /** The last conversion made here: which files it opened and what the target could not express. */
  conversion = $state.raw<ConversionReport | null>(null);
  selection = $state<CardRef | null>(null);
  banners = $state<Banner[]>([]);
  reveal = $state<RevealRequest | null>(null);
  storageKind = $state<'indexeddb' | 'memory'>('memory');
  /** Saving state for the status line. */
  saveState = $state<'saved' | 'saving' | 'unsaved' | 'off'>('saved');

  private readonly client: AnalysisClient;
  private readonly autosave;
  private readonly tabs;
  private revealSeq = 0;
  private conflict = false;
  private hiding = false;
  private readonly journal: EditJournal;
  /** Counts changes; `savedSeq` is the count the last lasting save held, `snapshotSeq` the one being saved. */
  private changeSeq = 0;
  private snapshotSeq = 0;
  private savedSeq = 0;
  /** False when the last change could not be journalled (too large, or no session storage). */
  private journalled = true;

  constructor(private readonly host: ModelHost) {
    this.client = new AnalysisClient(host.makeWorker, (event) => this.onAnalysis(event));
    this.storageKind = host.store.kind;
    this.journal = host.journal ?? createEditJournal(undefined);
    if (host.storeProblem) this.banner({ id: 'storage', kind: 'warning', text: host.storeProblem });
    this.autosave = createAutosave(
      host.store,
      () => this.snapshotForSave(),
      (result, saved) => this.onSaved(result, saved),
    );
    this.tabs = createTabSync((message) => {
      if (message.id === this.workspace.id && message.revision > this.workspace.revision)
        this.onConflict();
      void this.refreshList();
    });
    if (!host.persist || host.store.kind === 'memory') this.saveState = 'off';
  }

  /** Opens the app: a permalink in `hash` opens as a new workspace; otherwise the last one, or an example. */
  async open(hash: string, lastId: string | undefined): Promise<{ openedLink: boolean }> {
    lastId = (await this.recoverJournal()) ?? lastId;
    const openedLink = hash.startsWith('#v') && (await this.openPermalink(hash));
    if (!openedLink) {
      const stored = lastId ? await this.host.store.load(lastId).catch(() => undefined) : undefined;
      if (stored) this.setWorkspace(stored);
      else {
        const list = this.host.persist ? await this.host.store.list().catch(() => []) : [];
        const first = list[0]
          ? await this.host.store.load(list[0].id).catch(() => undefined)
          : undefined;
        if (first) this.setWorkspace(first);
        else {
          await this.loadExample(EXAMPLES[0]!);
        }
      }
    }
    await this.refreshList();
    return { openedLink };
  }

  // ---- files ----

  /** The text of the active file ('' when none). */
  get activeText(): string {
    return ownValue(this.workspace.files, this.workspace.active) ?? '';
  }

  /**
   * Replaces a file's text (an edit in the editor). `edit`, when given, is the one range that turned the
   * previous text into `text`: the analysis worker is then sent the edit instead of the whole file.
   */
  editFile(path: string, text: string, edit: TextEdit | null = null): void {
    if (ownValue(this.workspace.files, path) === text) return;
    this.client.edited(path, edit, text);
    if (Object.hasOwn(this.workspace.files, path)) this.workspace.files[path] = text;
    else this.workspace.files = withEntry(this.workspace.files, path, text);
    this.markChanged();
  }

  /** Shows a file in the editor. */
  setActive(path: string): void {
    if (!Object.hasOwn(this.workspace.files, path) || this.workspace.active === path) return;
    this.workspace.active = path;
    this.markChanged(false);
  }

  /** Adds a file (or several); existing paths get a numbered name instead of being overwritten. */
  addFiles(files: Record<string, string>, activate = true): string[] {
    const added: string[] = [];
    const entries: [string, string][] = [];
    for (const [path, text] of Object.entries(files)) {
      const free = this.freePath(cleanPath(path) || 'untitled.md', added);
      entries.push([free, text]);
      added.push(free);
    }
    // A new object, not assignments to the state proxy: see own-entries.ts (a file may be `constructor`).
    this.workspace.files = withEntries(this.workspace.files, entries);
    if (activate && added[0]) this.workspace.active = added[0];
    this.markChanged();
    return added;
  }

  /** Creates an empty card file with a starter card. */
  createFile(path: string): string {
    const clean = cleanPath(path);
    const starter = /\.ya?ml$/i.test(clean)
      ? 'type: agent\nname: new_agent\ninstruction: |\n  Describe what the agent does.\n'
      : '---\ntype: agent\n---\nDescribe what the agent does.\n';
    return this.addFiles({ [clean || 'untitled.md']: starter })[0]!;
  }

  /** Renames a file; refuses an empty name or one that exists. Returns an error text or null. */
  renameFile(from: string, to: string): string | null {
    const target = cleanPath(to);
    if (!target) return 'A file needs a name.';
    if (target === from) return null;
    if (Object.hasOwn(this.workspace.files, target)) return `${target} exists already.`;
    const text = ownValue(this.workspace.files, from);
    if (text === undefined) return `${from} is not in the workspace.`;
    const { files, history, formats } = this.workspace;
    this.workspace.files = renamed(files, from, target)!;
    if (this.workspace.active === from) this.workspace.active = target;
    if (history) this.workspace.history = renamed(history, from, target);
    if (formats) this.workspace.formats = renamed(formats, from, target);
    this.markChanged();
    return null;
  }

  /** Deletes a file. */
  deleteFile(path: string): void {
    if (!Object.hasOwn(this.workspace.files, path)) return;
    delete this.workspace.files[path];
    if (this.workspace.history) delete this.workspace.history[path];
    if (this.workspace.formats) delete this.workspace.formats[path];
    if (this.workspace.active === path)
      this.workspace.active = Object.keys(this.workspace.files).sort()[0] ?? '';
    this.markChanged();
  }

  /** Stores the editor's serialised undo history of a file (saved with the workspace). */
  setHistory(path: string, json: unknown): void {
    if (this.workspace.history && Object.hasOwn(this.workspace.history, path))
      this.workspace.history[path] = json;
    else this.workspace.history = withEntry(this.workspace.history, path, json);
    if (!this.host.persist || this.conflict) return;
    if (this.saveState !== 'off') this.saveState = 'unsaved';
    // While the page is going away the editor hands over its last history after our own flush began.
    if (this.hiding) void this.autosave.flush();
    else this.autosave.schedule();
  }

  /** The page is being hidden or unloaded: save now, and keep saving at once until it is shown again. */
  pageHidden(): Promise<void> {
    this.hiding = true;
    return this.flush();
  }

  /** The page is visible again. */
  pageShown(): void {
    this.hiding = false;
  }

  // ---- settings ----

  setProfile(profile: Profile): void {
    if (this.workspace.profile === profile) return;
    this.workspace.profile = profile;
    this.markChanged(true, true);
  }

  setReloadMode(mode: ReloadMode): void {
    this.workspace.reloadMode = mode;
    this.markChanged(false);
    if (mode === 'hot-swap') this.analyse();
  }

  /** Reads a file as `format` instead of the detected format; null goes back to detection. */
  setFormat(path: string, format: FormatId | null): void {
    if (!Object.hasOwn(this.workspace.files, path)) return;
    if ((ownValue(this.workspace.formats, path) ?? null) === format) return;
    if (format === null) {
      if (this.workspace.formats) delete this.workspace.formats[path];
    } else {
      this.workspace.formats = withEntry(this.workspace.formats, path, format);
    }
    this.markChanged(true, true);
  }

  /**
   * Converts the selected card to `to` and opens the result as new file(s) (never overwriting one).
   * `conversion` then holds what the target could not express. Resolves with the new paths.
   */
  async convertSelected(to: FormatId, options: EmitOptions = {}): Promise<string[]> {
    const ref = this.selection;
    const agent = this.selected;
    // A conversion to the agent's own format would only copy it under a numbered name.
    if (!ref || !agent || agent.format === to) return [];
    try {
      // Plain copies: the selection is a state proxy, which cannot cross to the worker.
      const result = await this.client.convert({ file: ref.file, index: ref.index }, to, {
        ...options,
      });
      if (!result) {
        this.banner({
          id: 'conversion',
          kind: 'warning',
          text: 'The selected card did not compile, so there is nothing to convert.',
        });
        return [];
      }
      const paths = this.addFiles(result.files);
      this.conversion = { from: agent.name, to, paths, lost: result.lost };
      return paths;
    } catch (error) {
      this.banner({
        id: 'conversion',
        kind: 'error',
        text: `Conversion failed: ${error instanceof Error ? error.message : String(error)}`,
      });
      return [];
    }
  }

  /** Stops a long check (the status line's Cancel); the next edit checks again. */
  cancelCheck(): void {
    this.client.cancel();
  }

  /** Runs analysis now (explicit reload mode: Ctrl/Cmd+Enter). */
  run(): void {
    this.analyse(true);
  }

  // ---- selection ----

  /** Selects a card everywhere: split row, editor range, output panel. */
  selectCard(ref: CardRef | null, revealInEditor = true): void {
    const same =
      ref === this.selection ||
      (ref &&
        this.selection &&
        ref.file === this.selection.file &&
        ref.index === this.selection.index);
    // The same card again (the cursor moved within it) needs no new answer: the last request carried it.
    if (!same) {
      this.selection = ref;
      this.client.choose(ref ? { file: ref.file, index: ref.index } : null);
    }
    if (!ref) return;
    const card = this.analysis.cards.find((c) => c.file === ref.file && c.index === ref.index);
    if (card && revealInEditor) this.revealRange(card.file, card.from, card.headerTo);
  }

  /** Jumps the editor to a range of a file (a diagnostic, a card). */
  revealRange(file: string, from: number, to: number): void {
    if (this.workspace.active !== file) this.setActive(file);
    this.revealSeq += 1;
    this.reveal = { file, from, to, seq: this.revealSeq };
  }

  // ---- workspaces ----

  /**
   * Opens a permalink fragment (`#v1:…`, untrusted) as a new workspace; the current one is saved first and never
   * overwritten. A link that cannot be opened leaves the current workspace as it is and shows why in a banner.
   * Returns whether the link was opened.
   */
  async openPermalink(hash: string): Promise<boolean> {
    const decoded = await decodePermalink(hash);
    if (!decoded.ok) {
      this.banner({
        id: 'permalink',
        kind: 'error',
        text: `This link could not be opened: ${decoded.message}`,
      });
      return false;
    }
    await this.flush();
    const { files, active, profile, formats } = decoded.envelope;
    const workspace = makeWorkspace(
      `Shared link ${new Date().toLocaleString()}`,
      files,
      active,
      profile,
    );
    if (formats) workspace.formats = formats;
    this.dismiss('permalink');
    this.setWorkspace(workspace);
    this.markChanged(false); // setWorkspace analysed it already
    await this.refreshList();
    return true;
  }

  /** Opens an example as a new workspace (local work is kept). */
  async loadExample(example: Example): Promise<void> {
    await this.flush();
    this.setWorkspace(
      makeWorkspace(example.title, example.files, example.active, this.workspace.profile),
    );
    this.markChanged(false); // setWorkspace analysed it already
  }

  /** Opens `files` as a new workspace called `name` (an embed's content from its host); local work is kept. */
  async openFiles(
    name: string,
    files: Record<string, string>,
    active: string,
    profile: Profile,
  ): Promise<void> {
    await this.flush();
    this.setWorkspace(makeWorkspace(name, files, active, profile));
    this.markChanged(false); // setWorkspace analysed it already
  }

  /** Starts an empty workspace. */
  async newWorkspace(): Promise<void> {
    await this.flush();
    this.setWorkspace(
      makeWorkspace(
        'Untitled workspace',
        { 'agent.md': '---\ntype: agent\nname: agent\n---\nDescribe what the agent does.\n' },
        'agent.md',
        this.workspace.profile,
      ),
    );
    this.markChanged(false); // setWorkspace analysed it already
  }

  /** Switches to a stored workspace (the current one is saved first). */
  async switchWorkspace(id: string): Promise<void> {
    if (id === this.workspace.id) return;
    await this.autosave.flush();
    const stored = await this.host.store.load(id).catch(() => undefined);
    if (!stored) {
      this.banner({ id: 'switch', kind: 'error', text: 'That workspace could not be loaded.' });
      return;
    }
    this.setWorkspace(stored);
    await this.refreshList();
  }

  renameWorkspace(name: string): void {
    const clean = name.trim().slice(0, 120);
    if (!clean) return;
    this.workspace.name = clean;
    this.markChanged(false);
  }

  async deleteWorkspace(id: string): Promise<void> {
    this.journal.clear(id);
    await this.host.store.remove(id).catch(() => undefined);
    if (id === this.workspace.id) {
      await this.refreshList();
      const next = this.workspaces.find((w) => w.id !== id);
      if (next) await this.switchWorkspace(next.id);
      else await this.newWorkspace();
    }
    await this.refreshList();
  }

  /** The permalink fragment (`#v1:…`) of the current workspace. */
  async shareFragment(): Promise<string> {
    const formats = Object.fromEntries(Object.entries(this.workspace.formats ?? {}));
    return encodePermalink({
      files: { ...this.workspace.files },
      active: this.workspace.active,
      profile: this.workspace.profile,
      ...(Object.keys(formats).length > 0 ? { formats } : {}),
    });
  }

  /**
   * True while a change is neither saved where it outlives the page nor in the edit journal (the workspace is
   * too large for it, or the browser gives no session storage): leaving the page now would lose it.
   */
  get unsavedAtRisk(): boolean {
    return this.host.persist && !this.journalled && this.changeSeq !== this.savedSeq;
  }

  /** Saves now (before unload). */
  flush(): Promise<void> {
    return this.host.persist ? this.autosave.flush() : Promise.resolve();
  }

  dismiss(id: string): void {
    this.banners = this.banners.filter((b) => b.id !== id);
  }

  /** Shows or replaces a banner. */
  banner(banner: Banner): void {
    this.banners = [...this.banners.filter((b) => b.id !== banner.id), banner];
  }

  /** Test hook: kills the analysis worker as a crash would. */
  crashWorker(): void {
    this.client.simulateCrash();
  }

  dispose(): void {
    this.client.dispose();
    this.autosave.dispose();
    this.tabs.dispose();
  }

  // ---- internals ----

  /**
   * Shows `workspace` and sends it for analysis. A caller that then marks it changed (to save it) passes
   * `content = false`: a second analysis request would answer twice, and the embed would report twice.
   */
  private setWorkspace(workspace: Workspace): void {
    this.workspace = workspace;
    this.selection = null;
    this.selected = null;
    this.conversion = null;
    this.conflict = false;
    this.dismiss('conflict');
    this.analysis = { rev: 0, cards: [], diagnostics: [], agents: [], took: 0 };
    this.analysisStale = true;
    this.analyse(true);
  }

  private markChanged(content = true, forceAnalysis = false): void {
    this.workspace.updatedAt = Date.now();
    if (this.host.persist) {
      // Written before anything asynchronous: a reload a moment from now must find this change.
      this.changeSeq += 1;
      this.journalled = this.journal.write(this.journalSnapshot());
    }
    if (this.host.persist && !this.conflict) {
      if (this.saveState !== 'off') this.saveState = 'unsaved';
      this.autosave.schedule();
    }
    if (content || forceAnalysis) this.analyse(forceAnalysis);
  }

  private analyse(force = false): void {
    if (this.workspace.reloadMode === 'explicit' && !force) {
      this.markStale();
      return;
    }
    this.markStale();
    const select = this.selection
      ? { file: this.selection.file, index: this.selection.index }
      : this.host.selectFirstCard && this.workspace.active
        ? { file: this.workspace.active, index: 0 }
        : null;
    this.client.update(
      this.plainFiles(),
      this.workspace.profile,
      select,
      Object.fromEntries(Object.entries(this.workspace.formats ?? {})),
    );
  }

  private onAnalysis(event: AnalysisEvent): void {
    if (event.kind === 'result') {
      const r = event.response;
      this.analysis = {
        rev: r.rev,
        cards: r.cards,
        diagnostics: r.diagnostics,
        agents: r.agents,
        took: r.took,
      };
      this.analysisStale = false;
      this.selected = r.selected;
      this.dismiss('analysis-paused');
      if (
        this.selection &&
        !r.cards.some((c) => c.file === this.selection!.file && c.index === this.selection!.index)
      )
        this.selection = null;
      if (!this.selection && this.host.selectFirstCard && r.selected) {
        const { file, line } = r.selected;
        const card = r.cards.find((c) => c.file === file && c.line === line);
        if (card) this.selection = { file, index: card.index };
      }
    } else if (event.kind === 'progress') {
      this.checkProgress = event.running;
    } else if (event.kind === 'selected') {
      this.selected = event.selected;
    } else if (event.kind === 'restarted') {
      this.banner({
        id: 'analysis-restarted',
        kind: 'warning',
        text: `Analysis restarted (${event.reason}). Your text is untouched.`,
      });
    } else {
      this.banner({
        id: 'analysis-paused',
        kind: 'error',
        text: `Analysis paused: ${event.reason}. Your text is untouched.`,
      });
    }
  }

  private markStale(): void {
    this.analysisStale = true;
  }

  /** The files as a plain object; strings are immutable, so unlike `$state.snapshot` nothing is copied. */
  private plainFiles(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.workspace.files));
  }

  private snapshotForSave(): Workspace {
    this.snapshotSeq = this.changeSeq;
    return $state.snapshot(this.workspace) as Workspace;
  }

  /** The workspace as the journal keeps it: plain data, without the undo history (not journalled). */
  private journalSnapshot(): Workspace {
    const { id, name, active, profile, reloadMode, revision, updatedAt, formats } = this.workspace;
    return {
      id,
      name,
      files: this.plainFiles(),
      active,
      profile,
      reloadMode,
      revision,
      updatedAt,
      ...(formats ? { formats: Object.fromEntries(Object.entries(formats)) } : {}),
    };
  }

  /**
   * Replays the edit journal into the store (edits a reload or a navigation cut short). Resolves with the
   * workspace to open first, if the journal names one.
   */
  private async recoverJournal(): Promise<string | undefined> {
    if (!this.host.persist) return undefined;
    const recovery = await recoverJournals(this.host.store, this.journal, (ws) => ({
      ...makeWorkspace(`${ws.name} (recovered edits)`, ws.files, ws.active, ws.profile),
      reloadMode: ws.reloadMode,
      ...(ws.formats ? { formats: ws.formats } : {}),
    }));
    if (recovery.copies.length > 0)
      this.banner({
        id: 'journal-copies',
        kind: 'warning',
        text: `Edits not saved before the page was left were changed meanwhile in another tab; they are kept as ${recovery.copies.map((c) => `"${c.name}"`).join(', ')}.`,
      });
    return recovery.newest;
  }

  private onSaved(result: SaveResult, saved: Workspace): void {
    const lasting = result.ok && this.host.store.kind !== 'memory';
    if (saved.id !== this.workspace.id) {
      // A save of the workspace we switched away from: only the list changes.
      if (lasting) this.journal.clear(saved.id);
      void this.refreshList();
      return;
    }
    if (result.ok) {
      this.workspace.revision = result.revision;
      if (lasting) {
        this.savedSeq = this.snapshotSeq;
        // Changes made while saving stay journalled, now on top of the new revision.
        if (this.snapshotSeq === this.changeSeq) this.journal.clear(saved.id);
        else this.journalled = this.journal.write(this.journalSnapshot());
      }
      if (this.host.store.kind !== 'memory') this.saveState = 'saved';
      this.dismiss('storage-save');
      this.tabs.announce(this.workspace.id, this.workspace.revision);
      void this.refreshList();
      return;
    }
    if (result.reason === 'conflict') {
      this.onConflict();
      return;
    }
    this.saveState = 'off';
    this.storageKind = 'memory';
    this.banner({
      id: 'storage-save',
      kind: 'error',
      text: `Not saved: ${result.message} Your work stays open in this tab; download it to keep it.`,
    });
  }

  private onConflict(): void {
    if (this.conflict) return;
    this.conflict = true;
    this.saveState = 'unsaved';
    this.banner({
      id: 'conflict',
      kind: 'warning',
      text: 'This workspace was changed in another tab. Your edits here are not saved over it.',
      action: { label: 'Keep mine as a copy', run: () => this.forkWorkspace() },
    });
  }

  private async forkWorkspace(): Promise<void> {
    // The copy holds these edits now: the journal must not replay them as a second copy.
    this.journal.clear(this.workspace.id);
    const copy = makeWorkspace(
      `${this.workspace.name} (copy)`,
      $state.snapshot(this.workspace.files) as Record<string, string>,
      this.workspace.active,
      this.workspace.profile,
    );
    copy.reloadMode = this.workspace.reloadMode;
    this.setWorkspace(copy);
    this.markChanged(false); // setWorkspace analysed it already
  }

  private async refreshList(): Promise<void> {
    if (!this.host.persist) return;
    const list = await this.host.store.list().catch(() => [] as WorkspaceMeta[]);
    this.workspaces = list.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** `path`, or a numbered variant of it (before its whole extension), that is neither a file nor in `taken`. */
  private freePath(path: string, taken: readonly string[] = []): string {
    return freePath(path, (p) => Object.hasOwn(this.workspace.files, p) || taken.includes(p));
  }
}

/** `record` with the own entry `from` moved to `to` (in place of the entry order), or undefined. */
function renamed<T>(
  record: Readonly<Record<string, T>> | undefined,
  from: string,
  to: string,
): Record<string, T> | undefined {
  if (record === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key === from ? to : key, value] as const),
  );
}

/** Normalises a user-typed path: `/` separators, no leading `/` or `./`, no `..`, no empty segments. */
export function cleanPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/')
    .slice(0, 300);
}
