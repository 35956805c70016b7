/**
 * The workspace a permalink carries, and its compact versioned JSON form:
 * `{"v":1,"f":[[path,text],…],"a":active,"p":profile}`, plus `"m":[[path,format],…]` when files are read
 * as a chosen format. Decoded JSON is untrusted and checked strictly, by the valibot schemas below.
 */
import * as v from 'valibot';
import { FORMAT_IDS, type FormatId } from '../core/formats/format-records.ts';

/** The two validation profiles a workspace can be checked against. */
export const PROFILES = ['rfc', 'fast-agent'] as const;

/** What a permalink holds: the workspace's files (path → text), the file shown first, and the profile. */
export interface PermalinkEnvelope {
  files: Record<string, string>;
  active: string;
  profile: (typeof PROFILES)[number];
  /** Files read as a chosen format instead of the detected one (path → format id); omitted when none. */
  formats?: Record<string, FormatId>;
}

/** The version written in the envelope's `v` field. */
export const ENVELOPE_VERSION = 1;

/** The most files one envelope may hold. */
export const MAX_FILES = 500;

/** An envelope read from JSON, or why it is not one (`detail` is a lower-case clause ending in a full stop). */
export type EnvelopeResult =
  | { ok: true; envelope: PermalinkEnvelope }
  | { ok: false; reason: 'invalid-content' | 'unknown-version'; detail: string };

/**
 * Writes the envelope as compact JSON, files in `Object.entries` order. Throws a `TypeError` naming the problem
 * when the envelope breaks a rule `parseEnvelope` checks (so every envelope written can be read back).
 */
export function serializeEnvelope(envelope: PermalinkEnvelope): string {
  const files: unknown = (envelope as Partial<PermalinkEnvelope> | null)?.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files))
    throw new TypeError('envelope.files must be an object mapping paths to texts.');
  const wire: Record<string, unknown> = {
    v: ENVELOPE_VERSION,
    f: Object.entries(files),
    a: envelope.active,
    p: envelope.profile,
  };
  const formats = Object.entries(envelope.formats ?? {});
  if (formats.length > 0) wire['m'] = formats;
  const checked = readWire(wire);
  if (!checked.ok) throw new TypeError(`invalid envelope: ${checked.detail}`);
  return JSON.stringify(wire);
}

/**
 * Reads envelope JSON. Never throws: text that is not JSON, unknown or missing fields, wrong types, a bad path,
 * a duplicate path, more than `MAX_FILES` files, an active file that is not among the files or an unknown profile
 * give `invalid-content`; a `v` other than `ENVELOPE_VERSION` gives `unknown-version`. A path called `__proto__`
 * is kept as ordinary data. The detail names the first problem found (`wireSchema` says in which order).
 */
export function parseEnvelope(json: string): EnvelopeResult {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return invalid('its data is not JSON.');
  }
  return readWire(value);
}

function readWire(value: unknown): EnvelopeResult {
  // The version comes first: another version may well have other fields.
  const version = v.safeParse(versionSchema, value, { abortEarly: true });
  if (!version.success) return invalid(describe(version.issues[0]));
  if (version.output.v !== ENVELOPE_VERSION) {
    const detail = `its content is format version ${version.output.v}.`;
    return { ok: false, reason: 'unknown-version', detail };
  }
  const parsed = v.safeParse(wireSchema, value, { abortEarly: true });
  return parsed.success
    ? { ok: true, envelope: parsed.output }
    : invalid(describe(parsed.issues[0]));
}

// ---- schemas ----
// Each message is the detail shown to the user; a leading `file entry {n}` or `format choice {n}` stands for the
// 1-based number of the list entry the issue is in (`describe` fills it in: a message is made before the issue
// knows its path).

const NOT_AN_OBJECT = 'its data is not a JSON object.';

