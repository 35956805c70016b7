/**
 * The agent model: the one object components read and call. Every write goes through one of its methods, which
 * then journals and saves (persistence) and re-analyses. The jobs themselves live in small parts, each tested
 * on its own: `workspace-files.ts` (files), `persistence.svelte.ts` (journal, saves, tabs, stored list),
 * `analysis-state.svelte.ts` (worker results, selection), `conversion.svelte.ts` and `notifications.svelte.ts`.
 * This class composes them and orders the steps of each user action.
 */
import type { Diagnostic, EmitOptions, FixEdit, FormatId, Profile } from '../../core/index.ts';
import type { WorkerFactory } from '../analysis/analysis-client.ts';
import type { CardRef, TextEdit } from '../analysis/protocol.ts';
import { EXAMPLES, type Example } from '../examples.ts';
import { decodePermalink, encodePermalink } from '../../permalink/permalink.ts';
import { createEditJournal, type EditJournal } from '../storage/edit-journal.ts';
import type { StorageNote, WorkspaceStore } from '../storage/workspace-store.ts';
import { AnalysisState } from './analysis-state.svelte.ts';
import type { CardSource } from '../conversion/conversion-plan.ts';
import { Converter } from './conversion.svelte.ts';
import {
  EXAMPLES_WORKSPACE_ID,
  exampleWorkspace,
  keptCopy,
  uneditedExample,
} from './examples-workspace.ts';
import { editedTexts, fixAllSafe, type FixAllOutcome, type FixHost } from './fix-application.ts';
import { Notifications, type Banner, type NotificationId } from './notifications.svelte.ts';
import { storageNotesBanner } from './storage-notes.ts';
import { ownValue } from './own-entries.ts';
import { Persistence } from './persistence.svelte.ts';
import * as files from './workspace-files.ts';
import { makeWorkspace } from './workspace-files.ts';
import { sharedWorkspaceName, uniqueName } from './workspace-names.ts';
import type { ReloadMode, Workspace } from './workspace-types.ts';

export type { AnalysisView } from './analysis-state.svelte.ts';
export type { ConversionPreview, ConversionReport } from './conversion.svelte.ts';
export type { Banner, NotificationId } from './notifications.svelte.ts';
export type { SaveState } from './persistence.svelte.ts';

/** Where the editor should jump next; `seq` changes on every request. */
export interface RevealRequest {
  file: string;
  from: number;
  to: number;
  seq: number;
}

/**
 * Asked by `openExample` before it opens `example` over the Examples workspace the user has edited (which is
 * called `edited`): resolves true to go on (the edited version is then kept as a workspace of its own).
 */
export type ConfirmExampleReplace = (edited: string, example: Example) => Promise<boolean>;

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
  /**
   * The embed's `hide` and `agents` options: a diagnostic for which this returns false is not shown, counted or
   * reported, as if the check had not found it. Default: every diagnostic is kept.
   */
  keepDiagnostic?: (diagnostic: Diagnostic) => boolean;
  /** The write-ahead journal of edits (default: one that keeps nothing). */
  journal?: EditJournal;
  /** The channel the tabs announce saves on (default: the app's; tests pass their own). */
  tabChannel?: string;
}

/**
 * The in-memory agent model: the open workspace, the analysis of it, the selection and the banners. Components
 * only read its fields and call its methods.
 */
export class AgentModel {
  workspace = $state<Workspace>(makeWorkspace('Workspace', {}, ''));
  reveal = $state<RevealRequest | null>(null);

  private readonly notifications = new Notifications();
  private readonly persistence: Persistence;
  private readonly analyser: AnalysisState;
  private readonly converter: Converter;
  private revealSeq = 0;
  private readonly storageNotes: StorageNote[] = [];

