/**
 * The core's one positioned JSON reader: every node keeps its source range, and every object member its key
 * range, so a format can point a diagnostic at the exact value or key. Written by hand (not `JSON.parse`)
 * because formats need those ranges, repeated keys, and Python's dialect. Two modes:
 *
 * - `strict`: RFC 8259, what `JSON.parse` and A2A clients accept (no `NaN`, comments, trailing commas or
 *   leading BOM). Messages are written for people; nesting stops at 512 levels.
 * - `python`: what Python's `json.loads` accepts (fast-agent histories): `NaN`, `Infinity` and `-Infinity`
 *   are numbers, a `\uXXXX` escape cannot end the text, and messages are Python's own words (diagnostics
 *   quote them). Nesting stops at 900 levels, before Python's RecursionError.
 *
 * Both: whitespace is space, tab, CR and LF; control characters inside strings are errors. Iterative (no call
 * stack per level), one pass, linear in the input; never throws.
 */

/** A parsed JSON node; `from`/`to` are absolute UTF-16 offsets, `to` exclusive. */
export type JsonNode =
  | { kind: 'object'; from: number; to: number; members: JsonMember[] }
  | { kind: 'array'; from: number; to: number; items: JsonNode[] }
  | { kind: 'string'; from: number; to: number; value: string }
  | { kind: 'number'; from: number; to: number; value: number }
  | { kind: 'boolean'; from: number; to: number; value: boolean }
  | { kind: 'null'; from: number; to: number };

/** One `"key": value` member of an object, in source order (a repeated key appears twice). */
export interface JsonMember {
  key: string;
  /** The key's range, quotes included. */
  keyFrom: number;
  keyTo: number;
  value: JsonNode;
}

/** Which JSON `readJson` accepts: RFC 8259 (`strict`) or Python's `json.loads` (`python`). */
export type JsonMode = 'strict' | 'python';

/** The first syntax error of a text: what is wrong, and one character at the offending place. */
export interface JsonSyntaxError {
  message: string;
  from: number;
  to: number;
}

/** The outcome of `readJson`: the root node, or the first syntax error and where it is. */
export type JsonRead = { ok: true; root: JsonNode } | { ok: false; error: JsonSyntaxError };

/** Deepest array/object nesting each mode reads; deeper text is reported, not descended into. */
export const MAX_JSON_DEPTH: Readonly<Record<JsonMode, number>> = { strict: 512, python: 900 };

/**
 * Reads `text` as one JSON document in `mode`. On error, the range is one character at the offending
 * position (zero-width at the end of the text when the text stops early).
 */
export function readJson(text: string, mode: JsonMode): JsonRead {
  try {
    return { ok: true, root: new JsonReader(text, DIALECTS[mode]).readDocument() };
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    const from = Math.min(error.at, text.length);
    return {
      ok: false,
      error: { message: error.message, from, to: Math.min(from + 1, text.length) },
    };
  }
}

/** The last member named `key` (the one `JSON.parse` and Python keep), or undefined. */
export function memberOf(node: JsonNode, key: string): JsonMember | undefined {
  if (node.kind !== 'object') return undefined;
  for (let i = node.members.length - 1; i >= 0; i--)
    if (node.members[i]!.key === key) return node.members[i];
  return undefined;
}

/** What differs between the modes: limits, the non-finite literals, string rules and the words of errors. */
interface Dialect {
  maxDepth: number;
  /** `NaN`, `Infinity`, `-Infinity` are numbers. */
  nonFinite: boolean;
  /** Python's string rules: a `\uXXXX` escape cannot end the text and is reported at the `u`; a `\` at the
   * very end is an unterminated string. Strict: both are reported at the `\`. */
  pythonStrings: boolean;
  words: {
    bom: string;
    extra: string;
    value: string;
    propertyName: string;
    colon: string;
    comma: (close: ']' | '}') => string;
    unterminated: string;
    control: string;
    escape: string;
  };
}