/** A JSON object: not null, not an array (valibot's object schemas take arrays). */
const jsonObject = v.custom<Record<string, unknown>>(
  (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
  NOT_AN_OBJECT,
);

const versionSchema = v.pipe(
  jsonObject,
  v.looseObject(
    { v: v.number('its format version is missing.') },
    'its format version is missing.',
  ),
);

/** What the wire object's own schema says: a missing field, or one it does not know. */
const MISSING: Readonly<Record<string, string>> = {
  f: 'its file list is missing.',
  a: 'its active file is missing.',
  p: profileProblem(undefined),
};

function profileProblem(profile: unknown): string {
  return `its profile ${show(profile)} is neither "rfc" nor "fast-agent".`;
}

const NOT_A_FILE_PAIR = 'file entry {n} is not a pair of a path and a text.';
const NOT_A_FORMAT_PAIR = 'format choice {n} is not a pair of a path and a format.';

/**
 * One `[path, text]` entry. Both `/` and `\` count as separators, so a `..` segment cannot sneak through on
 * either platform.
 */
const fileEntrySchema = v.pipe(
  v.strictTuple([v.string(NOT_A_FILE_PAIR), v.string(NOT_A_FILE_PAIR)], NOT_A_FILE_PAIR),
  v.check(([path]) => path !== '', pathMessage('is empty')),
  v.check(([path]) => !path.includes('\0'), pathMessage('contains a NUL character')),
  v.check(([path]) => !/^[\\/]/.test(path), pathMessage('starts with a slash')),
  v.check(([path]) => !path.split(/[\\/]/).includes('..'), pathMessage('has a ".." segment')),
);

function pathMessage(problem: string): (issue: { input: [string, string] }) => string {
  return (issue) => `the file path ${show(issue.input[0])} ${problem}.`;
}

/** The first path that appears twice in `entries`, if any. */
function duplicatePath(entries: ReadonlyArray<readonly [string, unknown]>): string | undefined {
  const seen = new Set<string>();
  for (const [path] of entries) {
    if (seen.has(path)) return path;
    seen.add(path);
  }
  return undefined;
}

/** The file list: counted before its entries are read, so a huge list costs no more than its length. */
const filesSchema = v.pipe(
  v.array(v.unknown(), MISSING['f']),
  v.minLength(1, 'it holds no files.'),
  v.maxLength(
    MAX_FILES,
    (issue) => `it holds ${issue.input.length} files, more than the ${MAX_FILES} a link may hold.`,
  ),
  v.array(fileEntrySchema),
  v.check(
    (entries) => duplicatePath(entries) === undefined,
    (issue) => `the file path ${show(duplicatePath(issue.input))} appears twice.`,
  ),
);

/** One `[path, format]` choice: its shape first, so a missing format is "not a pair", not "unknown". */
const formatEntrySchema = v.pipe(
  v.array(v.unknown(), NOT_A_FORMAT_PAIR),
  v.length(2, NOT_A_FORMAT_PAIR),
  v.strictTuple([
    v.string(NOT_A_FORMAT_PAIR),
    v.picklist(
      FORMAT_IDS,
      (issue) => `format choice {n} names an unknown format ${show(issue.input)}.`,
    ),
  ]),
);

/**
 * The wire object of version 1. Problems are found in this order: the fields `f`, `a`, `p`, `m` one by one
 * (each file entry in turn, then duplicate paths), unknown fields, then whether the active file and the format
 * choices' paths are among the files.
 */
const wireSchema = v.pipe(
  jsonObject,
  v.strictObject(
    {
      v: v.literal(ENVELOPE_VERSION),
      f: filesSchema,
      a: v.string(MISSING['a']),
      p: v.picklist(PROFILES, (issue) => profileProblem(issue.input)),
      m: v.optional(
        v.pipe(
          v.array(v.unknown(), 'its format choices are not a list.'),
          v.array(formatEntrySchema),
        ),
      ),
    },
    (issue) => {
      const key = String(issue.path?.[0]?.key);
      return issue.input === undefined
        ? (MISSING[key] ?? `its field ${show(key)} is missing.`)
        : `it has an unexpected field ${show(issue.input)}.`;
    },
  ),
  v.check(
    (wire) => wire.f.some(([path]) => path === wire.a),
    (issue) => `its active file ${show(issue.input.a)} is not one of its files.`,
  ),
  v.check(
    (wire) => strayFormat(wire) === undefined,
    (issue) => {
      const index = strayFormat(issue.input) ?? 0;
      return `format choice ${index + 1} names ${show(issue.input.m?.[index]?.[0])}, not one of its files.`;
    },
  ),
  v.transform((wire): PermalinkEnvelope => {
    // fromEntries defines own properties, so a "__proto__" path stays a path.
    const envelope: PermalinkEnvelope = {
      files: Object.fromEntries(wire.f),
      active: wire.a,
      profile: wire.p,
    };
    if (wire.m && wire.m.length > 0) envelope.formats = Object.fromEntries(wire.m);
    return envelope;
  }),
);

/** The index of the first format choice whose path is not one of the files, if any. */
function strayFormat(wire: {
  f: ReadonlyArray<readonly [string, string]>;
  m?: ReadonlyArray<readonly [string, unknown]> | undefined;
}): number | undefined {
  const paths = new Set(wire.f.map(([path]) => path));
  const index = (wire.m ?? []).findIndex(([path]) => !paths.has(path));
  return index < 0 ? undefined : index;
}

/** The user-facing detail of an issue: its message, with `{n}` the number of the list entry it is in. */
function describe(issue: v.BaseIssue<unknown> | undefined): string {
  const message = issue?.message ?? NOT_AN_OBJECT;
  const entry = issue?.path?.[1]?.key;
  // Only a template's own `{n}` (it comes before any quoted input): a path may hold "{n}" too.
  return typeof entry === 'number' && /^(file entry|format choice) \{n\}/.test(message)
    ? message.replace('{n}', String(entry + 1))
    : message;
}

function invalid(detail: string): EnvelopeResult {
  return { ok: false, reason: 'invalid-content', detail };
}

/** Quotes a value for a message, cut to a readable length. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
