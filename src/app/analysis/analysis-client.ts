import type {
  CardInfo,
  CompiledAgent,
  Conversion,
  EmitOptions,
  FixAllOptions,
  FormatId,
  Profile,
} from '../../core/index.ts';
import type { ResolvedFix } from './deferred-fixes.ts';
import { RowsUnpacker } from './packed-rows.ts';
import type {
  AgentSummary,
  AnalysisRequest,
  AnalysisResponse,
  AnalysisResult,
  CardRef,
  TextEdit,
} from './protocol.ts';

/** What the client hands the app: the newest answer, or a notice that the worker was restarted. */
export type AnalysisEvent =
  | {
      kind: 'result';
      response: AnalysisResult;
      /**
       * The texts the result was computed for, per path: the offsets of its diagnostics and fixes are into
       * these (the editor may hold newer text by the time it arrives). Never mutated.
       */
      texts: ReadonlyMap<string, string>;
    }
  | { kind: 'selected'; rev: number; selected: CompiledAgent | null }
  | { kind: 'restarted'; reason: string }
  | { kind: 'stalled'; reason: string }
  /** A check has been running for a while (`running`), or no longer runs (null). */
  | { kind: 'progress'; running: CheckProgress | null };

/** How long the check in flight has run, and on how much. */
export interface CheckProgress {
  /** Milliseconds since it was sent (whole seconds, from `PROGRESS_AFTER_MS` on). */
  elapsedMs: number;
  /** Files in the load-set. */
  files: number;
}

/** What a `fixAll` run answers: the files it changed or created, and how many fixes it applied. */
export interface FixedFiles {
  files: Record<string, string>;
  applied: number;
}

/** Makes a worker; injected so tests and the embed can supply their own. */
export type WorkerFactory = () => Worker;

/** How long an answer on a small load-set may take before the worker is taken to be hung and restarted. */
export const HANG_TIMEOUT_MS = 5000;

/**
 * How long a new worker may take to load its script and say it is ready before it is taken to be hung.
 * Its checks are timed from then on: ten embeds starting together on a slow phone can take seconds to
 * load, which is not a hung check (and restarting would only load the script again).
 */
export const BOOT_TIMEOUT_MS = 30_000;

/** Extra time the hang limit allows per MiB (2^20 characters) of the load-set's text. */
export const HANG_MS_PER_MIB = 4000;

/** Time-outs in a row (with no answer between) after which the client stops restarting the worker. */
export const MAX_CONSECUTIVE_HANGS = 2;

/** A check running longer than this reports progress (then every second). */
export const PROGRESS_AFTER_MS = 1000;

/** A load-set of at least this many characters that still times out is called too large for the browser. */
export const LARGE_INPUT_CHARS = 1024 * 1024;

/**
 * The hang limit for a load-set of `chars` characters: `HANG_TIMEOUT_MS` plus `HANG_MS_PER_MIB` per MiB
 * (a 7 MB workspace gets 33 s: the check is linear in the text, and a busy machine may be several times
 * slower than a quiet one).
 */
export function hangTimeoutFor(chars: number): number {
  return HANG_TIMEOUT_MS + Math.ceil((chars / (1024 * 1024)) * HANG_MS_PER_MIB);
}

/**
 * Files at least this long are sent as edits while typing: copying a 1 MB text to the worker on every
 * keystroke costs milliseconds, an edit almost nothing.
 */
export const PATCH_MIN_CHARS = 32 * 1024;

/**
 * Runs analysis off the main thread. Requests carry a revision and stale answers are dropped. While a
 * request is in flight, newer edits are coalesced into one follow-up request, so typing never queues work.
 * If the worker crashes, does not say `ready` within `BOOT_TIMEOUT_MS`, or does not answer within the hang
 * limit (`hangTimeoutFor` the load-set's size, timed from `ready`), it
 * is replaced and the whole load-set re-sent; after `MAX_CONSECUTIVE_HANGS` time-outs with no answer between
 * (edits do not reset the count), the client stops restarting and says so; the next edit tries once more.
 * A check running past `PROGRESS_AFTER_MS` reports progress every second; `cancel` stops it.
 */