const DIALECTS: Record<JsonMode, Dialect> = {
  strict: {
    maxDepth: MAX_JSON_DEPTH.strict,
    nonFinite: false,
    pythonStrings: false,
    words: {
      bom: 'Unexpected byte order mark (BOM) before the JSON text',
      extra: 'Unexpected text after the JSON value',
      value: 'Expecting a value',
      propertyName: 'Expecting a property name in double quotes',
      colon: "Expecting ':'",
      comma: (close) => `Expecting ',' or '${close}'`,
      unterminated: 'Unterminated string',
      control: 'Control character inside a string',
      escape: 'Invalid escape',
    },
  },
  python: {
    maxDepth: MAX_JSON_DEPTH.python,
    nonFinite: true,
    pythonStrings: true,
    words: {
      bom: 'Unexpected UTF-8 BOM (decode using utf-8-sig)',
      extra: 'Extra data',
      value: 'Expecting value',
      propertyName: 'Expecting property name enclosed in double quotes',
      colon: "Expecting ':' delimiter",
      comma: () => "Expecting ',' delimiter",
      unterminated: 'Unterminated string starting at',
      control: 'Invalid control character at',
      escape: 'Invalid \\escape',
    },
  },
};

class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

type ObjectNode = Extract<JsonNode, { kind: 'object' }>;
type ArrayNode = Extract<JsonNode, { kind: 'array' }>;
type ContainerNode = ObjectNode | ArrayNode;

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/** An open container, and for an object the key of the member whose value is being read. */
interface Frame {
  node: ContainerNode;
  isArray: boolean;
  key: string;
  keyFrom: number;
  keyTo: number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const PLAIN_RUN = /[^"\\\x00-\x1f]*/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class JsonReader {
  private pos = 0;
  /** Frames of the open containers are `stack[0 .. depth - 1]`; frames above are kept for reuse. */
  private readonly stack: Frame[] = [];
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly dialect: Dialect,
  ) {}

