/**
 * Maps offsets inside a YAML string's value back to the file: each character of the decoded value gets the
 * `[from, to)` source range it came from (an escape such as `\u00e9` maps to all six characters, a folded
 * line break to the break). Handles plain, single-quoted and double-quoted scalars (folding, escapes,
 * escaped line breaks) and literal/folded block scalars (indentation, folding, chomping).
 */
import { Scalar } from 'yaml';

/** Source ranges of each UTF-16 unit of a scalar's value, in file offsets. */
export interface ScalarSourceMap {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/**
 * The source map of `node` (a string scalar parsed from `source`, `offset` being the absolute offset of
 * `source`'s slice), or undefined when the node has no range or the decoding does not reproduce its value
 * (then callers point at the whole node).
 */
export function scalarSourceMap(
  source: string,
  node: Scalar,
  offset = 0,
): ScalarSourceMap | undefined {
  if (!node.range || typeof node.value !== 'string') return undefined;
  const [from, to] = node.range;
  const out = new Builder(offset);
  switch (node.type) {
    case Scalar.PLAIN:
      foldFlow(source, from, to, out, 'plain');
      break;
    case Scalar.QUOTE_SINGLE:
      if (source[from] !== "'" || source[to - 1] !== "'") return undefined;
      foldFlow(source, from + 1, to - 1, out, 'single');
      break;
    case Scalar.QUOTE_DOUBLE:
      if (source[from] !== '"' || source[to - 1] !== '"') return undefined;
      foldFlow(source, from + 1, to - 1, out, 'double');
      break;
    case Scalar.BLOCK_LITERAL:
    case Scalar.BLOCK_FOLDED:
      if (!decodeBlock(source, from, to, out)) return undefined;
      break;
    default:
      return undefined;
  }
  return out.text() === node.value ? out.map() : undefined;
}

/**
 * The file range of `[from, to)` in value offsets: clamped to the value, never empty (an offset at the end
 * of the value points at its last character). `fallback` when the value is empty.
 */
export function sourceRange(
  map: ScalarSourceMap,
  from: number,
  to: number,
  fallback: [number, number],
): [number, number] {
  const length = map.starts.length;
  if (length === 0) return fallback;
  const first = Math.min(Math.max(from, 0), length - 1);
  const last = Math.min(Math.max(to, first + 1), length) - 1;
  return [map.starts[first]!, Math.max(map.ends[last]!, map.starts[first]! + 1)];
}

class Builder {
  private readonly chars: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(private readonly offset: number) {}

  push(text: string, from: number, to: number): void {
    for (const unit of splitUnits(text)) {
      this.chars.push(unit);
      this.starts.push(from + this.offset);
      this.ends.push(to + this.offset);
    }
  }

  /** Drops trailing entries until `length` remain. */
  truncate(length: number): void {
    this.chars.length = length;
    this.starts.length = length;
    this.ends.length = length;
  }

  get length(): number {
    return this.chars.length;
  }

  charAt(i: number): string | undefined {
    return this.chars[i];
  }

  text(): string {
    return this.chars.join('');
  }