export class AnalysisClient {
  private worker: Worker | null = null;
  /** Readers of the worker's packed cards and agents: one pair per worker, reading each of its results. */
  private rows = newRowReaders();
  private rev = 0;
  private inFlight: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** What the worker holds, per path (a Map: paths are user data, `constructor` included). */
  private sent = new Map<string, string>();
  private files: Record<string, string> = {};
  private profile: Profile = 'rfc';
  private formats: Record<string, FormatId> = {};
  private conversions = new Map<
    number,
    { resolve: (c: Conversion | null) => void; reject: (e: Error) => void }
  >();
  private conversionId = 0;
  private fixRuns = new Map<
    number,
    { resolve: (fixed: FixedFiles) => void; reject: (e: Error) => void }
  >();
  private fixRequests = new Map<
    number,
    { resolve: (resolved: ResolvedFix | null) => void; reject: (e: Error) => void }
  >();
  /** The texts of the request in flight (what its answer's offsets are into). */
  private inFlightTexts: ReadonlyMap<string, string> = new Map();
  /** Edits made since the last request, per file, and the text they lead to. */
  private edits = new Map<string, { edits: TextEdit[]; text: string } | null>();
  private select: CardRef | null = null;
  private graph = false;
  private dirty = false;
  /** `choose` was called while a request was in flight, after it was sent. */
  private chooseAfter = false;
  private hangs = 0;
  /** The worker has said `ready`: its checks are timed from their start. */
  private workerReady = false;
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  private progressShown = false;
  private disposed = false;

  constructor(
    private readonly makeWorker: WorkerFactory,
    private readonly onEvent: (event: AnalysisEvent) => void,
  ) {}

  /**
   * Asks for analysis of `files` (the whole load-set) with per-file format choices; only changed files
   * cross to the worker.
   */
  update(
    files: Record<string, string>,
    profile: Profile,
    select: CardRef | null,
    formats: Record<string, FormatId> = {},
  ): void {
    this.files = files;
    this.profile = profile;
    this.formats = formats;
    this.select = select;
    this.dirty = true;
    this.pump();
  }

  /**
   * Says whether the Graph view is shown. Results carry the agent graph only while it is; turning it on
   * checks again (when there is anything to check) so that the graph comes at once.
   */
  showGraph(on: boolean): void {
    if (on === this.graph) return;
    this.graph = on;
    if (on && (this.sent.size > 0 || Object.keys(this.files).length > 0)) {
      this.dirty = true;
      this.pump();
    }
  }

  /** Asks for the compiled output of another card without re-checking. */
  choose(select: CardRef | null): void {
    this.select = select;
    if (this.dirty) return; // the next request carries it
    if (this.inFlight !== null) {
      // The request in flight was sent with the previous choice: ask again once it is answered.
      this.chooseAfter = true;
      return;
    }
    this.postSelect();
  }

  private postSelect(): void {
    this.ensureWorker().postMessage({
      type: 'select',
      rev: this.rev,
      select: this.select,
    } satisfies AnalysisRequest);
  }

  /**
   * Notes that the editor turned a file's text into `text` by `edit` (null: by something else, so the
   * whole text must be sent). Call it before `update` with the new files.
   */
  edited(path: string, edit: TextEdit | null, text: string): void {
    const pending = this.edits.get(path);
    if (edit === null || pending === null) this.edits.set(path, null);
    else if (pending === undefined) this.edits.set(path, { edits: [edit], text });
    else {
      pending.edits.push(edit);
      pending.text = text;
    }
  }

  /**
   * Converts the selected card of the newest analysis to another format (in the worker, where the core
   * lives). Resolves with null when that card did not compile; rejects when the worker fails or restarts.
   */
  convert(select: CardRef, to: FormatId, options: EmitOptions): Promise<Conversion | null> {
    const id = ++this.conversionId;
    const answer = new Promise<Conversion | null>((resolve, reject) =>
      this.conversions.set(id, { resolve, reject }),
    );
    this.ensureWorker().postMessage({
      type: 'convert',
      id,
      select,
      to,
      options,
    } satisfies AnalysisRequest);
    return answer;
  }

  /**
   * Applies the wanted fixes to `files` in the worker, checking again after each round (the core's
   * `fixAll`). Resolves with the files changed or created; rejects when the worker fails or restarts.
   */
  fixAll(
    files: Record<string, string>,
    profile: Profile,
    formats: Record<string, FormatId>,
    options: FixAllOptions,
  ): Promise<FixedFiles> {
    const id = ++this.conversionId;
    const answer = new Promise<FixedFiles>((resolve, reject) =>
      this.fixRuns.set(id, { resolve, reject }),
    );
    this.ensureWorker().postMessage({
      type: 'fixAll',
      id,
      files,
      profile,
      formats,
      options,
    } satisfies AnalysisRequest);
    return answer;
  }

  /**
   * The whole fix behind a placeholder (`deferred-fixes.ts`), as of the worker's last check, with the texts
   * its offsets are into. Resolves with null when the worker no longer holds it; rejects when the worker
   * fails or restarts.
   */
  resolveFix(key: number): Promise<ResolvedFix | null> {
    const id = ++this.conversionId;
    const answer = new Promise<ResolvedFix | null>((resolve, reject) =>
      this.fixRequests.set(id, { resolve, reject }),
    );
    this.ensureWorker().postMessage({ type: 'fix', id, key } satisfies AnalysisRequest);
    return answer;
  }