  constructor(host: ModelHost) {
    const { notifications } = this;
    this.analyser = new AnalysisState(
      host.makeWorker,
      notifications,
      host.selectFirstCard,
      host.keepDiagnostic,
    );
    this.persistence = new Persistence({
      store: host.store,
      persist: host.persist,
      journal: host.journal ?? createEditJournal(undefined),
      notifications,
      current: () => this.workspace,
      fork: () => this.forkWorkspace(),
      ...(host.tabChannel ? { tabChannel: host.tabChannel } : {}),
    });
    this.converter = new Converter({
      convert: (ref, to, options) => this.analyser.convert(ref, to, options),
      cardSource: (ref) => this.cardSource(ref),
      agentNames: () => this.analysis.cards.flatMap((c) => (c.name === null ? [] : [c.name])),
      fileText: (path) => ownValue(this.workspace.files, path),
      apply: (edit) => {
        files.applyEdit(this.workspace, edit);
        this.markChanged();
      },
      notifications,
    });
    if (host.storeProblem) this.banner({ id: 'storage', kind: 'warning', text: host.storeProblem });
  }

  // ---- what components read ----

  /** The stored workspaces, newest first (empty in the embed). */
  get workspaces() {
    return this.persistence.workspaces;
  }
  /** What the panels show of the newest analysis. */
  get analysis() {
    return this.analyser.analysis;
  }
  /** True while the shown results are older than the text. */
  get analysisStale() {
    return this.analyser.analysisStale;
  }
  /** The check in flight when it has run past a second, else null. */
  get checkProgress() {
    return this.analyser.checkProgress;
  }
  /** Problems of the shown analysis per severity. */
  get problemCounts() {
    return this.analyser.problemCounts;
  }
  /** The compiled output of the selected card. */
  get selected() {
    return this.analyser.selected;
  }
  /** The selected card. */
  get selection() {
    return this.analyser.selection;
  }
  /** The last compiled output received and its card (see `AnalysisState.lastCompiled`). */
  get lastCompiled() {
    return this.analyser.lastCompiled;
  }
  /** The conversions of the selected card: the one shown for review, and the last one written. */
  get conversion(): Converter {
    return this.converter;
  }
  /** The banners shown, oldest first. */
  get banners() {
    return this.notifications.banners;
  }
  /** Where saves go. */
  get storageKind() {
    return this.persistence.storageKind;
  }
  /** Saving state for the status line. */
  get saveState() {
    return this.persistence.saveState;
  }
  /** The text of the active file ('' when none). */
  get activeText(): string {
    return ownValue(this.workspace.files, this.workspace.active) ?? '';
  }
  /**
   * True while a change is neither saved where it outlives the page nor in the edit journal: leaving the page
   * now would lose it.
   */
  get unsavedAtRisk(): boolean {
    return this.persistence.unsavedAtRisk;
  }

  /** Opens the app: a permalink in `hash` opens as a new workspace; otherwise the last one, or an example. */
  async open(hash: string, lastId: string | undefined): Promise<{ openedLink: boolean }> {
    lastId = (await this.persistence.recover()) ?? lastId;
    const openedLink = hash.startsWith('#v') && (await this.openPermalink(hash));
    if (!openedLink) {
      const stored = await this.persistence.firstToOpen(lastId);
      if (stored) this.setWorkspace(stored);
      else await this.openNew(exampleWorkspace(EXAMPLES[0]!, this.workspace.profile));
    }
    await this.persistence.refreshList();
    return { openedLink };
  }

  // ---- files ----

  /**
   * Replaces a file's text (an edit in the editor). `edit`, when given, is the one range that turned the
   * previous text into `text`: the analysis worker is then sent the edit instead of the whole file.
   */
  editFile(path: string, text: string, edit: TextEdit | null = null): void {
    if (ownValue(this.workspace.files, path) === text) return;
    this.analyser.edited(path, edit, text);
    files.writeFile(this.workspace, path, text);
    this.markChanged();
  }

  /**
   * Applies fix edits (offsets into the files' current texts: see `currentFixEdits`) as one change of the
   * workspace; an edit to a missing file creates it (without opening it). The editor applies the open file's
   * part of a fix itself, so that it is undoable there.
   */
  applyFixEdits(edits: readonly FixEdit[]): void {
    this.writeTexts(editedTexts(this.workspace.files, edits));
  }

  /**
   * What the editor needs to apply a fix that reaches other files: their texts as analysed and now, and
   * `applyFixEdits`. One object for the model's life.
   */
  readonly fixHost: FixHost = {
    analysed: (file) => this.analysis.texts.get(file),
    current: (file) => ownValue(this.workspace.files, file),
    apply: (edits) => this.applyFixEdits(edits),
    stale: () =>
      this.banner({
        id: 'fix',
        kind: 'info',
        text: 'That fix is out of date (the text changed since the check); try again in a moment.',
      }),
    resolve: (fix) => this.analyser.resolveFix(fix.deferred),
  };

