/**
 * The message protocol between an embedded playground (`embed.html` in an iframe) and the page that frames it.
 * Every message, both ways, is a versioned envelope:
 *
 * ```
 * { source: 'agentcard-playground', version: 1, type, id?, payload }
 * ```
 *
 * Host → embed: `setFiles`, `setTheme`, `setReadonly`. Embed → host: `ready`, `resize`, `diagnostics`,
 * `compiled`, and `rejected` (the answer to a host message that had our envelope but was invalid; it carries
 * that message's `id`). Both sides validate what they receive with the schemas below and drop anything else;
 * nothing from a message is executed or rendered as HTML. `docs/embedding.md` is the authors' version.
 *
 * Plain data and valibot only: the `<agentcard-playground>` element script imports this module too.
 */
import * as v from 'valibot';

/** The `source` of every message of the protocol. */
export const MESSAGE_SOURCE = 'agentcard-playground';

/** The protocol version this build speaks. A message of another version is dropped. */
export const PROTOCOL_VERSION = 1;

/** Size caps on what a host may send. */
export const MESSAGE_LIMITS = {
  /** Files in one `setFiles`. */
  maxFiles: 100,
  /** Characters of one path. */
  maxPathChars: 300,
  /** Characters of one file's text. */
  maxFileChars: 512 * 1024,
  /** Characters of all texts of one `setFiles` together. */
  maxTotalChars: 2 * 1024 * 1024,
  /** Characters of a message `id`. */
  maxIdChars: 100,
} as const;

const THEMES = ['auto', 'light', 'dark'] as const;
const PROFILES = ['rfc', 'fast-agent'] as const;
const SEVERITIES = ['error', 'warning', 'info'] as const;

// ---- envelope ----

const idSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MESSAGE_LIMITS.maxIdChars));

const envelopeSchema = v.object({
  source: v.literal(MESSAGE_SOURCE),
  version: v.number(),
  type: v.string(),
  id: v.optional(idSchema),
  payload: v.unknown(),
});

/** A message of the protocol: `T` is its type, `P` its payload. */
export interface Envelope<T extends string, P> {
  source: typeof MESSAGE_SOURCE;
  version: typeof PROTOCOL_VERSION;
  type: T;
  /** The sender's tag for the message, echoed by `rejected`. 1–100 characters. */
  id?: string;
  payload: P;
}

/** Builds a message of the protocol. */
export function makeMessage<T extends string, P>(type: T, payload: P, id?: string): Envelope<T, P> {
  return {
    source: MESSAGE_SOURCE,
    version: PROTOCOL_VERSION,
    type,
    ...(id === undefined ? {} : { id }),
    payload,
  };
}

// ---- host → embed ----

/**
 * A file path: 1–300 characters, `/`-separated and relative: no leading `/` or `\`, no `..` segment, no control
 * characters.
 */
const pathSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(MESSAGE_LIMITS.maxPathChars),
  v.check((path) => !/[\u0000-\u001f\u007f]/.test(path), 'control character in a path'),
  v.check((path) => !/^[\\/]/.test(path), 'absolute path'),
  v.check((path) => !path.split(/[\\/]/).includes('..'), '".." segment in a path'),
);

/**
 * Path → text, as an object. Read through its own entries, never through `v.record`: that skips keys such as
 * `constructor` and `__proto__`, and a file silently missing is worse than one refused. The output is built
 * with `Object.fromEntries`, so every path, whatever its name, is an own property.
 */
const filesSchema = v.pipe(
  v.custom<Record<string, unknown>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      [Object.prototype, null].includes(Object.getPrototypeOf(input) as object | null),
    'files must be an object',
  ),
  v.transform((files) => Object.entries(files)),
  v.array(v.tuple([pathSchema, v.pipe(v.string(), v.maxLength(MESSAGE_LIMITS.maxFileChars))])),
  v.check((entries) => entries.length >= 1, 'no files'),
  v.check((entries) => entries.length <= MESSAGE_LIMITS.maxFiles, 'too many files'),
  v.check(
    (entries) =>
      entries.reduce((sum, [, text]) => sum + text.length, 0) <= MESSAGE_LIMITS.maxTotalChars,
    'files too large together',
  ),
  v.transform((entries) => Object.fromEntries(entries) as Record<string, string>),
);

const setFilesSchema = v.pipe(
  v.strictObject({
    /** Path → text. */
    files: filesSchema,
    /** The file to show; default: the embed's `file` option if it is among the files, else the first. */
    active: v.optional(pathSchema),
    /** Default: the embed's `profile` option, else `rfc`. */
    profile: v.optional(v.picklist(PROFILES)),
  }),
  v.check(
    ({ files, active }) => active === undefined || Object.hasOwn(files, active),
    'the active file is not among the files',
  ),
);

const hostSchemas = {
  setFiles: setFilesSchema,
  setTheme: v.strictObject({ theme: v.picklist(THEMES) }),
  setReadonly: v.strictObject({ readonly: v.boolean() }),
};