  map(): ScalarSourceMap {
    return { starts: this.starts, ends: this.ends };
  }
}

function splitUnits(text: string): string[] {
  const units: string[] = [];
  for (let i = 0; i < text.length; i++) units.push(text[i]!);
  return units;
}

const isWhite = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Length of the line break at `i` (`\n`, `\r\n`, lone `\r`), or 0. */
function breakAt(source: string, i: number): number {
  if (source[i] === '\n') return 1;
  if (source[i] === '\r') return source[i + 1] === '\n' ? 2 : 1;
  return 0;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * Decodes a flow scalar's text `[from, to)` (inside the quotes): white space next to a line break is
 * dropped, one break folds to a space, each further empty line gives a newline; `''` in single quotes and
 * backslash escapes (with escaped line breaks) in double quotes.
 */
function foldFlow(
  source: string,
  from: number,
  to: number,
  out: Builder,
  style: 'plain' | 'single' | 'double',
): void {
  const white: number[] = [];
  const flushWhite = () => {
    for (const at of white) out.push(source[at]!, at, at + 1);
    white.length = 0;
  };
  let i = from;
  while (i < to) {
    const c = source[i]!;
    const lineBreak = breakAt(source, i);
    if (lineBreak > 0) {
      white.length = 0;
      const [next, empties] = skipEmpty(source, i + lineBreak, to);
      if (empties.length === 0) out.push(' ', i, i + lineBreak);
      for (const at of empties) out.push('\n', at, at + breakAt(source, at));
      i = next;
    } else if (isWhite(c)) {
      white.push(i);
      i++;
    } else if (style === 'single' && c === "'" && source[i + 1] === "'") {
      flushWhite();
      out.push("'", i, i + 2);
      i += 2;
    } else if (style === 'double' && c === '\\') {
      flushWhite();
      i = decodeEscape(source, i, to, out);
    } else {
      flushWhite();
      out.push(c, i, i + 1);
      i++;
    }
  }
  if (style !== 'plain') flushWhite();
}

/** Skips white space and empty lines after a break, from `i`; returns the next position and the empty lines. */
function skipEmpty(source: string, i: number, to: number): [number, number[]] {
  const empties: number[] = [];
  for (;;) {
    while (i < to && isWhite(source[i])) i++;
    const length = breakAt(source, i);
    if (length === 0 || i >= to) return [i, empties];
    empties.push(i);
    i += length;
  }
}

/**
 * Decodes the double-quoted escape whose backslash is at `i` (an escaped line break, a hex escape, or a
 * one-letter escape); returns the position after it.
 */
function decodeEscape(source: string, i: number, to: number, out: Builder): number {
  const escaped = breakAt(source, i + 1);
  if (escaped > 0) {
    const [next, empties] = skipEmpty(source, i + 1 + escaped, to);
    for (const at of empties) out.push('\n', at, at + breakAt(source, at));
    return next;
  }
  const letter = source[i + 1] ?? '';
  const digits = HEX_ESCAPES[letter];
  if (digits !== undefined) {
    const code = Number.parseInt(source.slice(i + 2, i + 2 + digits), 16);
    const valid = Number.isInteger(code) && code >= 0 && code <= 0x10ffff;
    out.push(valid ? String.fromCodePoint(code) : '', i, i + 2 + digits);
    return i + 2 + digits;
  }
  out.push(ESCAPES[letter] ?? letter, i, i + 2);
  return i + 2;
}

/** A block scalar's header: folded (`>`) or literal (`|`), its chomping, and where its content starts. */
interface BlockHeader {
  folded: boolean;
  chomp: 'clip' | 'strip' | 'keep';
  /** An explicit indentation indicator (1 to 9), or 0. */
  explicit: number;
  /** The position after the header line's break. */
  contentFrom: number;
}

/** Reads the block scalar header at `from` (indicator, chomping and indentation indicators, rest of line). */
function readBlockHeader(source: string, from: number, to: number): BlockHeader {
  const folded = source[from] === '>';
  let i = from + 1;
  let chomp: 'clip' | 'strip' | 'keep' = 'clip';
  let explicit = 0;
  for (let k = 0; k < 2; k++) {
    const c = source[i];
    if (c === '-' || c === '+') chomp = c === '-' ? 'strip' : 'keep';
    else if (c !== undefined && c >= '1' && c <= '9') explicit = Number(c);
    else break;
    i++;
  }
  while (i < to && breakAt(source, i) === 0) i++;
  i += breakAt(source, i);
  return { folded, chomp, explicit, contentFrom: i };
}

/** One line of a block scalar: its text `[start, end)` and the length of the break after it. */
interface BlockLine {
  start: number;
  end: number;
  brk: number;
}

/** Splits `[from, to)` into lines. */
function blockLines(source: string, from: number, to: number): BlockLine[] {
  const lines: BlockLine[] = [];
  let i = from;
  while (i < to) {
    let end = i;
    while (end < to && breakAt(source, end) === 0) end++;
    lines.push({ start: i, end, brk: end < to ? breakAt(source, end) : 0 });
    i = end + (end < to ? breakAt(source, end) : 0);
  }
  return lines;
}

/** The indentation of the first line with content, or -1 when every line is blank. */
function contentIndent(source: string, lines: readonly BlockLine[]): number {
  for (const line of lines) {
    let n = 0;
    while (source[line.start + n] === ' ' && line.start + n < line.end) n++;
    if (line.start + n < line.end) return n;
  }
  return -1;
}

/** Decodes a block scalar from its header at `from`; false when the header is not understood. */
function decodeBlock(source: string, from: number, to: number, out: Builder): boolean {
  const { folded, chomp, explicit, contentFrom } = readBlockHeader(source, from, to);
  // A block scalar with an explicit indentation needs the parent's indentation: leave it to the fallback.
  if (explicit > 0) return false;
  const lines = blockLines(source, contentFrom, to);
  const indent = contentIndent(source, lines);
  let previous: 'normal' | 'more' | undefined;
  let pendingBreak: [number, number] | undefined;
  let empties: Array<[number, number]> = [];
  const newline = ([a, b]: [number, number]) => out.push('\n', a, b);
  let lastContent = -1;
  for (const line of lines) {
    const breakRange: [number, number] = [line.end, line.end + line.brk];
    const text = source.slice(line.start, line.end);
    const blank = indent < 0 || (text.length <= indent && /^ *$/.test(text));
    if (blank) {
      empties.push(breakRange);
      continue;
    }
    const kind = isWhite(source[line.start + indent]) ? 'more' : 'normal';
    if (pendingBreak) {
      if (folded && previous === 'normal' && kind === 'normal') {
        if (empties.length === 0) out.push(' ', ...pendingBreak);
      } else newline(pendingBreak);
    }
    for (const e of empties) newline(e);
    empties = [];
    for (let at = line.start + indent; at < line.end; at++) out.push(source[at]!, at, at + 1);
    lastContent = out.length;
    pendingBreak = line.brk > 0 ? breakRange : undefined;
    previous = kind;
  }
  if (pendingBreak) newline(pendingBreak);
  for (const e of empties) newline(e);
  if (chomp === 'strip') out.truncate(Math.max(lastContent, 0));
  else if (chomp === 'clip') {
    if (lastContent < 0) out.truncate(0);
    else if (out.charAt(lastContent) === '\n') out.truncate(lastContent + 1);
  }
  return true;
}