  /** Says whether the Graph view is shown: results carry the agent graph only while it is. */
  showGraph(on: boolean): void {
    this.analyser.showGraph(on);
  }

  /**
   * "Fix all safe problems": applies every safe fix of the workspace (with the fast-agent profile, the safe
   * portability fixes too), re-checking between rounds, in the analysis worker; then writes the files (the
   * open file's change is one undo step in the editor) and says in a banner what it did. Never rejects: a
   * failure (the worker crashed) is reported in a banner and resolves null.
   */
  async fixAllSafe(): Promise<FixAllOutcome | null> {
    try {
      const outcome = await fixAllSafe({
        workspace: () => this.workspace,
        fixAll: (texts, profile, formats, options) =>
          this.analyser.fixAll(texts, profile, formats, options),
        write: (texts) => this.writeTexts(texts),
      });
      this.banner(fixAllBanner(outcome));
      return outcome;
    } catch (error) {
      this.reportFailure('Fixing all safe problems', error);
      return null;
    }
  }

  /** Shows a file in the editor. */
  setActive(path: string): void {
    if (files.activate(this.workspace, path)) this.markChanged(false);
  }

  /** Adds a file (or several); existing paths get a numbered name instead of being overwritten. */
  addFiles(added: Record<string, string>, activate = true): string[] {
    const paths = files.addFiles(this.workspace, added, activate);
    this.markChanged();
    return paths;
  }

  /**
   * Creates a file named `typed` with the text its name calls for and opens it; refuses a name that
   * `checkFileName` refuses or that exists. Returns an error text or null.
   */
  createFile(typed: string): string | null {
    const error = files.createFile(this.workspace, typed);
    if (error === null) this.markChanged();
    return error;
  }

  /** Renames a file; refuses a name that `checkFileName` refuses or that exists. Returns an error text or null. */
  renameFile(from: string, to: string): string | null {
    const error = files.renameFile(this.workspace, from, to);
    // Renamed to its own name: nothing changed.
    if (error === null && !Object.hasOwn(this.workspace.files, from)) this.markChanged();
    return error;
  }

  /** Deletes a file. */
  deleteFile(path: string): void {
    if (files.deleteFile(this.workspace, path)) this.markChanged();
  }

  /** Stores the editor's serialised undo history of a file (saved with the workspace). */
  setHistory(path: string, json: unknown): void {
    files.keepHistory(this.workspace, path, json);
    this.persistence.historyChanged();
  }

  /** The page is being hidden or unloaded: save now, and keep saving at once until it is shown again. */
  pageHidden(): Promise<void> {
    return this.persistence.pageHidden();
  }

  /** The page is visible again. */
  pageShown(): void {
    this.persistence.pageShown();
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
    if (mode === 'hot-swap') this.analyser.request(this.workspace);
  }

  /** Reads a file as `format` instead of the detected format; null goes back to detection. */
  setFormat(path: string, format: FormatId | null): void {
    if (files.chooseFormat(this.workspace, path, format)) this.markChanged(true, true);
  }

  /**
   * Converts the selected card to `to` and shows the result for review (`conversion.preview`); nothing is
   * written until the preview's Add or Replace. Resolves true when the preview is shown.
   */
  convertSelected(to: FormatId, options: EmitOptions = {}): Promise<boolean> {
    return this.converter.open(this.selection, this.selected, to, options);
  }

  /**
   * Where card `ref` is in the text the shown analysis read (its ranges are into that text), or null
   * when the analysis has no such card or has not read its file.
   */
  private cardSource(ref: CardRef): CardSource | null {
    const { cards, texts } = this.analysis;
    const card = cards.find((c) => c.file === ref.file && c.index === ref.index);
    const fileText = texts.get(ref.file) ?? ownValue(this.workspace.files, ref.file);
    if (!card || fileText === undefined) return null;
    const count = cards.filter((c) => c.file === ref.file).length;
    return { file: ref.file, fileText, from: card.from, to: card.to, cards: count };
  }

