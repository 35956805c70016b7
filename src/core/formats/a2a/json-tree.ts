/**
 * A JSON reader for A2A cards that keeps the source range of every node: each object member's key and
 * value, each array item, and every repeated key. Strict RFC 8259 JSON (what `JSON.parse` and A2A clients
 * accept): no `NaN`, comments, trailing commas or leading BOM. Never throws; linear in the input.
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
  keyFrom: number;
  keyTo: number;
  value: JsonNode;
}

/** The outcome of `parseJsonTree`: the root node, or the first syntax error and where it is. */
export type JsonTree =
  | { ok: true; root: JsonNode }
  | { ok: false; error: { message: string; from: number; to: number } };

/** Deepest array/object nesting read; deeper text is reported, not recursed into. */
export const MAX_TREE_DEPTH = 512;

class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const PLAIN_RUN = /[^"\\\x00-\x1f]*/y;
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

/**
 * Parses `text` as one JSON document. On error, the range is one character at the offending position
 * (zero-width at the end of the text when the text stops early).
 */
export function parseJsonTree(text: string): JsonTree {
  try {
    return { ok: true, root: new TreeReader(text).readDocument() };
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    const from = Math.min(error.at, text.length);
    return {
      ok: false,
      error: { message: error.message, from, to: Math.min(from + 1, text.length) },
    };
  }
}

/** The last member named `key` (the one a JSON reader keeps), or undefined. */
export function memberOf(node: JsonNode, key: string): JsonMember | undefined {
  if (node.kind !== 'object') return undefined;
  for (let i = node.members.length - 1; i >= 0; i--)
    if (node.members[i]!.key === key) return node.members[i];
  return undefined;
}

class TreeReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  readDocument(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff)
      throw new SyntaxProblem('Unexpected byte order mark (BOM) before the JSON text', 0);
    this.skipWhitespace();
    const root = this.readValue(0);
    this.skipWhitespace();
    if (this.pos < this.text.length)
      throw new SyntaxProblem('Unexpected text after the JSON value', this.pos);
    return root;
  }

  private readValue(depth: number): JsonNode {
    const { text } = this;
    const from = this.pos;
    const c = text[from];
    if (c === '{' || c === '[') {
      if (depth >= MAX_TREE_DEPTH)
        throw new SyntaxProblem(`Nested deeper than ${MAX_TREE_DEPTH} levels`, from);
      return c === '{' ? this.readObject(depth) : this.readArray(depth);
    }
    if (c === '"') {
      const value = this.readString();
      return { kind: 'string', from, to: this.pos, value };
    }
    for (const word of ['true', 'false', 'null'] as const) {
      if (c === word[0] && text.startsWith(word, from)) {
        this.pos += word.length;
        const to = this.pos;
        return word === 'null'
          ? { kind: 'null', from, to }
          : { kind: 'boolean', from, to, value: word === 'true' };
      }
    }
    NUMBER.lastIndex = from;
    const match = NUMBER.exec(text);
    if (match === null) throw new SyntaxProblem('Expecting a value', from);
    this.pos += match[0].length;
    return { kind: 'number', from, to: this.pos, value: Number(match[0]) };
  }

  private readObject(depth: number): JsonNode {
    const from = this.pos;
    this.pos++;
    const members: JsonMember[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { kind: 'object', from, to: this.pos, members };
    }
    for (;;) {
      if (this.text[this.pos] !== '"')
        throw new SyntaxProblem('Expecting a property name in double quotes', this.pos);
      const keyFrom = this.pos;
      const key = this.readString();
      const keyTo = this.pos;
      this.skipWhitespace();
      if (this.text[this.pos] !== ':') throw new SyntaxProblem("Expecting ':'", this.pos);
      this.pos++;
      this.skipWhitespace();
      members.push({ key, keyFrom, keyTo, value: this.readValue(depth + 1) });
      this.skipWhitespace();
      const c = this.text[this.pos];
      this.pos++;
      if (c === '}') return { kind: 'object', from, to: this.pos, members };
      if (c !== ',') throw new SyntaxProblem("Expecting ',' or '}'", this.pos - 1);
      this.skipWhitespace();
    }
  }

  private readArray(depth: number): JsonNode {
    const from = this.pos;
    this.pos++;
    const items: JsonNode[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { kind: 'array', from, to: this.pos, items };
    }
    for (;;) {
      items.push(this.readValue(depth + 1));
      this.skipWhitespace();
      const c = this.text[this.pos];
      this.pos++;
      if (c === ']') return { kind: 'array', from, to: this.pos, items };
      if (c !== ',') throw new SyntaxProblem("Expecting ',' or ']'", this.pos - 1);
      this.skipWhitespace();
    }
  }

  private readString(): string {
    const { text } = this;
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      PLAIN_RUN.lastIndex = this.pos;
      const run = PLAIN_RUN.exec(text)![0];
      out += run;
      this.pos += run.length;
      const c = text[this.pos];
      if (c === undefined) throw new SyntaxProblem('Unterminated string', start);
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c !== '\\') throw new SyntaxProblem('Control character inside a string', this.pos);
      const escape = text[this.pos + 1];
      if (escape === 'u') {
        const hex = text.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          throw new SyntaxProblem('Invalid \\uXXXX escape', this.pos);
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
        continue;
      }
      const decoded = escape === undefined ? undefined : ESCAPES[escape];
      if (decoded === undefined) throw new SyntaxProblem('Invalid escape', this.pos);
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
