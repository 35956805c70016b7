/**
 * The AgentCard side of the load-set passes and the compile: each card entry gets its history files,
 * Python references, servers, `{{file:…}}` templates and instruction checked, and is compiled to the
 * canonical `AgentData`; its problems are reported, and it is listed as a card and a compiled agent.
 */
import { appendAll, type RawDiagnostic } from '../diagnostics.ts';
import { compileInstruction } from '../formats/agentcard/load-instruction.ts';
import { planServers, type ServerConfigs } from '../formats/agentcard/servers.ts';
import { compileCard } from '../model/agent-data.ts';
import type { Profile } from '../model/agent-types.ts';
import type { LineIndex } from '../text/line-index.ts';
import type { CardInfo, CheckOptions, CompiledAgent } from './check-result.ts';
import { dirname } from '../text/paths.ts';
import { expandDraft } from './passes/env.ts';
import { loadHistory, type HistoryParser } from './passes/history-files.ts';
import { resolveRefs } from './passes/python-refs.ts';
import { checkTemplateFiles } from './passes/templates.ts';
import type { PortabilityFixer } from './portability-fixer.ts';
import type { ReadFileHook } from '../model/read-hook.ts';
import type { CardEntry } from './passes/cards.ts';
import type { CompileMemos } from './compile-memo.ts';

/** What compiling the cards needs from the check. */
export interface CardCompiling {
  options: CheckOptions;
  profile: Profile;
  /** `{{currentDate}}`'s value (fast-agent profile), when the check was given today's date. */
  date: string | undefined;
  lookup: ReadFileHook;
  read: (path: string) => string | undefined;
  report: (file: string, d: RawDiagnostic) => void;
  configFor: (dir: string) => ServerConfigs | undefined;
  parseHistory: HistoryParser;
  lineIndex: (file: string, text: string) => LineIndex;
  /** Adds the portability fixes to each card's problems. */
  fixer: PortabilityFixer;
  /** The compiles of earlier checks, re-used for the cards whose inputs did not change. */
  memos?: CompileMemos;
}

/** Where the compiled cards go, in entry order. */
export interface CheckOutput {
  cards: CardInfo[];
  compiled: CompiledAgent[];
  /** The compiled agents without errors. */
  agents: CompiledAgent[];
}

/**
 * Runs the per-card passes over `entries`, compiles each card that has a type and a name, reports every
 * entry's problems and adds the results to `out`, in entry order.
 */
export function compileCards(
  entries: readonly CardEntry[],
  c: CardCompiling,
  out: CheckOutput,
): void {
  for (const entry of entries) {
    const { draft, file } = entry;
    const compiled = c.memos ? c.memos.compile(entry, c, compileEntry) : compileEntry(entry, c);
    const ok = compiled !== undefined && !entry.problems.some((d) => d.severity === 'error');
    const index = c.lineIndex(file, c.read(file) ?? '');
    const info: CardInfo = {
      file,
      index: draft.index,
      name: entry.name,
      type: draft.type ?? null,
      from: draft.from,
      to: draft.to,
      headerTo: draft.headerTo,
      line: index.position(draft.from).line,
      endLine: index.position(Math.max(draft.from, draft.to - 1)).line,
      ok,
      format: 'agentcard',
    };
    out.cards.push(info);
    c.fixer.cardFixes(entry, c);
    for (const d of entry.problems)
      c.report(file, { ...d, card: d.card ?? entry.name ?? undefined });
    if (compiled) {
      compiled.line = info.line;
      compiled.ok = ok;
      out.compiled.push(compiled);
      if (ok) out.agents.push(compiled);
    }
  }
}

/**
 * The compiled agent of `entry` (`ok` and `line` still to be set), undefined when the card has no type
 * or no name. The passes' problems are added to `entry.problems`.
 */
function compileEntry(entry: CardEntry, c: CardCompiling): CompiledAgent | undefined {
  const { draft: written, file, name } = entry;
  if (written.type === undefined || name === null) return undefined;
  const problems = entry.problems;
  const env = c.profile === 'fast-agent' ? c.options.env : undefined;
  // fast-agent expands the environment over the whole mapping before it reads a field.
  const expanded = env ? expandDraft(written, env) : { draft: written, diagnostics: [] };
  const draft = expanded.draft;
  const history = loadHistory(draft, file, c.lookup, c.parseHistory, problems, c.report);
  const refs = resolveRefs(draft.refSites, file, name, c.profile, c.lookup);
  appendAll(problems, refs.diagnostics);
  const servers = planServers(
    draft.fields['servers'],
    draft.ranges['servers'],
    c.configFor(dirname(file)),
    draft.serverRanges,
  );
  appendAll(problems, servers.diagnostics);
  appendAll(problems, checkTemplateFiles(draft, c.lookup, c.profile));
  appendAll(problems, expanded.diagnostics);
  const instruction = compileInstruction(draft, c.profile, c.date, c.read(file) ?? '');
  appendAll(problems, instruction.diagnostics);
  const data = compileCard(
    { ...draft, instruction: instruction.instruction },
    name,
    servers.plan,
    history.files,
  );
  return {
    ok: false,
    name,
    type: written.type,
    file,
    line: 0,
    data,
    history: history.messages,
    pythonRefs: refs.refs,
    format: 'agentcard',
  };
}