  /**
   * Stops the check in flight (the user's Cancel): the worker is terminated and a `stalled` event says so.
   * The next `update` checks again. No-op when no check runs.
   */
  cancel(): void {
    if (this.disposed || this.inFlight === null) return;
    this.clearTimer();
    this.worker?.terminate();
    this.worker = null;
    this.failConversions('the check was cancelled');
    this.sent = new Map(); // a new map: the last result's `texts` is this one
    this.inFlight = null;
    this.dirty = false;
    this.onEvent({
      kind: 'stalled',
      reason: 'check cancelled; results resume with your next edit',
    });
  }

  /** Stops the worker; the client cannot be used afterwards. */
  dispose(): void {
    this.failConversions('the analysis worker was stopped');
    this.disposed = true;
    this.clearTimer();
    this.worker?.terminate();
    this.worker = null;
  }

  private pump(): void {
    if (this.disposed || this.inFlight !== null || !this.dirty) return;
    this.dirty = false;
    this.chooseAfter = false;
    // Null-prototype objects: `changed['__proto__'] = text` on a plain object would set its prototype.
    const changed = Object.create(null) as Record<string, string>;
    const patched = Object.create(null) as Record<string, TextEdit[]>;
    for (const [path, text] of Object.entries(this.files)) {
      const before = this.sent.get(path);
      if (before === text) continue;
      const pending = this.edits.get(path);
      if (
        before !== undefined &&
        pending &&
        pending.text === text &&
        text.length >= PATCH_MIN_CHARS &&
        editedLength(before, pending.edits) === text.length
      )
        patched[path] = pending.edits;
      else changed[path] = text;
    }
    this.edits.clear();
    const removed = [...this.sent.keys()].filter((path) => !Object.hasOwn(this.files, path));
    this.sent = new Map(Object.entries(this.files));
    this.inFlightTexts = this.sent;
    const rev = ++this.rev;
    this.inFlight = rev;
    const request: AnalysisRequest = {
      type: 'check',
      rev,
      changed,
      patched,
      removed,
      profile: this.profile,
      formats: this.formats,
      select: this.select,
      graph: this.graph,
    };
    this.ensureWorker().postMessage(request);
    this.armHangTimer(rev);
    this.startProgress();
  }

  /**
   * Times request `rev`: against the hang limit once the worker is ready, else against the boot limit
   * (and again against the hang limit when `ready` arrives, since the check starts then).
   */
  private armHangTimer(rev: number): void {
    this.clearTimer();
    if (!this.workerReady) {
      this.timer = setTimeout(() => this.onBootHang(rev), BOOT_TIMEOUT_MS);
      return;
    }
    const limit = hangTimeoutFor(this.totalChars());
    this.timer = setTimeout(() => this.onHang(rev, limit), limit);
  }

  private totalChars(): number {
    let chars = 0;
    for (const text of Object.values(this.files)) chars += text.length;
    return chars;
  }

  private startProgress(): void {
    const started = Date.now();
    const files = Object.keys(this.files).length;
    const tick = (delay: number) => {
      this.progressTimer = setTimeout(() => {
        const elapsedMs = Math.round((Date.now() - started) / 1000) * 1000;
        this.progressShown = true;
        this.onEvent({ kind: 'progress', running: { elapsedMs, files } });
        tick(1000);
      }, delay);
    };
    tick(PROGRESS_AFTER_MS);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.makeWorker();
    this.workerReady = false;
    this.rows = newRowReaders();
    worker.onmessage = (event: MessageEvent<AnalysisResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.restart('the analysis worker crashed');
    };
    worker.onmessageerror = () => this.restart('the analysis worker sent an unreadable answer');
    this.worker = worker;
    return worker;
  }

  private receive(response: AnalysisResponse): void {
    if (response.type === 'ready') {
      this.workerReady = true;
      if (this.inFlight !== null) this.armHangTimer(this.inFlight);
      return;
    }
    if (response.type === 'fixedAll' || response.type === 'fix' || response.type === 'converted') {
      this.settleRequest(response);
      return;
    }
    if (response.type === 'fixesLoaded') {
      // The last result went out without the portability fixes: check again to get them.
      if (this.sent.size > 0 || Object.keys(this.files).length > 0) {
        this.dirty = true;
        this.pump();
      }
      return;
    }
    if (response.type === 'selected') {
      if (response.rev === this.rev)
        this.onEvent({ kind: 'selected', rev: response.rev, selected: response.selected });
      return;
    }
    this.receiveCheck(response);
  }

