import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisState } from './analysis-state.svelte.ts';
import { cardInfo, compiledAgent, FakeAnalysisWorker } from './fake-analysis-worker.ts';
import { Notifications } from './notifications.svelte.ts';
import { makeWorkspace } from './workspace-files.ts';

let workers: FakeAnalysisWorker[];
let notifications: Notifications;
let state: AnalysisState;
const worker = () => workers.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  workers = [];
  notifications = new Notifications();
  state = new AnalysisState(FakeAnalysisWorker.factory(workers), notifications);
});
afterEach(() => {
  state.dispose();
  vi.useRealTimers();
});

describe('AnalysisState', () => {
  it('is stale from a request until its answer, then shows the answer and its counts', () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    state.request(ws);
    expect(state.analysisStale).toBe(true);
    expect(worker().lastCheck()).toMatchObject({ changed: { 'a.md': 'A' }, profile: 'rfc' });
    worker().answer([cardInfo('a.md', 0)]);
    expect(state.analysisStale).toBe(false);
    expect(state.analysis.cards).toHaveLength(1);
    expect(state.problemCounts).toEqual({ error: 0, warning: 0, info: 0 });
  });

  it('in explicit mode marks results stale without asking, unless forced', () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    ws.reloadMode = 'explicit';
    state.request(ws);
    expect(workers).toHaveLength(0);
    expect(state.analysisStale).toBe(true);
    state.request(ws, true);
    expect(worker().requests).toHaveLength(1);
  });

  it('sends the chosen card with each check and drops a selection the answer no longer has', () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    expect(state.choose({ file: 'a.md', index: 1 })).toBe(true);
    expect(state.choose({ file: 'a.md', index: 1 })).toBe(false);
    state.request(ws);
    expect(worker().lastCheck().select).toEqual({ file: 'a.md', index: 1 });
    worker().answer([cardInfo('a.md', 0)]);
    expect(state.selection).toBeNull();
  });

  it('with selectFirstCard asks for the active file’s first card and selects it from the answer', () => {
    state.dispose();
    state = new AnalysisState(FakeAnalysisWorker.factory(workers), notifications, true);
    state.request(makeWorkspace('W', { 'a.md': 'A' }, 'a.md'));
    expect(worker().lastCheck().select).toEqual({ file: 'a.md', index: 0 });
    worker().answer([cardInfo('a.md', 0)], compiledAgent('a.md', 1));
    expect(state.selection).toEqual({ file: 'a.md', index: 0 });
    expect(state.selected?.line).toBe(1);
  });

  it("remembers the selected card's last compiled output for when it stops compiling", () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    state.choose({ file: 'a.md', index: 1 });
    state.request(ws);
    const good = compiledAgent('a.md', 2, 'second');
    worker().answer([cardInfo('a.md', 0), cardInfo('a.md', 1)], good);
    expect(state.lastCompiled).toEqual({ ref: { file: 'a.md', index: 1 }, agent: good });
    // A syntax error: the card is still there but does not compile; the last output stays remembered.
    state.request({ ...ws, files: { 'a.md': 'A broken' } });
    worker().answer([cardInfo('a.md', 0), cardInfo('a.md', 1)], null);
    expect(state.selected).toBeNull();
    expect(state.lastCompiled?.agent).toBe(good);
    // An answer for another card (an older request) is not taken for this card's.
    state.request(ws);
    worker().answer([cardInfo('a.md', 0), cardInfo('a.md', 1)], compiledAgent('a.md', 1));
    expect(state.lastCompiled?.agent).toBe(good);
    state.reset();
    expect(state.lastCompiled).toBeNull();
  });

  it('keeps the shown output object while answers bring the same output, and takes a changed one', () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    state.choose({ file: 'a.md', index: 0 });
    state.request(ws);
    worker().answer([cardInfo('a.md', 0)], compiledAgent('a.md', 1, 'first'));
    const shown = state.selected;
    const last = state.lastCompiled;
    // A keystroke that changes nothing in the output: a new object from the worker, equal to the shown one.
    state.request({ ...ws, files: { 'a.md': 'A x' } });
    worker().answer([cardInfo('a.md', 0)], compiledAgent('a.md', 1, 'first'));
    expect(state.selected).toBe(shown);
    expect(state.lastCompiled).toBe(last);
    // One that changes it: the new output is shown and remembered, its unchanged parts as they were.
    state.request({ ...ws, files: { 'a.md': 'A y' } });
    const renamed = {
      ...compiledAgent('a.md', 1, 'renamed'),
      data: { config: { name: 'renamed', servers: ['fetch'] } },
    };
    worker().answer([cardInfo('a.md', 0)], renamed);
    expect(state.selected).toEqual(renamed);
    expect(state.selected?.history).toBe(shown?.history);
    expect(state.lastCompiled).toEqual({ ref: { file: 'a.md', index: 0 }, agent: renamed });
    expect(state.lastCompiled?.agent).toBe(state.selected);
    // The next change keeps the parts of that one: the servers list is the object shown before.
    const servers = (state.selected?.data['config'] as { servers: string[] }).servers;
    state.request({ ...ws, files: { 'a.md': 'A z' } });
    worker().answer([cardInfo('a.md', 0)], {
      ...compiledAgent('a.md', 1, 'renamed'),
      data: { config: { name: 'renamed again', servers: ['fetch'] } },
    });
    const config = state.selected?.data['config'] as { name: string; servers: string[] };
    expect(config.name).toBe('renamed again');
    expect(config.servers).toBe(servers);
  });

  it('reports a restarted worker in a banner and keeps working', () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    state.request(ws);
    worker().crash();
    expect(notifications.banners.map((b) => b.id)).toEqual(['analysis-restarted']);
    expect(workers.length).toBeGreaterThanOrEqual(1);
  });

  it('shows a paused banner after repeated hangs and takes it down with the next answer', () => {
    const ws = makeWorkspace('W', { 'a.md': 'A' }, 'a.md');
    state.request(ws);
    vi.advanceTimersByTime(60_000);
    state.request(ws, true);
    vi.advanceTimersByTime(60_000);
    expect(notifications.has('analysis-paused')).toBe(true);
    state.request({ ...ws, files: { 'a.md': 'A2' } }, true);
    worker().answer();
    expect(notifications.has('analysis-paused')).toBe(false);
  });

  it('reset forgets results and selection', () => {
    state.request(makeWorkspace('W', { 'a.md': 'A' }, 'a.md'));
    worker().answer([cardInfo('a.md', 0)], compiledAgent('a.md', 1));
    state.choose({ file: 'a.md', index: 0 });
    state.reset();
    expect(state.analysis.cards).toEqual([]);
    expect(state.selection).toBeNull();
    expect(state.selected).toBeNull();
    expect(state.analysisStale).toBe(true);
  });
});
