import * as fc from 'fast-check';

/**
 * Text mutations for fuzzing the core, as fast-check arbitraries. A `Mutation` is plain data (what to do,
 * and where as a fraction of the text), so a failing input prints as its seed and a short list of edits,
 * and shrinks as fast-check shrinks data: fewer edits, earlier positions, plainer tokens. The edits aim
 * at what the core's splitters and parsers key on: line starts, `---` fences, YAML indicators, encodings
 * and sizes.
 */

/** Characters a flip may write: YAML indicators, line breaks, and text the encoding check looks for. */
const CHARS = [
  ...'abcxyz019 :-#\'"|>&*!%@`,[]{}?.~=<\\/$_\n\n\n',
  '\r',
  '\t',
  '\0',
  '\uFFFD',
  '\uD800',
  '\uDC00',
  '\uD83D\uDE00',
  '\u2028',
  '\u0085',
  '\uFEFF',
  '\u00A0',
];

/** Tokens inserted at a line start. */
const LINE_TOKENS = [
  '---',
  '---',
  '--- ',
  '---USER',
  '---SYSTEM',
  '---ASSISTANT',
  '---RESOURCE',
  '...',
  '+++',
  '- ',
  '  - ',
  '? ',
  '<<: *a',
  '%YAML 1.1',
  '%TAG ! tag:x,2000:',
  'type: agent',
  'type: chain',
  'type: Router',
  'name: a',
  'name: *a',
  'name: &a x',
  'sequence: [a, b, a]',
  'agents: [x, b]',
  'messages: history.md',
  'messages: [history.json, missing.md]',
  'function_tools: [tools.py:fn, tools.py:nope, pkg.mod:fn, bad]',
  'tool_hooks: {before_tool_call: tools.py:fn}',
  'servers: [fs, {web: {url: http://x}}]',
  'request_params: {max_tokens: .inf}',
  'instruction: "{{file:missing.txt}} ${HOME}"',
  'default: true',
  'tool_only: true',
  'x: |',
  'x: >-',
  '\t',
  '#',
];

/** Tokens inserted anywhere. */
const ANY_TOKENS = [
  '---',
  '\n---\n',
  '\n---USER\n',
  '\n---SYSTEM\n',
  '\n...\n',
  ': ',
  '- ',
  '[',
  '{',
  ']',
  '}',
  '&a ',
  '*a',
  '!!binary ',
  '!!set ',
  '!!omap ',
  '!!timestamp ',
  '!!str ',
  '!<tag:x> ',
  '\t',
  '\r\n',
  '\r',
  '\0',
  '\uD800',
  '\uDFFF',
  '\uFFFD',
  '\uFEFF',
  '"',
  "'",
  '#',
  '${VAR:def}',
  '{{file:a.md}}',
];

/** Positions are drawn in [0, SCALE) and scaled to the text they land in, so an edit applies to any text. */
const SCALE = 0x10000;

/** A position as drawn: an integer in [0, 65536), to be `scaled` to what it lands in; shrinks toward 0. */
export const position = fc.integer({ min: 0, max: SCALE - 1 });

/** `at` (from `position`) scaled to an integer in [0, n). */
export function scaled(at: number, n: number): number {
  return Math.floor((at * n) / SCALE);
}

/** A whole-line range: its first line (a position) and how many lines, 1 to `max`. */
const lines = (max: number) => fc.record({ line: position, span: fc.integer({ min: 1, max }) });
type Lines = { line: number; span: number };

