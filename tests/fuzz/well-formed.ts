import { DIAGNOSTIC_CODES, type CheckResult } from '../../src/core/index.ts';

const SEVERITIES = new Set(['error', 'warning', 'info']);

/**
 * 1-based line and column of offsets in a text, computed independently of the core's `LineIndex`: a line
 * ends after `\n`, the column counts UTF-16 units from the line start plus one.
 */
class Positions {
  private readonly breaks: number[] = [];

  constructor(text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
      this.breaks.push(at);
  }

  /** `offset` must be within [0, text.length]. */
  of(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.breaks[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    const lineStart = lo === 0 ? 0 : this.breaks[lo - 1]! + 1;
    return { line: lo + 1, column: offset - lineStart + 1 };
  }
}

/** Why `value` is not plain data (a path and the reason), or undefined when it is. Iterative. */
function findNonPlainData(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, 'result']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    const kind = typeof item;
    if (kind === 'function' || kind === 'symbol' || kind === 'bigint')
      return `${path} is a ${kind}`;
    if (kind !== 'object' || item === null) continue;
    if (seen.has(item as object)) continue;
    seen.add(item as object);
    const proto = Object.getPrototypeOf(item) as unknown;
    if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, `${path}[${i}]`]));
    } else if (proto === Object.prototype || proto === null) {
      for (const [key, child] of Object.entries(item as Record<string, unknown>))
        stack.push([child, `${path}.${key}`]);
    } else {
      return `${path} is an instance of ${(item as object).constructor?.name ?? 'an unknown class'}`;
    }
  }
  return undefined;
}

/**
 * Every way `result` breaks the core's output contract for the load-set `files`, as short sentences; empty
 * when it is well-formed. Checks diagnostics (known code, severity, file of the load-set, `0 <= from <= to
 * <= length`, line/column equal to those computed from the text), card ranges and lines, that compiled
 * agents belong to cards, and that the result is plain data that survives `JSON.stringify` and
 * `structuredClone` (what crossing a Worker boundary needs).
 */
export function findMalformations(
  result: CheckResult,
  files: Readonly<Record<string, string>>,
): string[] {
  const out: string[] = [];
  const positions = new Map<string, Positions>();
  const positionsOf = (file: string): Positions => {
    let p = positions.get(file);
    if (!p) positions.set(file, (p = new Positions(files[file]!)));
    return p;
  };
  const known = (file: unknown): file is string =>
    typeof file === 'string' && Object.hasOwn(files, file);

  if (!result || typeof result !== 'object') return [`result is ${String(result)}`];
  for (const key of ['cards', 'agents', 'compiled', 'diagnostics'] as const) {
    if (!Array.isArray(result[key])) out.push(`result.${key} is not an array`);
  }
  if (out.length > 0) return out;

  for (const d of result.diagnostics) {
    // Built only on failure: a result can hold thousands of diagnostics.
    const where = () => `diagnostic ${d.code} at ${d.file}:${d.from}-${d.to}`;
    if (!Object.hasOwn(DIAGNOSTIC_CODES, d.code)) out.push(`${where()}: unknown code`);
    if (!SEVERITIES.has(d.severity)) out.push(`${where()}: severity '${d.severity}'`);
    if (typeof d.message !== 'string' || d.message === '') out.push(`${where()}: no message`);
    if (d.card !== undefined && typeof d.card !== 'string')
      out.push(`${where()}: card is not a string`);
    if (!known(d.file)) {
      out.push(`${where()}: file is not in the load-set`);
      continue;
    }
    const length = files[d.file]!.length;
    if (
      !Number.isInteger(d.from) ||
      !Number.isInteger(d.to) ||
      d.from < 0 ||
      d.from > d.to ||
      d.to > length
    ) {
      out.push(`${where()}: range outside [0, ${length}] or reversed`);
      continue;
    }
    const start = positionsOf(d.file).of(d.from);
    const end = positionsOf(d.file).of(d.to);
    if (d.line !== start.line || d.column !== start.column) {
      out.push(
        `${where()}: line:column ${d.line}:${d.column}, expected ${start.line}:${start.column}`,
      );
    }
    if (d.endLine !== end.line || d.endColumn !== end.column) {
      out.push(`${where()}: end ${d.endLine}:${d.endColumn}, expected ${end.line}:${end.column}`);
    }
  }

  const cardKeys = new Set<string>();
  for (const card of result.cards) {
    const where = () =>
      `card ${card.index} (${card.name}) of ${card.file} at ${card.from}-${card.to}`;
    cardKeys.add(`${card.file}\n${card.line}\n${card.name}`);
    if (!known(card.file)) {
      out.push(`${where()}: file is not in the load-set`);
      continue;
    }
    const length = files[card.file]!.length;
    if (!(
      card.from >= 0 &&
      card.from <= card.headerTo &&
      card.headerTo <= card.to &&
      card.to <= length
    )) {
      out.push(
        `${where()}: not 0 <= from <= headerTo <= to <= ${length} (headerTo ${card.headerTo})`,
      );
      continue;
    }
    const line = positionsOf(card.file).of(card.from).line;
    const endLine = positionsOf(card.file).of(Math.max(card.from, card.to - 1)).line;
    if (card.line !== line || card.endLine !== endLine) {
      out.push(`${where()}: lines ${card.line}-${card.endLine}, expected ${line}-${endLine}`);
    }
  }

  const compiled = new Set(result.compiled);
  for (const agent of result.agents) {
    if (!compiled.has(agent)) out.push(`agent ${agent.name} is not among the compiled agents`);
    if (!agent.ok) out.push(`agent ${agent.name} is listed as ok-to-run but has ok: false`);
  }
  for (const agent of result.compiled) {
    if (!known(agent.file))
      out.push(`compiled agent ${agent.name}: file ${String(agent.file)} is not in the load-set`);
    else if (!cardKeys.has(`${agent.file}\n${agent.line}\n${agent.name}`)) {
      out.push(`compiled agent ${agent.name} at ${agent.file}:${agent.line} matches no card`);
    }
  }

  const nonPlain = findNonPlainData(result);
  if (nonPlain) out.push(`not plain data: ${nonPlain}`);
  try {
    JSON.stringify(result);
  } catch (error) {
    out.push(`JSON.stringify throws: ${String(error)}`);
  }
  try {
    // Plain data (checked above) always clones to an equal value, so throwing is the only failure left.
    structuredClone(result);
  } catch (error) {
    out.push(`structuredClone throws: ${String(error)}`);
  }
  return out;
}