  readDocument(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff) throw new SyntaxProblem(this.dialect.words.bom, 0);
    this.skipWhitespace();
    const root = this.readTree();
    this.skipWhitespace();
    if (this.pos < this.text.length) throw new SyntaxProblem(this.dialect.words.extra, this.pos);
    return root;
  }

  /**
   * Reads one value with all its children, using `stack` instead of recursion. Two loops take turns: the
   * first opens containers until a finished value (a scalar or an empty container) is read; the second
   * attaches it to its parent and closes every container that value ends. Kept as one method so the hot
   * path has no calls per level.
   */
  private readTree(): JsonNode {
    const { text, stack, dialect } = this;
    for (;;) {
      let node: JsonNode;
      for (;;) {
        const from = this.pos;
        const c = text.charCodeAt(from);
        if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) {
          node = this.readScalar();
          break;
        }
        if (this.depth >= dialect.maxDepth) {
          throw new SyntaxProblem(`Nested deeper than ${dialect.maxDepth} levels`, from);
        }
        this.pos++;
        this.skipWhitespace();
        const isArray = c === OPEN_ARRAY;
        const close = isArray ? CLOSE_ARRAY : CLOSE_OBJECT;
        const container: ContainerNode = isArray
          ? { kind: 'array', from, to: from, items: [] }
          : { kind: 'object', from, to: from, members: [] };
        if (text.charCodeAt(this.pos) === close) {
          this.pos++;
          container.to = this.pos;
          node = container;
          break;
        }
        const frame = this.openFrame(container, isArray);
        if (!isArray) this.readKey(frame);
      }
      for (;;) {
        if (this.depth === 0) return node;
        const frame = stack[this.depth - 1]!;
        const parent = frame.node;
        if (frame.isArray) (parent as ArrayNode).items.push(node);
        else {
          const { key, keyFrom, keyTo } = frame;
          (parent as ObjectNode).members.push({ key, keyFrom, keyTo, value: node });
        }
        this.skipWhitespace();
        const c = text.charCodeAt(this.pos);
        if (c === COMMA) {
          this.pos++;
          this.skipWhitespace();
          if (!frame.isArray) this.readKey(frame);
          break;
        }
        if (c !== (frame.isArray ? CLOSE_ARRAY : CLOSE_OBJECT)) {
          throw new SyntaxProblem(dialect.words.comma(frame.isArray ? ']' : '}'), this.pos);
        }
        this.pos++;
        this.depth--;
        parent.to = this.pos;
        node = parent;
      }
    }
  }

  /** Pushes a frame for `container`, reusing the one left at this depth by an earlier container. */
  private openFrame(container: ContainerNode, isArray: boolean): Frame {
    const frame = this.stack[this.depth];
    this.depth++;
    if (frame === undefined) {
      const fresh: Frame = { node: container, isArray, key: '', keyFrom: 0, keyTo: 0 };
      this.stack.push(fresh);
      return fresh;
    }
    frame.node = container;
    frame.isArray = isArray;
    return frame;
  }

  /** Reads `"key" :` into `frame` and leaves the position at the member's value. */
  private readKey(frame: Frame): void {
    const { text, dialect } = this;
    if (text[this.pos] !== '"') throw new SyntaxProblem(dialect.words.propertyName, this.pos);
    frame.keyFrom = this.pos;
    frame.key = this.readString();
    frame.keyTo = this.pos;
    this.skipWhitespace();
    if (text[this.pos] !== ':') throw new SyntaxProblem(dialect.words.colon, this.pos);
    this.pos++;
    this.skipWhitespace();
  }

  private readScalar(): JsonNode {
    const { text } = this;
    const from = this.pos;
    const c = text[from];
    if (c === '"') {
      const value = this.readString();
      return { kind: 'string', from, to: this.pos, value };
    }
    if (c === 'n' && text.startsWith('null', from)) {
      this.pos += 4;
      return { kind: 'null', from, to: this.pos };
    }
    if (c === 't' && text.startsWith('true', from)) {
      this.pos += 4;
      return { kind: 'boolean', from, to: this.pos, value: true };
    }
    if (c === 'f' && text.startsWith('false', from)) {
      this.pos += 5;
      return { kind: 'boolean', from, to: this.pos, value: false };
    }
    if (this.dialect.nonFinite) {
      for (const [word, value] of NON_FINITE) {
        if (c === word[0] && text.startsWith(word, from)) {
          this.pos += word.length;
          return { kind: 'number', from, to: this.pos, value };
        }
      }
    }
    NUMBER.lastIndex = from;
    const match = NUMBER.exec(text);
    if (match === null) throw new SyntaxProblem(this.dialect.words.value, from);
    this.pos += match[0].length;
    return { kind: 'number', from, to: this.pos, value: Number(match[0]) };
  }

  private readString(): string {
    const { text, dialect } = this;
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      PLAIN_RUN.lastIndex = this.pos;
      const run = PLAIN_RUN.exec(text)![0];
      out += run;
      this.pos += run.length;
      const c = text[this.pos];
      if (c === undefined) throw new SyntaxProblem(dialect.words.unterminated, start);
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c !== '\\') throw new SyntaxProblem(dialect.words.control, this.pos);
      const escape = text[this.pos + 1];
      if (escape === 'u') {
        const hex = text.slice(this.pos + 2, this.pos + 6);
        // Python also wants a character after the four digits (they cannot end the text).
        if (!HEX4.test(hex) || (dialect.pythonStrings && this.pos + 6 >= text.length)) {
          throw new SyntaxProblem(
            'Invalid \\uXXXX escape',
            this.pos + (dialect.pythonStrings ? 1 : 0),
          );
        }
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
        continue;
      }
      if (escape === undefined && dialect.pythonStrings) {
        throw new SyntaxProblem(dialect.words.unterminated, start);
      }
      const decoded = escape === undefined ? undefined : ESCAPES[escape];
      if (decoded === undefined) throw new SyntaxProblem(dialect.words.escape, this.pos);
      out += decoded;
      this.pos += 2;
    }
  }

  private skipWhitespace(): void {
    const { text } = this;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      pos++;
    }
    this.pos = pos;
  }
}

const NON_FINITE: ReadonlyArray<readonly [string, number]> = [
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
];