/** `a` in `percent` of the draws, else `b`. */
function mostly<A, B>(
  percent: number,
  a: fc.Arbitrary<A>,
  b: fc.Arbitrary<B>,
): fc.Arbitrary<A | B> {
  return fc.oneof({ weight: percent, arbitrary: a }, { weight: 100 - percent, arbitrary: b });
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The offsets `[from, to)` of a whole-line range of `text`. */
function lineRange(text: string, { line, span }: Lines): [number, number] {
  const starts = lineStarts(text);
  const first = scaled(line, starts.length);
  const last = Math.min(starts.length, first + span);
  return [starts[first]!, last < starts.length ? starts[last]! : text.length];
}

function lineStart(text: string, at: number): number {
  const starts = lineStarts(text);
  return starts[scaled(at, starts.length)]!;
}

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

/** One kind of edit: how often it is drawn (relative weight), its parameters, and how it applies. */
interface MutationKind<P> {
  weight: number;
  params: fc.Arbitrary<P>;
  apply(text: string, params: P, donor: string): string;
}

function kind<P>(k: MutationKind<P>): MutationKind<P> {
  return k;
}

/** Every kind of edit by name; cheap local edits are drawn most often. */
const KINDS = {
  flipChar: kind({
    weight: 6,
    params: fc.record({ at: position, char: fc.constantFrom(...CHARS) }),
    apply: (text, { at, char }) => {
      if (text.length === 0) return char;
      const i = scaled(at, text.length);
      return text.slice(0, i) + char + text.slice(i + 1);
    },
  }),
  flipBit: kind({
    weight: 3,
    params: fc.record({
      at: position,
      bit: mostly(80, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 15 })),
    }),
    apply: (text, { at, bit }) => {
      if (text.length === 0) return text;
      const i = scaled(at, text.length);
      return (
        text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ (1 << bit)) + text.slice(i + 1)
      );
    },
  }),
  deleteChars: kind({
    weight: 3,
    params: fc.record({ at: position, count: fc.integer({ min: 1, max: 16 }) }),
    apply: (text, { at, count }) => {
      const i = scaled(at, text.length + 1);
      return text.slice(0, i) + text.slice(i + count);
    },
  }),
  deleteLines: kind({
    weight: 3,
    params: lines(6),
    apply: (text, range) => {
      const [from, to] = lineRange(text, range);
      return text.slice(0, from) + text.slice(to);
    },
  }),
  duplicateLines: kind({
    weight: 3,
    params: fc.record({
      range: lines(8),
      copies: mostly(90, fc.constant(1), fc.integer({ min: 2, max: 40 })),
      // Right after the range, or at another line start.
      target: mostly(50, fc.constant('after' as const), position),
    }),
    apply: (text, { range, copies, target }) => {
      const [from, to] = lineRange(text, range);
      const at = target === 'after' ? to : lineStart(text, target);
      return insertAt(text, at, text.slice(from, to).repeat(copies));
    },
  }),
  swapLines: kind({
    weight: 2,
    params: fc.tuple(lines(3), lines(3)),
    apply: (text, [a, b]) => {
      const [aFrom, aTo] = lineRange(text, a);
      const [bFrom, bTo] = lineRange(text, b);
      if (bFrom < aTo) return text;
      return (
        text.slice(0, aFrom) +
        text.slice(bFrom, bTo) +
        text.slice(aTo, bFrom) +
        text.slice(aFrom, aTo) +
        text.slice(bTo)
      );
    },
  }),
  insertLineToken: kind({
    weight: 8,
    params: fc.record({
      at: position,
      indent: mostly(80, fc.constant(0), fc.integer({ min: 1, max: 4 })),
      token: fc.constantFrom(...LINE_TOKENS),
    }),
    apply: (text, { at, indent, token }) =>
      insertAt(text, lineStart(text, at), `${' '.repeat(indent)}${token}\n`),
  }),
  insertToken: kind({
    weight: 6,
    params: fc.record({ at: position, token: fc.constantFrom(...ANY_TOKENS) }),
    apply: (text, { at, token }) => insertAt(text, scaled(at, text.length + 1), token),
  }),
  reindent: kind({
    weight: 3,
    params: fc.record({ range: lines(10), change: fc.constantFrom('add', 'remove', 'tab') }),
    apply: (text, { range, change }) => {
      const [from, to] = lineRange(text, range);
      const all = text.slice(from, to).split('\n');
      const changed = all.map((line, i) => {
        if (i === all.length - 1 && line === '') return line;
        if (change === 'add') return ` ${line}`;
        if (change === 'tab') return `\t${line}`;
        return line.replace(/^[ \t]/, '');
      });
      return text.slice(0, from) + changed.join('\n') + text.slice(to);
    },
  }),
  toCrlf: kind({
    weight: 1,
    params: mostly(
      70,
      fc.constant('all CRLF' as const),
      mostly(50, fc.constant('all CR' as const), lines(5)),
    ),
    apply: (text, how) => {
      if (how === 'all CRLF') return text.replace(/\r?\n/g, '\r\n');
      if (how === 'all CR') return text.replace(/\r?\n/g, '\r');
      const [from, to] = lineRange(text, how);
      return text.slice(0, from) + text.slice(from, to).replace(/\n/g, '\r\n') + text.slice(to);
    },
  }),
  prefixBom: kind({
    weight: 1,
    params: mostly(80, fc.constant(1), fc.constant(2)),
    apply: (text, count) => '\uFEFF'.repeat(count) + text,
  }),
  insertLongLine: kind({
    weight: 1,
    // Kept short: some lines (`&a *a …`) cost the YAML parser ~10 µs a character; the 10 MB cases live
    // in the pathological tests.
    params: fc.record({
      length: mostly(
        90,
        fc.integer({ min: 200, max: 2_000 }),
        fc.integer({ min: 4_000, max: 12_000 }),
      ),
      unit: fc.constantFrom('x', 'a: ', '- ', '[', '{a: ', '\\', '"', ' ', '---', '&a *a ', 'é😀'),
      ownLine: fc.boolean(),
      at: position,
    }),
    apply: (text, { length, unit, ownLine, at }) => {
      const line = unit.repeat(Math.ceil(length / unit.length));
      return ownLine
        ? insertAt(text, lineStart(text, at), `${line}\n`)
        : insertAt(text, scaled(at, text.length + 1), line);
    },
  }),
  insertNul: kind({
    weight: 1,
    params: fc.record({ at: position, count: fc.integer({ min: 1, max: 4 }) }),
    apply: (text, { at, count }) => insertAt(text, scaled(at, text.length + 1), '\0'.repeat(count)),
  }),
  insertSurrogate: kind({
    weight: 1,
    params: fc.record({
      at: position,
      piece: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF\uD800', '\uFFFD'),
    }),
    apply: (text, { at, piece }) => insertAt(text, scaled(at, text.length + 1), piece),
  }),
  splice: kind({
    weight: 2,
    // The donor appended (after a line break or not), or the text's head joined to the donor's tail.
    params: mostly(
      50,
      fc.record({ append: fc.boolean() }),
      fc.record({ head: position, tail: position }),
    ),
    apply: (text, how, donor) =>
      'append' in how
        ? text + (how.append ? '\n' : '') + donor
        : text.slice(0, scaled(how.head, text.length + 1)) +
          donor.slice(scaled(how.tail, donor.length + 1)),
  }),
  truncate: kind({
    weight: 2,
    params: position,
    apply: (text, at) => text.slice(0, scaled(at, text.length + 1)),
  }),
  repeatWhole: kind({
    weight: 1,
    params: fc.integer({ min: 2, max: 6 }),
    apply: (text, times) => text.repeat(times),
  }),
};

/** The name of a kind of edit. */
export type MutationName = keyof typeof KINDS;

/** One edit of a text, as data: the kind's name and its parameters. */
export type Mutation = {
  [N in MutationName]: [N, (typeof KINDS)[N] extends MutationKind<infer P> ? P : never];
}[MutationName];

/** One weighted-random edit. */
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  ...(Object.keys(KINDS) as MutationName[]).map((name) => ({
    weight: KINDS[name].weight,
    arbitrary: (KINDS[name].params as fc.Arbitrary<unknown>).map((p) => [name, p] as Mutation),
  })),
);

/** One to four edits, applied in order. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(mutation, {
  minLength: 1,
  maxLength: 4,
});

/** `text` with `edits` applied in order; `donor` is the text a splice takes from. */
export function applyMutations(text: string, edits: readonly Mutation[], donor: string): string {
  let out = text;
  for (const [name, params] of edits)
    out = (KINDS[name] as MutationKind<unknown>).apply(out, params, donor);
  return out;
}