/** A message a host may send to the embed, validated. */
export type HostMessage = {
  [T in keyof typeof hostSchemas]: Envelope<T, v.InferOutput<(typeof hostSchemas)[T]>>;
}[keyof typeof hostSchemas];

/**
 * What `parseHostMessage` made of a message: a valid one; one with our envelope that is invalid (answer it with
 * `rejected`, naming `id` when it had a valid one); or not ours at all (drop it silently: pages and extensions
 * post all sorts of messages).
 */
export type HostMessageResult =
  | { kind: 'valid'; message: HostMessage }
  | { kind: 'invalid'; id: string | undefined; reason: string }
  | { kind: 'foreign' };

/**
 * Validates a message received from a host. Never throws (structured clone only delivers plain data, but a
 * same-window caller could pass anything).
 */
export function parseHostMessage(data: unknown): HostMessageResult {
  try {
    return readHostMessage(data);
  } catch {
    return { kind: 'foreign' };
  }
}

function readHostMessage(data: unknown): HostMessageResult {
  const envelope = v.safeParse(envelopeSchema, data);
  if (!envelope.success) return { kind: 'foreign' };
  const { version, type, id, payload } = envelope.output;
  const invalid = (reason: string): HostMessageResult => ({ kind: 'invalid', id, reason });
  if (version !== PROTOCOL_VERSION)
    return invalid(`protocol version ${version} is not ${PROTOCOL_VERSION}`);
  if (!Object.hasOwn(hostSchemas, type)) return invalid(`unknown message type "${type}"`);
  const schema = hostSchemas[type as keyof typeof hostSchemas];
  const parsed = v.safeParse(schema, payload);
  if (!parsed.success) return invalid(describeIssue(parsed.issues[0]));
  return { kind: 'valid', message: makeMessage(type, parsed.output, id) as HostMessage };
}

// ---- embed → host ----

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const diagnosticSchema = v.object({
  code: v.string(),
  severity: v.picklist(SEVERITIES),
  message: v.string(),
  file: v.string(),
  from: count,
  to: count,
  line: count,
  column: count,
  endLine: count,
  endColumn: count,
  card: v.optional(v.string()),
});

const agentSummarySchema = v.object({
  name: v.string(),
  type: v.string(),
  file: v.string(),
  line: count,
  ok: v.boolean(),
});

const embedSchemas = {
  /** The embed listens: send host messages from now on (earlier ones may be lost). */
  ready: v.object({
    files: v.array(v.string()),
    active: v.string(),
    readonly: v.boolean(),
    theme: v.picklist(THEMES),
  }),
  /** The embed's content height in CSS pixels: set the iframe to it. */
  resize: v.object({ height: v.pipe(count, v.maxValue(1_000_000)) }),
  /** Every problem of the newest check, and their counts by severity. */
  diagnostics: v.object({
    diagnostics: v.array(diagnosticSchema),
    counts: v.object({ error: count, warning: count, info: count }),
  }),
  /** Every card that compiled, and the compiled form of the one shown (JSON data). */
  compiled: v.object({
    agents: v.array(agentSummarySchema),
    selected: v.nullable(
      v.object({
        ...agentSummarySchema.entries,
        data: v.unknown(),
        history: v.array(
          v.object({ role: v.picklist(['user', 'assistant']), content: v.string() }),
        ),
      }),
    ),
  }),
  /** A host message was invalid; `id` is its id. */
  rejected: v.object({ reason: v.string() }),
};

/** A message the embed sends to its host, validated. */
export type EmbedMessage = {
  [T in keyof typeof embedSchemas]: Envelope<T, v.InferOutput<(typeof embedSchemas)[T]>>;
}[keyof typeof embedSchemas];

/** The payload the embed sends with message type `T`. */
export type EmbedPayload<T extends EmbedMessage['type']> = Extract<
  EmbedMessage,
  { type: T }
>['payload'];

/** Validates a message received from an embed; undefined for anything else. Never throws. */
export function parseEmbedMessage(data: unknown): EmbedMessage | undefined {
  try {
    return readEmbedMessage(data);
  } catch {
    return undefined;
  }
}

function readEmbedMessage(data: unknown): EmbedMessage | undefined {
  const envelope = v.safeParse(envelopeSchema, data);
  if (!envelope.success) return undefined;
  const { version, type, id, payload } = envelope.output;
  if (version !== PROTOCOL_VERSION || !Object.hasOwn(embedSchemas, type)) return undefined;
  const parsed = v.safeParse(embedSchemas[type as keyof typeof embedSchemas], payload);
  return parsed.success ? (makeMessage(type, parsed.output, id) as EmbedMessage) : undefined;
}

function describeIssue(issue: v.BaseIssue<unknown> | undefined): string {
  if (!issue) return 'invalid payload';
  const path = issue.path?.map((item) => String(item.key)).join('.');
  return (path ? `${path}: ${issue.message}` : issue.message).slice(0, 300);
}