  /** Stops a long check (the status line's Cancel); the next edit checks again. */
  cancelCheck(): void {
    this.analyser.cancel();
  }

  /** Runs analysis now (explicit reload mode: Ctrl/Cmd+Enter). */
  run(): void {
    this.analyser.request(this.workspace, true);
  }

  // ---- selection ----

  /** Selects a card everywhere: split row, editor range, output panel. */
  selectCard(ref: CardRef | null, revealInEditor = true): void {
    // The same card again (the cursor moved within it) needs no new answer: the last request carried it.
    this.analyser.choose(ref);
    if (!ref) return;
    const card = this.analyser.card(ref);
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
    const { files: linked, active, profile, formats } = decoded.envelope;
    const workspace = makeWorkspace(
      uniqueName(
        sharedWorkspaceName(linked, active),
        this.workspaces.map((w) => w.name),
      ),
      linked,
      active,
      profile,
    );
    if (formats) workspace.formats = formats;
    this.dismiss('permalink');
    this.setWorkspace(workspace);
    this.markChanged(false); // setWorkspace analysed it already
    await this.persistence.refreshList();
    return true;
  }

  /**
   * Opens `example` in the one Examples workspace (made the first time; see `examples-workspace.ts`), so that
   * opening examples adds at most one workspace. An unedited Examples workspace is replaced; one the user has
   * edited only when `confirm` resolves true, and its version is then first kept as a workspace of its own
   * (named in a banner). Resolves with whether the example is now open.
   */
  async openExample(example: Example, confirm: ConfirmExampleReplace): Promise<boolean> {
    await this.flush();
    const showing = this.workspace.id === EXAMPLES_WORKSPACE_ID;
    const scratch = showing
      ? $state.snapshot<Workspace>(this.workspace)
      : await this.persistence.load(EXAMPLES_WORKSPACE_ID);
    const held = scratch && uneditedExample(scratch);
    if (scratch && held === example) {
      if (!showing) await this.switchWorkspace(scratch.id);
      return true;
    }
    if (scratch && !held) {
      if (!(await confirm(scratch.name, example))) return false;
      if (!(await this.keepAside(keptCopy(scratch)))) return false;
    }
    // After any question: the Examples workspace may have been saved meanwhile (its undo history).
    await this.flush();
    const base = showing ? this.workspace : scratch;
    await this.openNew(exampleWorkspace(example, this.workspace.profile, base));
    await this.persistence.refreshList();
    return true;
  }

  /** Opens `files` as a new workspace called `name` (an embed's content from its host); local work is kept. */
  async openFiles(
    name: string,
    opened: Record<string, string>,
    active: string,
    profile: Profile,
  ): Promise<void> {
    await this.openNew(makeWorkspace(name, opened, active, profile));
  }

  /** Starts an empty workspace. */
  async newWorkspace(): Promise<void> {
    await this.openNew(
      makeWorkspace(
        'Untitled workspace',
        { 'agent.md': '---\ntype: agent\nname: agent\n---\nDescribe what the agent does.\n' },
        'agent.md',
        this.workspace.profile,
      ),
    );
  }

  /** Switches to a stored workspace (the current one is saved first). */
  async switchWorkspace(id: string): Promise<void> {
    if (id === this.workspace.id) return;
    await this.persistence.settle();
    const stored = await this.persistence.load(id);
    if (!stored) {
      this.banner({ id: 'switch', kind: 'error', text: 'That workspace could not be loaded.' });
      return;
    }
    this.setWorkspace(stored);
    await this.persistence.refreshList();
  }

  renameWorkspace(name: string): void {
    const clean = name.trim().slice(0, 120);
    if (!clean) return;
    this.workspace.name = clean;
    this.markChanged(false);
  }

