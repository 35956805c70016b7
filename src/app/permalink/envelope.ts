/**
 * The workspace a permalink carries, and its compact versioned JSON form:
 * `{"v":1,"f":[[path,text],…],"a":active,"p":profile}`, plus `"m":[[path,format],…]` when files are read
 * as a chosen format. Decoded JSON is untrusted and checked strictly.
 */
import { FORMAT_IDS, type FormatId } from '../../core/formats/format-module.ts';

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
 * is kept as ordinary data.
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
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid('its data is not a JSON object.');
  const { v, f, a, p, m } = value as Record<string, unknown>;
  // The version comes first: another version may well have other fields.
  if (typeof v !== 'number') return invalid('its format version is missing.');
  if (v !== ENVELOPE_VERSION)
    return { ok: false, reason: 'unknown-version', detail: `its content is format version ${v}.` };
  const unknownKey = Object.keys(value).find((key) => !['v', 'f', 'a', 'p', 'm'].includes(key));
  if (unknownKey !== undefined) return invalid(`it has an unexpected field ${show(unknownKey)}.`);
  if (!Array.isArray(f)) return invalid('its file list is missing.');
  if (f.length === 0) return invalid('it holds no files.');
  if (f.length > MAX_FILES)
    return invalid(`it holds ${f.length} files, more than the ${MAX_FILES} a link may hold.`);
  const seen = new Set<string>();
  for (const [index, entry] of f.entries()) {
    if (
      !Array.isArray(entry) ||
      entry.length !== 2 ||
      typeof entry[0] !== 'string' ||
      typeof entry[1] !== 'string'
    )
      return invalid(`file entry ${index + 1} is not a pair of a path and a text.`);
    const problem = pathProblem(entry[0]);
    if (problem !== undefined) return invalid(`the file path ${show(entry[0])} ${problem}.`);
    if (seen.has(entry[0])) return invalid(`the file path ${show(entry[0])} appears twice.`);
    seen.add(entry[0]);
  }
  if (typeof a !== 'string') return invalid('its active file is missing.');
  if (!seen.has(a)) return invalid(`its active file ${show(a)} is not one of its files.`);
  if (p !== 'rfc' && p !== 'fast-agent')
    return invalid(`its profile ${show(p)} is neither "rfc" nor "fast-agent".`);
  const files = Object.fromEntries(f as [string, string][]);
  const envelope: PermalinkEnvelope = { files, active: a, profile: p };
  if (m !== undefined) {
    if (!Array.isArray(m)) return invalid('its format choices are not a list.');
    for (const [index, entry] of m.entries()) {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string')
        return invalid(`format choice ${index + 1} is not a pair of a path and a format.`);
      if (!seen.has(entry[0]))
        return invalid(`format choice ${index + 1} names ${show(entry[0])}, not one of its files.`);
      if (!FORMAT_IDS.includes(entry[1] as FormatId))
        return invalid(`format choice ${index + 1} names an unknown format ${show(entry[1])}.`);
    }
    if (m.length > 0) envelope.formats = Object.fromEntries(m as [string, FormatId][]);
  }
  return { ok: true, envelope };
}

/**
 * What is wrong with a file path, if anything. Both `/` and `\` count as separators, so a `..` segment cannot
 * sneak through on either platform.
 */
function pathProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.includes('\0')) return 'contains a NUL character';
  if (path.startsWith('/') || path.startsWith('\\')) return 'starts with a slash';
  if (path.split(/[\\/]/).includes('..')) return 'has a ".." segment';
  return undefined;
}

function invalid(detail: string): EnvelopeResult {
  return { ok: false, reason: 'invalid-content', detail };
}

/** Quotes a value for a message, cut to a readable length. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
