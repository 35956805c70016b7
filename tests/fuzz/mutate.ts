import type { Random } from './random.ts';

/**
 * Text mutations for fuzzing the core: each takes a text, a random source and a donor text (another seed,
 * for splicing) and returns a new text. They aim at what the core's splitters and parsers key on: line
 * starts, `---` fences, YAML indicators, encodings and sizes.
 */
export type Mutation = (text: string, random: Random, donor: string) => string;

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

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** A line range `[from, to)` of whole lines, at most `max` lines long. */
function lineRange(text: string, random: Random, max: number): [number, number] {
  const starts = lineStarts(text);
  const first = random.int(starts.length);
  const last = Math.min(starts.length, first + random.between(1, max));
  return [starts[first]!, last < starts.length ? starts[last]! : text.length];
}

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

const flipChar: Mutation = (text, random) => {
  if (text.length === 0) return random.pick(CHARS);
  const at = random.int(text.length);
  return text.slice(0, at) + random.pick(CHARS) + text.slice(at + 1);
};

const flipBit: Mutation = (text, random) => {
  if (text.length === 0) return text;
  const at = random.int(text.length);
  const code = text.charCodeAt(at) ^ (1 << random.int(random.chance(0.8) ? 8 : 16));
  return text.slice(0, at) + String.fromCharCode(code) + text.slice(at + 1);
};

const deleteChars: Mutation = (text, random) => {
  const at = random.int(text.length + 1);
  return text.slice(0, at) + text.slice(at + random.between(1, 16));
};

const deleteLines: Mutation = (text, random) => {
  const [from, to] = lineRange(text, random, 6);
  return text.slice(0, from) + text.slice(to);
};

const duplicateLines: Mutation = (text, random) => {
  const [from, to] = lineRange(text, random, 8);
  const copies = random.chance(0.1) ? random.between(2, 40) : 1;
  const target = random.chance(0.5) ? to : random.pick(lineStarts(text));
  return insertAt(text, target, text.slice(from, to).repeat(copies));
};

const swapLines: Mutation = (text, random) => {
  const [aFrom, aTo] = lineRange(text, random, 3);
  const [bFrom, bTo] = lineRange(text, random, 3);
  if (bFrom < aTo) return text;
  return (
    text.slice(0, aFrom) +
    text.slice(bFrom, bTo) +
    text.slice(aTo, bFrom) +
    text.slice(aFrom, aTo) +
    text.slice(bTo)
  );
};

const insertLineToken: Mutation = (text, random) => {
  const at = random.pick(lineStarts(text));
  const indent = random.chance(0.2) ? ' '.repeat(random.between(1, 4)) : '';
  return insertAt(text, at, `${indent}${random.pick(LINE_TOKENS)}\n`);
};

const insertToken: Mutation = (text, random) =>
  insertAt(text, random.int(text.length + 1), random.pick(ANY_TOKENS));

const reindent: Mutation = (text, random) => {
  const [from, to] = lineRange(text, random, 10);
  const lines = text.slice(from, to).split('\n');
  const change = random.pick(['add', 'remove', 'tab'] as const);
  const changed = lines.map((line, i) => {
    if (i === lines.length - 1 && line === '') return line;
    if (change === 'add') return ` ${line}`;
    if (change === 'tab') return `\t${line}`;
    return line.replace(/^[ \t]/, '');
  });
  return text.slice(0, from) + changed.join('\n') + text.slice(to);
};

const toCrlf: Mutation = (text, random) => {
  if (random.chance(0.7)) return text.replace(/\r?\n/g, '\r\n');
  if (random.chance(0.5)) return text.replace(/\r?\n/g, '\r');
  const [from, to] = lineRange(text, random, 5);
  return text.slice(0, from) + text.slice(from, to).replace(/\n/g, '\r\n') + text.slice(to);
};

const prefixBom: Mutation = (text, random) =>
  random.chance(0.8) ? `\uFEFF${text}` : `\uFEFF\uFEFF${text}`;

const insertLongLine: Mutation = (text, random) => {
  // Kept short: some lines (`&a *a …`) cost the YAML parser ~10 µs a character; the 10 MB cases live in
  // the pathological tests.
  const length = random.chance(0.1) ? random.between(4_000, 12_000) : random.between(200, 2_000);
  const unit = random.pick(['x', 'a: ', '- ', '[', '{a: ', '\\', '"', ' ', '---', '&a *a ', 'é😀']);
  const line = unit.repeat(Math.ceil(length / unit.length));
  return random.chance(0.5)
    ? insertAt(text, random.pick(lineStarts(text)), `${line}\n`)
    : insertAt(text, random.int(text.length + 1), line);
};

const insertNul: Mutation = (text, random) =>
  insertAt(text, random.int(text.length + 1), '\0'.repeat(random.between(1, 4)));

const insertSurrogate: Mutation = (text, random) =>
  insertAt(
    text,
    random.int(text.length + 1),
    random.pick(['\uD800', '\uDBFF', '\uDC00', '\uDFFF\uD800', '\uFFFD']),
  );

const splice: Mutation = (text, random, donor) => {
  if (random.chance(0.5)) return text + (random.chance(0.5) ? '\n' : '') + donor;
  return text.slice(0, random.int(text.length + 1)) + donor.slice(random.int(donor.length + 1));
};

const truncate: Mutation = (text, random) => text.slice(0, random.int(text.length + 1));

const repeatWhole: Mutation = (text, random) => text.repeat(random.between(2, 6));

/** Every mutation by name (the names go into failure reports). */
export const MUTATIONS: Readonly<Record<string, Mutation>> = {
  flipChar,
  flipBit,
  deleteChars,
  deleteLines,
  duplicateLines,
  swapLines,
  insertLineToken,
  insertToken,
  reindent,
  toCrlf,
  prefixBom,
  insertLongLine,
  insertNul,
  insertSurrogate,
  splice,
  truncate,
  repeatWhole,
};

/** How often each mutation is drawn, relative to the others: cheap local edits most often. */
const WEIGHTS: Readonly<Record<string, number>> = {
  flipChar: 6,
  flipBit: 3,
  deleteChars: 3,
  deleteLines: 3,
  duplicateLines: 3,
  swapLines: 2,
  insertLineToken: 8,
  insertToken: 6,
  reindent: 3,
  toCrlf: 1,
  prefixBom: 1,
  insertLongLine: 1,
  insertNul: 1,
  insertSurrogate: 1,
  splice: 2,
  truncate: 2,
  repeatWhole: 1,
};

const DRAW = Object.entries(WEIGHTS).flatMap(([name, weight]) => Array<string>(weight).fill(name));

/** Applies 1–4 weighted-random mutations to `text`; returns the result and the names applied, in order. */
export function mutate(
  text: string,
  random: Random,
  donor: string,
): { text: string; applied: string[] } {
  const applied: string[] = [];
  let out = text;
  const rounds = random.between(1, 4);
  for (let i = 0; i < rounds; i++) {
    const name = random.pick(DRAW);
    applied.push(name);
    out = MUTATIONS[name]!(out, random, donor);
  }
  return { text: out, applied };
}
