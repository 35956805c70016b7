/**
 * A JSON reader that accepts what Python's `json.loads` accepts and remembers where values are. Written by
 * hand (not `JSON.parse`) for three reasons: fast-agent reads `NaN`/`Infinity`, a BOM is an error there, and
 * history diagnostics need the source range of each `messages` entry. Iterative, one pass, linear in the input.
 */

/** A parsed JSON value. Objects are `Map`s, so keys such as `__proto__` stay plain data. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A parsed JSON object; a repeated key keeps its last value, as in Python. */
export type JsonObject = Map<string, JsonValue>;

/** A source range: absolute UTF-16 offsets, `to` exclusive. */
export interface Span {
  from: number;
  to: number;
}

/** Deepest array/object nesting read. Python's decoder gives up (RecursionError) near 1000 levels; stop before. */
export const MAX_JSON_DEPTH = 900;

/**
 * The result of `parseJson`. On success, `value` is the root and `span` its range; `spans` holds the range of
 * every array element and object member value inside containers nested at most `spanDepth` deep (the root is
 * depth 0). On failure, `error` says what is wrong and where (a zero-width range at the end of the input when
 * the text stops early).
 */
export type ParsedJson =
  | { ok: true; value: JsonValue; span: Span; spans: JsonSpans }
  | { ok: false; error: { message: string } & Span };