  /** Deletes a stored workspace; when it is the open one, the newest other one opens (or a new one). */
  async deleteWorkspace(id: string): Promise<void> {
    await this.persistence.remove(id);
    if (id === this.workspace.id) {
      await this.persistence.refreshList();
      const next = this.workspaces.find((w) => w.id !== id);
      if (next) await this.switchWorkspace(next.id);
      else await this.newWorkspace();
    }
    await this.persistence.refreshList();
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

  /** Saves now (before unload). */
  flush(): Promise<void> {
    return this.persistence.flush();
  }

  /** Removes the banner with `id`. */
  dismiss(id: NotificationId): void {
    this.notifications.dismiss(id);
  }

  /** Shows or replaces a banner. */
  banner(banner: Banner): void {
    this.notifications.show(banner);
  }

  /**
   * Takes a note of the workspace store about a damaged record read back (`StoreOptions.onNote`): one banner
   * sums up every note of the session.
   */
  storageNote(note: StorageNote): void {
    this.storageNotes.push(note);
    const banner = storageNotesBanner(this.storageNotes);
    if (banner) this.notifications.show(banner);
  }

  /**
   * Reports that a user action failed unexpectedly (a promise a component started and could not await):
   * `action` names it as the subject of a sentence, e.g. 'Opening the example'.
   */
  reportFailure(action: string, error: unknown): void {
    this.notifications.failed(action, error);
  }

  dispose(): void {
    this.analyser.dispose();
    this.persistence.dispose();
  }

  // ---- internals ----

  /** Stores `copy` beside the open workspace and says so in a banner; false (with the reason) when it failed. */
  private async keepAside(copy: Workspace): Promise<boolean> {
    const result = await this.persistence.keep(copy);
    if (result.ok)
      this.banner({
        id: 'examples',
        kind: 'info',
        text: `Your edited example is kept as the workspace "${copy.name}".`,
      });
    else
      this.banner({
        id: 'examples',
        kind: 'error',
        text: `The example was not opened: your edits to the Examples workspace could not be kept aside (${result.reason === 'conflict' ? 'another tab saved a workspace with its id' : result.message}).`,
      });
    return result.ok;
  }

  /** Saves the open workspace, then opens `workspace` in its place and saves it too. */
  private async openNew(workspace: Workspace): Promise<void> {
    await this.flush();
    this.setWorkspace(workspace);
    this.markChanged(false); // setWorkspace analysed it already
  }

  /**
   * Shows `workspace` and sends it for analysis. A caller that then marks it changed (to save it) passes
   * `content = false`: a second analysis request would answer twice, and the embed would report twice.
   */
  private setWorkspace(workspace: Workspace): void {
    this.workspace = workspace;
    this.analyser.reset();
    this.converter.reset();
    this.persistence.opened();
    this.analyser.request(this.workspace, true);
  }

  /** Writes `texts` (path → text, creating missing files) as one change. */
  private writeTexts(texts: Record<string, string>): void {
    let changed = false;
    for (const [path, text] of Object.entries(texts))
      changed = files.writeFile(this.workspace, path, text) || changed;
    if (changed) this.markChanged();
  }

  private markChanged(content = true, forceAnalysis = false): void {
    this.workspace.updatedAt = Date.now();
    // The request first, so that the worker checks while the journal is written (both before anything
    // asynchronous: a reload a moment from now still finds the change).
    try {
      if (content || forceAnalysis) this.analyser.request(this.workspace, forceAnalysis);
    } finally {
      this.persistence.changed();
    }
  }

  private forkWorkspace(): void {
    // The copy holds these edits now: the journal must not replay them as a second copy.
    this.persistence.forgetJournal(this.workspace.id);
    const copy = makeWorkspace(
      `${this.workspace.name} (copy)`,
      files.plainFiles(this.workspace),
      this.workspace.active,
      this.workspace.profile,
    );
    copy.reloadMode = this.workspace.reloadMode;
    this.setWorkspace(copy);
    this.markChanged(false); // setWorkspace analysed it already
  }
}

/** The banner that reports a "Fix all safe problems" run. */
function fixAllBanner(outcome: FixAllOutcome): Banner {
  switch (outcome.kind) {
    case 'applied': {
      const fixes = outcome.applied === 1 ? '1 safe fix' : `${outcome.applied} safe fixes`;
      return { id: 'fix', kind: 'info', text: `Applied ${fixes} (${outcome.files.join(', ')}).` };
    }
    case 'nothing':
      return { id: 'fix', kind: 'info', text: 'No safe fix to apply.' };
    case 'stale':
      return {
        id: 'fix',
        kind: 'warning',
        text: 'The files changed while the fixes were computed; nothing was applied. Try again.',
      };
  }
}
