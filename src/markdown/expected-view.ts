/**
 * What an embed will show first, worked out when the site is built: the core checks the embed's files as the
 * embed will, the embed's `hide` and `agents` options drop the same diagnostics, and the shown file's first
 * card is compiled as the Output pane will show it. The element reserves room for it (`data-problems`,
 * `data-problem-rows`, `data-output`), so the page does not move when the embed arrives.
 */
import {
  checkLoadSet,
  FORMAT_LABELS,
  instructionSegments,
  nonDefaultData,
  type CheckResult,
  type Diagnostic,
} from '../core/index.ts';
import { diagnosticFilter } from '../embed/diagnostic-filter.ts';
import { formatProblemRows, type ProblemRow } from '../embed/element/problem-rows-shape.ts';
import {
  formatOutputShape,
  MAX_OUTPUT_BLOCKS,
  type OutputBlock,
} from '../embed/element/output-shape.ts';

/** What `expectedView` found. */
export interface ExpectedView {
  /** The diagnostics the embed lists. */
  problems: number;
  /** The Problems pane's rows (`problem-rows-shape.ts`), or undefined when there are none. */
  problemRows: string | undefined;
  /** The Output pane's shape (`output-shape.ts`), or undefined when the shown file has no compiled card. */
  output: string | undefined;
}

/**
 * The problems the embed of `files` (showing `active` first) lists and the shape of its Output pane, with
 * `hide` and `agents` as the fence gives them (comma-separated, or undefined). Never throws: a check that
 * fails counts as no problems and no output.
 */
export function expectedView(
  files: Readonly<Record<string, string>>,
  active: string,
  profile: 'rfc' | 'fast-agent',
  hide: string | undefined,
  agents: string | undefined,
): ExpectedView {
  try {
    const result = checkLoadSet(files, { profile });
    const keep = diagnosticFilter({
      hide: hide ? hide.split(',') : [],
      agents: agents ? agents.split(',') : [],
    });
    const shown = keep ? result.diagnostics.filter(keep) : result.diagnostics;
    return {
      problems: shown.length,
      problemRows: shown.length > 0 ? problemRows(shown) : undefined,
      output: outputShape(result, active, profile),
    };
  } catch {
    return { problems: 0, problemRows: undefined, output: undefined };
  }
}

/** The rows of the Problems pane: a heading per file, then its problems. */
function problemRows(diagnostics: readonly Diagnostic[]): string {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const rows: ProblemRow[] = [];
  for (const list of byFile.values()) {
    rows.push({ kind: 'file' });
    for (const d of list)
      rows.push({
        kind: 'problem',
        severity: d.severity === 'error' ? 'e' : d.severity === 'warning' ? 'w' : 'i',
        message: d.message.length,
        code: d.code.length,
        hint: d.hint?.length ?? 0,
      });
  }
  return formatProblemRows(rows);
}

/** The blocks of the Output pane of `active`'s first card, as `OutputPanel.svelte` lays them out. */
function outputShape(
  result: CheckResult,
  active: string,
  profile: 'rfc' | 'fast-agent',
): string | undefined {
  const agent = result.compiled.filter((c) => c.file === active).sort((a, b) => a.line - b.line)[0];
  if (!agent) return undefined;
  const card = result.cards.find((c) => c.file === active && c.line === agent.line);
  const shown = nonDefaultData(agent.data, agent.type, profile);
  const hidden = fieldCount(agent.data) - fieldCount(shown);
  const blocks: OutputBlock[] = [
    { kind: 'h', chars: `${agent.name} ${agent.type}${agent.ok ? '' : ' has errors'}`.length },
    {
      kind: 'p',
      chars:
        `Read as ${FORMAT_LABELS[agent.format]}${card?.shape ? ` (${card.shape})` : ''} from ${agent.file}`
          .length,
    },
    { kind: 'v' },
    {
      kind: 'p',
      chars:
        `Showing what the card sets${hidden > 0 ? `; ${hidden} fields at fast-agent's defaults hidden` : ''}.`
          .length,
    },
  ];
  treeRows(shown, 'AgentConfig', 0, blocks);
  const config = shown['config'];
  const instruction =
    config && typeof config === 'object' && !Array.isArray(config) ? config['instruction'] : null;
  const placeholders =
    typeof instruction === 'string'
      ? instructionSegments(instruction).filter((s) => s.placeholder).length
      : 0;
  if (placeholders > 0) blocks.push({ kind: 'p', chars: 150 });
  if (agent.extras && Object.keys(agent.extras).length > 0) {
    blocks.push({ kind: 's', chars: FORMAT_LABELS[agent.format].length + 8 });
    for (const [key, value] of Object.entries(agent.extras)) treeRows(value, key, 0, blocks);
  }
  if (agent.history.length > 0) {
    blocks.push({ kind: 's', chars: 17 });
    for (const message of agent.history) blocks.push({ kind: 'm', chars: message.content.length });
  }
  if (agent.pythonRefs.length > 0) {
    blocks.push({ kind: 's', chars: 17 });
    for (const ref of agent.pythonRefs) blocks.push({ kind: 'f', chars: ref.ref.length + 30 });
  }
  return formatOutputShape(blocks);
}

/** The rows `JsonTree.svelte` shows for `value` under `label`: objects open above depth 2, closed below. */
function treeRows(value: unknown, label: string, depth: number, blocks: OutputBlock[]): void {
  if (blocks.length >= MAX_OUTPUT_BLOCKS) return;
  const prefix = label ? label.length + 2 : 0;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const summary = Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`;
    blocks.push({ kind: 'r', depth, chars: prefix + summary.length });
    if (depth < 2) for (const [key, child] of entries) treeRows(child, key, depth + 1, blocks);
    return;
  }
  blocks.push({ kind: 'r', depth, chars: prefix + (JSON.stringify(value) ?? '').length });
}

/** Top-level keys and `config` keys of `data`, as the Output panel counts them for its filter note. */
function fieldCount(data: Record<string, unknown>): number {
  const config = data['config'];
  const inConfig =
    config && typeof config === 'object' && !Array.isArray(config) ? Object.keys(config).length : 0;
  return Object.keys(data).length - (config === undefined ? 0 : 1) + inConfig;
}