/** Child ranges recorded by `parseJson`: per array, one span per element; per object, one per key. */
export interface JsonSpans {
  items: WeakMap<JsonValue[], Span[]>;
  members: WeakMap<JsonObject, Map<string, Span>>;
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

interface Frame {
  container: JsonValue[] | JsonObject;
  start: number;
  /** Key of the member being read (objects only). */
  key: string;
  childSpans: Span[] | Map<string, Span> | undefined;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const PLAIN_STRING_RUN = /[^"\\\x00-\x1f]*/y;
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
 * Parses `text` as one JSON document with Python's rules: whitespace is space, tab, CR and LF; `NaN`,
 * `Infinity` and `-Infinity` are numbers; control characters inside strings, trailing commas, comments and a
 * leading BOM are errors. Never throws.
 */
export function parseJson(text: string, spanDepth = 1): ParsedJson {
  const spans: JsonSpans = { items: new WeakMap(), members: new WeakMap() };
  try {
    const { value, span } = new JsonReader(text, spanDepth, spans).readDocument();
    return { ok: true, value, span, spans };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const from = Math.min(error.at, text.length);
    return {
      ok: false,
      error: { message: error.message, from, to: Math.min(from + 1, text.length) },
    };
  }
}

class JsonReader {
  private pos = 0;
  private readonly stack: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly spanDepth: number,
    private readonly spans: JsonSpans,
  ) {}

  readDocument(): { value: JsonValue; span: Span } {
    if (this.text.charCodeAt(0) === 0xfeff) {
      throw new JsonSyntaxError('Unexpected UTF-8 BOM (decode using utf-8-sig)', 0);
    }
    this.skipWhitespace();
    const from = this.pos;
    const value = this.readValueTree();
    const to = this.pos;
    this.skipWhitespace();
    if (this.pos < this.text.length) throw new JsonSyntaxError('Extra data', this.pos);
    return { value, span: { from, to } };
  }

  /** Reads one value with all its children, using `stack` instead of recursion. */
  private readValueTree(): JsonValue {
    const { text } = this;
    for (;;) {
      // Descend: open containers until a finished value (a scalar or an empty container) is read.
      let from: number;
      let value: JsonValue;
      for (;;) {
        from = this.pos;
        const c = text[this.pos];
        if (c !== '[' && c !== '{') {
          value = this.readScalar();
          break;
        }
        if (this.stack.length >= MAX_JSON_DEPTH) {
          throw new JsonSyntaxError(`Nested deeper than ${MAX_JSON_DEPTH} levels`, from);
        }
        this.pos++;
        this.skipWhitespace();
        const isArray = c === '[';
        const container: JsonValue[] | JsonObject = isArray ? [] : new Map();
        if (text[this.pos] === (isArray ? ']' : '}')) {
          this.pos++;
          value = container;
          break;
        }
        this.stack.push(this.openFrame(container, from));
        if (!isArray) this.readKey();
      }
      // Ascend: attach the value to its parent; close every container that this value ends.
      let to = this.pos;
      for (;;) {
        const frame = this.stack[this.stack.length - 1];
        if (frame === undefined) return value;
        attach(frame, value, { from, to });
        this.skipWhitespace();
        const isArray = Array.isArray(frame.container);
        const c = text[this.pos];
        if (c === ',') {
          this.pos++;
          this.skipWhitespace();
          if (!isArray) this.readKey();
          break;
        }
        if (c !== (isArray ? ']' : '}'))
          throw new JsonSyntaxError("Expecting ',' delimiter", this.pos);
        this.pos++;
        this.stack.pop();
        value = frame.container;
        from = frame.start;
        to = this.pos;
      }
    }
  }

  private openFrame(container: JsonValue[] | JsonObject, start: number): Frame {
    const frame: Frame = { container, start, key: '', childSpans: undefined };
    if (this.stack.length <= this.spanDepth) {
      if (Array.isArray(container)) {
        const spans: Span[] = [];
        this.spans.items.set(container, spans);
        frame.childSpans = spans;
      } else {
        const spans = new Map<string, Span>();
        this.spans.members.set(container, spans);
        frame.childSpans = spans;
      }
    }
    return frame;
  }

  /** Reads `"key" :` and leaves the position at the member's value. */
  private readKey(): void {
    if (this.text[this.pos] !== '"') {
      throw new JsonSyntaxError('Expecting property name enclosed in double quotes', this.pos);
    }
    this.stack[this.stack.length - 1]!.key = this.readString();
    this.skipWhitespace();
    if (this.text[this.pos] !== ':') throw new JsonSyntaxError("Expecting ':' delimiter", this.pos);
    this.pos++;
    this.skipWhitespace();
  }

  private readScalar(): JsonValue {
    const { text } = this;
    const c = text[this.pos];
    if (c === '"') return this.readString();
    for (const [word, value] of LITERALS) {
      if (c === word[0] && text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(text);
    if (match === null) throw new JsonSyntaxError('Expecting value', this.pos);
    this.pos += match[0].length;
    return Number(match[0]);
  }

  private readString(): string {
    const { text } = this;
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      PLAIN_STRING_RUN.lastIndex = this.pos;
      const run = PLAIN_STRING_RUN.exec(text)![0];
      out += run;
      this.pos += run.length;
      const c = text[this.pos];
      if (c === undefined) throw new JsonSyntaxError('Unterminated string starting at', start);
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c !== '\\') throw new JsonSyntaxError('Invalid control character at', this.pos);
      const escape = text[this.pos + 1];
      if (escape === undefined) throw new JsonSyntaxError('Unterminated string starting at', start);
      if (escape === 'u') {
        const hex = text.slice(this.pos + 2, this.pos + 6);
        // Python also wants a character after the four digits (they cannot end the text).
        if (!/^[0-9a-fA-F]{4}$/.test(hex) || this.pos + 6 >= text.length) {
          throw new JsonSyntaxError('Invalid \\uXXXX escape', this.pos + 1);
        }
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
        continue;
      }
      const decoded = ESCAPES[escape];
      if (decoded === undefined) throw new JsonSyntaxError('Invalid \\escape', this.pos);
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

function attach(frame: Frame, value: JsonValue, span: Span): void {
  if (Array.isArray(frame.container)) {
    frame.container.push(value);
    (frame.childSpans as Span[] | undefined)?.push(span);
  } else {
    frame.container.set(frame.key, value);
    (frame.childSpans as Map<string, Span> | undefined)?.set(frame.key, span);
  }
}

const LITERALS: ReadonlyArray<readonly [string, JsonValue]> = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
];