  /** Settles the promise of a fix-all run, a fix or a conversion with its answer. */
  private settleRequest(
    response: Extract<AnalysisResponse, { type: 'fixedAll' | 'fix' | 'converted' }>,
  ): void {
    if (response.type === 'fixedAll') {
      const pending = this.fixRuns.get(response.id);
      this.fixRuns.delete(response.id);
      if (!pending) return;
      if (response.error !== undefined) pending.reject(new Error(response.error));
      else pending.resolve({ files: response.files, applied: response.applied });
    } else if (response.type === 'fix') {
      const pending = this.fixRequests.get(response.id);
      this.fixRequests.delete(response.id);
      pending?.resolve(response.resolved);
    } else {
      const pending = this.conversions.get(response.id);
      this.conversions.delete(response.id);
      if (!pending) return;
      if (response.error !== undefined) pending.reject(new Error(response.error));
      else pending.resolve(response.result);
    }
  }

  /** A check's answer: a result, or a failure (stale ones only have their columns read). */
  private receiveCheck(response: Extract<AnalysisResponse, { type: 'result' | 'failed' }>): void {
    let result: AnalysisResult | undefined;
    if (response.type === 'result') {
      // Read before the staleness check: a later result may leave out columns this one carries.
      try {
        const cards = this.rows.cards.unpack(response.cards);
        result = { ...response, cards, agents: this.rows.agents.unpack(response.agents) };
      } catch {
        this.restart('the analysis worker sent an unreadable answer');
        return;
      }
    }
    if (response.rev !== this.inFlight) return; // stale
    this.clearTimer();
    this.inFlight = null;
    this.hangs = 0;
    if (response.type === 'failed' && response.resync) {
      // An edit did not fit the worker's copy of a file: send every file whole, at once.
      this.sent = new Map(); // a new map: the last result's `texts` is this one
      this.dirty = true;
    } else if (response.type === 'failed') {
      this.onEvent({ kind: 'stalled', reason: `analysis failed: ${response.message}` });
    } else if (result) {
      // Delivered even when newer edits wait: the newest complete answer beats none while typing.
      this.onEvent({ kind: 'result', response: result, texts: this.inFlightTexts });
    }
    if (this.chooseAfter && !this.dirty) {
      this.chooseAfter = false;
      this.postSelect();
    }
    this.pump();
  }

  private onHang(rev: number, limit: number): void {
    if (this.inFlight !== rev) return;
    this.hangs += 1;
    const chars = this.totalChars();
    const seconds = Math.round(limit / 1000);
    const reason =
      chars >= LARGE_INPUT_CHARS && this.hangs >= MAX_CONSECUTIVE_HANGS
        ? `this workspace (${(chars / 1e6).toFixed(1)} MB) is too large for this browser to check within ${seconds} s`
        : `analysis took longer than ${seconds} s`;
    this.restart(reason, this.hangs >= MAX_CONSECUTIVE_HANGS);
  }

  private onBootHang(rev: number): void {
    if (this.inFlight !== rev) return;
    this.hangs += 1;
    const reason = `the analysis worker did not start within ${BOOT_TIMEOUT_MS / 1000} s`;
    this.restart(reason, this.hangs >= MAX_CONSECUTIVE_HANGS);
  }

  private restart(reason: string, giveUp = false): void {
    if (this.disposed) return;
    this.clearTimer();
    this.worker?.terminate();
    this.worker = null;
    this.failConversions(reason);
    this.sent = new Map(); // a new map: the last result's `texts` is this one
    const wasInFlight = this.inFlight !== null;
    this.inFlight = null;
    if (giveUp) {
      // The same input hung a fresh worker too: wait for the next edit.
      this.onEvent({ kind: 'stalled', reason: `${reason}; results resume with your next edit` });
      return;
    }
    this.onEvent({ kind: 'restarted', reason });
    if (wasInFlight || this.dirty || Object.keys(this.files).length > 0) {
      this.dirty = true;
      this.pump();
    }
  }

  private failConversions(reason: string): void {
    for (const pending of this.conversions.values()) pending.reject(new Error(reason));
    this.conversions.clear();
    for (const pending of this.fixRuns.values()) pending.reject(new Error(reason));
    this.fixRuns.clear();
    for (const pending of this.fixRequests.values()) pending.reject(new Error(reason));
    this.fixRequests.clear();
  }

  /** Clears the hang timer and the progress reports (saying progress ended, if it was shown). */
  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    this.progressTimer = null;
    if (this.progressShown) {
      this.progressShown = false;
      if (!this.disposed) this.onEvent({ kind: 'progress', running: null });
    }
  }
}

/** The length of `text` after `edits`, or -1 when an edit does not fit the text it applies to. */
function editedLength(text: string, edits: readonly TextEdit[]): number {
  let length = text.length;
  for (const e of edits) {
    if (!(e.from >= 0 && e.from <= e.to && e.to <= length)) return -1;
    length += e.insert.length - (e.to - e.from);
  }
  return length;
}

function newRowReaders() {
  return { cards: new RowsUnpacker<CardInfo>(), agents: new RowsUnpacker<AgentSummary>() };
}
