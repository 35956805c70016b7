/// <reference lib="webworker" />
import {
  agentCardReader,
  LazyFormats,
  LazyPortabilityFixer,
  LoadSetChecker,
  localCalendarDate,
  type AgentGraph,
  type CardInfo,
  type CheckResult,
  type CompiledAgent,
} from '../../core/index.ts';
import { DeferredFixes } from './deferred-fixes.ts';
import { ownRecord } from './own-record.ts';
import { RowsPacker } from './packed-rows.ts';
import type {
  AgentSummary,
  AnalysisRequest,
  AnalysisResponse,
  CardRef,
  TextEdit,
} from './protocol.ts';

// The analysis worker: keeps the load-set and one checker (so unchanged files and cards are not
// re-analysed) and answers each request with the split, the diagnostics and the selected card's output.
// Only AgentCard's reader is in the worker's first script; another format's reader is loaded when a file
// of that format first appears (the table of YAML hints when a problem first has one, and conversion when
// first asked), so a cold start gets its first diagnostics sooner. Requests are handled one at a time, in order, even while a format loads.
// The portability fixes load on the side, from the start: a check that ran before they arrived goes out
// without them, and the worker then says `fixesLoaded` so that the client checks again (see `fixesArrive`).
const formats = new LazyFormats([agentCardReader]);
const portability = new LazyPortabilityFixer();
const checker = new LoadSetChecker(
  formats.resolve,
  formats.parseHistory,
  portability.fixer,
  formats.hintText,
);
void portability.load().catch(() => {}); // tried again after the next check that misses them
// A Map: paths are user data, and a file may be called `constructor` or `__proto__`.
const files = new Map<string, string>();
let last: CheckResult | null = null;

function post(message: AnalysisResponse): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

function selected(select: CardRef | null): CompiledAgent | null {
  if (!last || !select) return null;
  const card = last.cards.find((c) => c.file === select.file && c.index === select.index);
  if (!card) return null;
  return last.compiled.find((a) => a.file === card.file && a.line === card.line) ?? null;
}

let queue: Promise<void> = Promise.resolve();
const deferredFixes = new DeferredFixes();
// The client reads every result, so each packer's last columns are the ones the client holds.
const cardRows = new RowsPacker<CardInfo>();
const agentRows = new RowsPacker<AgentSummary>();

self.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const request = event.data;
  queue = queue.then(() => handle(request));
};
post({ type: 'ready' });

async function handle(request: AnalysisRequest): Promise<void> {
  if (request.type === 'select') {
    post({ type: 'selected', rev: request.rev, selected: selected(request.select) });
    return;
  }
  if (request.type === 'convert') {
    const agent = selected(request.select);
    try {
      const { convertAgent } = await import('../../core/formats/convert.ts');
      const result = agent ? convertAgent(agent, request.to, request.options) : null;
      post({ type: 'converted', id: request.id, result });
    } catch (error) {
      post({ type: 'converted', id: request.id, result: null, error: errorText(error) });
    }
    return;
  }
  if (request.type === 'fixAll') {
    try {
      post((await import('./fix-all-answer.ts')).fixAllAnswer(request));
    } catch (error) {
      post({ type: 'fixedAll', id: request.id, files: {}, applied: 0, error: errorText(error) });
    }
    return;
  }
  if (request.type === 'fix') {
    post({ type: 'fix', id: request.id, resolved: deferredFixes.take(request.key) });
    return;
  }
  await check(request);
}

/** Brings the worker's files up to the request, checks them and posts the result (or why it failed). */
async function check(request: Extract<AnalysisRequest, { type: 'check' }>): Promise<void> {
  const started = performance.now();
  try {
    for (const path of request.removed) files.delete(path);
    for (const [path, text] of Object.entries(request.changed)) files.set(path, text);
    const unfit = patchFiles(request.patched);
    if (unfit !== null) {
      post({
        type: 'failed',
        rev: request.rev,
        message: `an edit of ${unfit} does not fit the worker's copy`,
        resync: true,
      });
      return;
    }
    const missing = formats.missing(files, Object.values(request.formats));
    if (missing.length > 0) await formats.load(missing);
    const options = {
      profile: request.profile,
      formats: ownRecord(Object.entries(request.formats)),
      // fast-agent writes the day it loads a card into {{currentDate}}: here, the day of this check.
      today: localCalendarDate(new Date()),
    };
    last = await formats.checkLoading(() => checker.check(ownRecord(files), options));
    const graph = request.graph ? await changedGraph(last) : forgetGraph();
    post({
      type: 'result',
      rev: request.rev,
      cards: cardRows.pack(last.cards),
      diagnostics: deferredFixes.outgoing(last.diagnostics, (file) => files.get(file)),
      agents: agentRows.pack(last.compiled.map(agentSummary)),
      ...graph,
      selected: selected(request.select),
      took: performance.now() - started,
    });
    fixesArrive();
  } catch (error) {
    post({
      type: 'failed',
      rev: request.rev,
      message: errorText(error),
    });
  }
}

/** Applies each file's edits to the worker's copy; the path of the first that does not fit, else null. */
function patchFiles(patched: Record<string, TextEdit[]>): string | null {
  for (const [path, edits] of Object.entries(patched)) {
    const text = applyEdits(files.get(path), edits);
    if (text === undefined) return path;
    files.set(path, text);
  }
  return null;
}

/** What the page shows of a compiled agent. */
function agentSummary(a: CompiledAgent): AgentSummary {
  return { name: a.name, type: a.type, file: a.file, line: a.line, ok: a.ok, format: a.format };
}

/**
 * When the check just answered ran without the portability fixes, loads them and then says `fixesLoaded`
 * (once per check that missed them; a failed load is tried again after the next such check).
 */
function fixesArrive(): void {
  if (!portability.takeMissed()) return;
  portability.load().then(
    () => post({ type: 'fixesLoaded' }),
    () => {},
  );
}

let lastGraph = '';

/**
 * The graph when it differs from the one sent last (most keystrokes change no agent, type, status or
 * reference), so the Graph view redraws only on a real change. Linear in agents + references. The graph
 * code is loaded when the Graph view is first shown, not with the worker's first script.
 */
async function changedGraph(result: CheckResult): Promise<{ graph?: AgentGraph }> {
  const { agentGraph } = await import('../../core/graph/agent-graph.ts');
  const graph = agentGraph(result);
  const json = JSON.stringify(graph);
  if (json === lastGraph) return {};
  lastGraph = json;
  return { graph };
}

/** No graph in this result (the Graph view is not shown); the next result that asks for one gets it whole. */
function forgetGraph(): { graph?: AgentGraph } {
  lastGraph = '';
  return {};
}

/** `text` with `edits` applied in order, or undefined when there is no text or an edit does not fit. */
function applyEdits(text: string | undefined, edits: readonly TextEdit[]): string | undefined {
  if (text === undefined) return undefined;
  for (const e of edits) {
    if (!(e.from >= 0 && e.from <= e.to && e.to <= text.length)) return undefined;
    text = text.slice(0, e.from) + e.insert + text.slice(e.to);
  }
  return text;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
