/**
 * The stored form of a workspace: size limits, the validation of records read back from storage (untrusted),
 * and the plain-data snapshot written to it. Pure: no storage, no DOM.
 */
import * as v from 'valibot';
import { FORMAT_IDS, PROFILES, type FormatId } from '../../core/index.ts';
import type { ReloadMode, Workspace, WorkspaceMeta } from '../state/workspace-types.ts';
import {
  boundedString,
  isPlainObject,
  plainObjectSchema,
  revisionSchema,
  timeSchema,
} from './record-schemas.ts';

/** Size limits of one stored workspace. Texts are counted in UTF-16 code units (JavaScript string length). */
export const STORAGE_LIMITS = {
  /** Files per workspace. */
  maxFiles: 1000,
  /** Sum of every file's path and text. */
  maxTotalChars: 32 * 1024 * 1024,
  /** Length of one file path. */
  maxPathChars: 4096,
  /** Length of a workspace id. */
  maxIdChars: 256,
  /** Length of a workspace name; longer stored names are cut. */
  maxNameChars: 1000,
  /** The undo history as JSON; a larger stored history is dropped. */
  maxHistoryChars: 16 * 1024 * 1024,
} as const;

/** What a problem in a stored record costs: the whole record, one file, or one field reset to its default. */
export type IssueEffect = 'record' | 'file' | 'field';

/** One entry of the issue table: what the issue drops and a one-line meaning. */
export interface IssueInfo {
  readonly effect: IssueEffect;
  readonly summary: string;
}

/**
 * The problems a stored workspace can have. Identity and content (id, revision, files) that cannot be read drop
 * the record; a bad file entry drops that file; bad settings are reset to their defaults, keeping the work.
 */
export const RECORD_ISSUES = {
  'not-a-workspace': { effect: 'record', summary: 'The stored value is not a workspace.' },
  'bad-id': { effect: 'record', summary: 'The workspace id is missing, too long or not its key.' },
  'bad-revision': {
    effect: 'record',
    summary: 'The revision is not a whole number of at least 1.',
  },
  'bad-files': { effect: 'record', summary: 'The files are not a map of path to text.' },
  'too-many-files': { effect: 'record', summary: 'The workspace has more files than allowed.' },
  'too-large': { effect: 'record', summary: 'The files hold more text than allowed.' },
  'bad-file': {
    effect: 'file',
    summary: 'A file path is empty, too long or has a NUL, or its text is not text.',
  },
  'bad-name': {
    effect: 'field',
    summary: 'The name is not text or too long; it was reset or cut.',
  },
  'bad-active': {
    effect: 'field',
    summary: 'The active file is not one of the files; it was reset.',
  },
  'bad-profile': {
    effect: 'field',
    summary: 'The profile is unknown; it was reset to the default.',
  },
  'bad-reload-mode': { effect: 'field', summary: 'The reload mode is unknown; it was reset.' },
  'bad-updated-at': { effect: 'field', summary: 'The change time is not a time; it was reset.' },
  'bad-history': {
    effect: 'field',
    summary: 'The undo history is unreadable or too large; it was dropped.',
  },
  'bad-formats': {
    effect: 'field',
    summary: 'A format choice names no file or no known format; it was dropped.',
  },
} as const satisfies Record<string, IssueInfo>;

/** A stable kebab-case code of `RECORD_ISSUES`. */
export type RecordIssueCode = keyof typeof RECORD_ISSUES;

/** One problem found in a stored record: its code and the field it concerns (`files["a.md"]`, `name`). */
export interface RecordIssue {
  code: RecordIssueCode;
  field: string;
}

/** The result of validating a stored record: the usable workspace (absent when dropped) and every issue. */
export interface RecordCheck {
  workspace: Workspace | undefined;
  issues: RecordIssue[];
}

/** A workspace's list entry plus its revision, stored beside each workspace so a save reads only this. */
export interface StoredMeta extends WorkspaceMeta {
  revision: number;
}

const RELOAD_MODES: readonly ReloadMode[] = ['hot-swap', 'explicit'];
const UNTITLED = 'Untitled workspace';

export { isPlainObject };

// ---- schemas of the stored fields (the readers below apply them one by one, as each has its own effect) ----

const idSchema = boundedString(1, STORAGE_LIMITS.maxIdChars);

/** A stored file path: not empty, not too long, no NUL. */
const pathSchema = v.pipe(
  boundedString(1, STORAGE_LIMITS.maxPathChars),
  v.check((path) => !path.includes('\0')),
);

/** One `[path, text]` entry of the files. */
const fileEntrySchema = v.tuple([pathSchema, v.string()]);

/**
 * The fields without which a record is no workspace, in the order they are checked (the id must be
 * `expectedId`, its key, when given); a bad one drops the record with the code beside it. The files are read entry by entry afterwards (`v.record` would skip a file called
 * `__proto__` or `constructor`).
 */
function identitySchema(expectedId: string | undefined) {
  const id =
    expectedId === undefined
      ? idSchema
      : v.pipe(
          idSchema,
          v.check((id) => id === expectedId),
        );
  return v.pipe(
    plainObjectSchema,
    v.looseObject({ id, revision: revisionSchema, files: plainObjectSchema }),
  );
}
const IDENTITY_CODES: Readonly<Record<string, RecordIssueCode>> = {
  id: 'bad-id',
  revision: 'bad-revision',
  files: 'bad-files',
};

const nameSchema = v.string();
const profileSchema = v.picklist(PROFILES);
const reloadModeSchema = v.picklist(RELOAD_MODES);
const formatSchema = v.picklist(FORMAT_IDS);

/** A stored meta entry; other fields are ignored. */
const metaSchema = v.pipe(
  plainObjectSchema,
  v.object({
    id: idSchema,
    name: v.pipe(v.string(), v.maxLength(STORAGE_LIMITS.maxNameChars)),
    updatedAt: timeSchema,
    fileCount: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
    revision: revisionSchema,
  }),
);

function isId(value: unknown): value is string {
  return v.is(idSchema, value);
}

function isRevision(value: unknown): value is number {
  return v.is(revisionSchema, value);
}

function isTime(value: unknown): value is number {
  return v.is(timeSchema, value);
}

function isPath(path: string): boolean {
  return v.is(pathSchema, path);
}

/** The undo history as plain JSON, or undefined when it is not a JSON object or larger than the limit. */
function readHistory(value: unknown): Record<string, unknown> | undefined {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return undefined; // cycles and BigInts survive structured clone but are not JSON
  }
  if (json === undefined || json.length > STORAGE_LIMITS.maxHistoryChars) return undefined;
  const parsed: unknown = JSON.parse(json);
  return isPlainObject(parsed) ? parsed : undefined;
}

/**
 * Validates a value read from storage. Never throws. `expectedId`, when given, must equal the record's id
 * (the key it was stored under). The returned workspace is a fresh object owned by the caller.
 */
export function checkStoredWorkspace(value: unknown, expectedId?: string): RecordCheck {
  const issues: RecordIssue[] = [];
  const drop = (code: RecordIssueCode, field: string): RecordCheck => {
    issues.push({ code, field });
    return { workspace: undefined, issues };
  };
  const identity = v.safeParse(identitySchema(expectedId), value, { abortEarly: true });
  if (!identity.success) {
    const key = identity.issues[0].path?.[0]?.key;
    const field = typeof key === 'string' ? key : '';
    return drop(IDENTITY_CODES[field] ?? 'not-a-workspace', IDENTITY_CODES[field] ? field : '');
  }
  const { id, revision, files } = identity.output;
  const record = value as Record<string, unknown>; // an object literal: the identity schema said so

  const keptFiles = readFiles(files, issues);
  if (typeof keptFiles === 'string') return drop(keptFiles, 'files');
  const firstPath = Object.keys(keptFiles)[0];

  const name = readName(record['name'], issues);
  let active = record['active'];
  if (typeof active !== 'string' || (active !== '' && !Object.hasOwn(keptFiles, active))) {
    issues.push({ code: 'bad-active', field: 'active' });
    active = firstPath ?? '';
  }
  const workspace: Workspace = {
    id,
    name,
    files: keptFiles,
    active: active as string,
    profile: v.is(profileSchema, record['profile']) ? record['profile'] : (PROFILES[0] ?? 'rfc'),
    reloadMode: v.is(reloadModeSchema, record['reloadMode']) ? record['reloadMode'] : 'hot-swap',
    revision,
    updatedAt: isTime(record['updatedAt']) ? record['updatedAt'] : 0,
  };
  if (!v.is(profileSchema, record['profile']))
    issues.push({ code: 'bad-profile', field: 'profile' });
  if (!v.is(reloadModeSchema, record['reloadMode']))
    issues.push({ code: 'bad-reload-mode', field: 'reloadMode' });
  if (!isTime(record['updatedAt'])) issues.push({ code: 'bad-updated-at', field: 'updatedAt' });

  readExtras(record, workspace, issues);
  return { workspace, issues };
}

/**
 * The stored files that are path → text pairs (a bad one adds `bad-file` and is left out), or the code
 * that drops the whole record: too many files, or too much text.
 */
function readFiles(
  files: Record<string, unknown>,
  issues: RecordIssue[],
): Record<string, string> | 'too-many-files' | 'too-large' {
  const entries = Object.entries(files);
  if (entries.length > STORAGE_LIMITS.maxFiles) return 'too-many-files';
  const kept: Array<[string, string]> = [];
  let total = 0;
  for (const entry of entries) {
    if (!v.is(fileEntrySchema, entry)) {
      issues.push({ code: 'bad-file', field: `files[${JSON.stringify(entry[0].slice(0, 200))}]` });
      continue;
    }
    total += entry[0].length + entry[1].length;
    if (total > STORAGE_LIMITS.maxTotalChars) return 'too-large';
    kept.push(entry);
  }
  // fromEntries defines own properties, so a stored "__proto__" path stays a path.
  return Object.fromEntries(kept);
}

/** Adds the record's optional undo history and format choices to `workspace` when they are valid. */
function readExtras(
  record: Record<string, unknown>,
  workspace: Workspace,
  issues: RecordIssue[],
): void {
  if (record['history'] !== undefined) {
    const history = isPlainObject(record['history']) ? readHistory(record['history']) : undefined;
    if (history) workspace.history = history;
    else issues.push({ code: 'bad-history', field: 'history' });
  }
  if (record['formats'] !== undefined) {
    const formats = readFormats(record['formats'], workspace.files);
    if (Object.keys(formats).length > 0) workspace.formats = formats;
    if (
      !isPlainObject(record['formats']) ||
      Object.keys(formats).length !== Object.keys(record['formats']).length
    )
      issues.push({ code: 'bad-formats', field: 'formats' });
  }
}

/** The stored name, cut to the limit, or the default; a problem adds `bad-name`. */
function readName(value: unknown, issues: RecordIssue[]): string {
  if (!v.is(nameSchema, value)) {
    issues.push({ code: 'bad-name', field: 'name' });
    return UNTITLED;
  }
  if (value.length <= STORAGE_LIMITS.maxNameChars) return value;
  issues.push({ code: 'bad-name', field: 'name' });
  return value.slice(0, STORAGE_LIMITS.maxNameChars);
}

/**
 * Validates a stored meta entry; undefined when it is not one. Never throws. `expectedId`, when given, must equal
 * its id.
 */
export function checkStoredMeta(value: unknown, expectedId?: string): StoredMeta | undefined {
  const parsed = v.safeParse(metaSchema, value, { abortEarly: true });
  if (!parsed.success || (expectedId !== undefined && parsed.output.id !== expectedId))
    return undefined;
  return parsed.output;
}

/** The meta entry of a workspace. */
export function metaOf(ws: Workspace): StoredMeta {
  return {
    id: ws.id,
    name: ws.name,
    updatedAt: ws.updatedAt,
    fileCount: Object.keys(ws.files).length,
    revision: ws.revision,
  };
}

/** Why a workspace cannot be saved although it is well formed: it is over a size limit. */
export type OversizeCode = 'too-many-files' | 'too-large';

/** A plain-data copy ready to store, or the size limit the workspace is over. */
export type SnapshotResult =
  { ok: true; workspace: Workspace } | { ok: false; code: OversizeCode; message: string };

/**
 * Copies a workspace the app hands in (possibly a Svelte state proxy) into plain, structured-cloneable data.
 * Throws a `TypeError` on a malformed workspace (a programmer error); returns `ok: false` when it is only too
 * large to store. An undo history that is not JSON is left out rather than failing the save.
 */
export function snapshotWorkspace(ws: Workspace): SnapshotResult {
  const fail = (field: string, want: string): never => {
    throw new TypeError(`Workspace ${field} must be ${want}.`);
  };
  if (typeof ws !== 'object' || ws === null) throw new TypeError('A workspace must be an object.');
  if (!isId(ws.id))
    fail('id', `a non-empty string of at most ${STORAGE_LIMITS.maxIdChars} characters`);
  if (!isRevision(ws.revision)) fail('revision', 'a whole number of at least 1');
  if (typeof ws.name !== 'string') fail('name', 'a string');
  if (!PROFILES.includes(ws.profile)) fail('profile', `one of ${PROFILES.join(', ')}`);
  if (!RELOAD_MODES.includes(ws.reloadMode))
    fail('reloadMode', `one of ${RELOAD_MODES.join(', ')}`);
  if (!isTime(ws.updatedAt)) fail('updatedAt', 'milliseconds since the epoch');
  if (typeof ws.active !== 'string') fail('active', 'a string');
  if (typeof ws.files !== 'object' || ws.files === null) fail('files', 'an object');

  const entries = Object.entries(ws.files);
  if (entries.length > STORAGE_LIMITS.maxFiles) {
    return {
      ok: false,
      code: 'too-many-files',
      message: `This workspace has more than ${STORAGE_LIMITS.maxFiles.toLocaleString('en')} files, too many to save. Download it to keep it.`,
    };
  }
  let total = 0;
  for (const [path, text] of entries) {
    if (typeof text !== 'string') fail(`files[${JSON.stringify(path)}]`, 'a string');
    if (!isPath(path))
      fail(`file path ${JSON.stringify(path.slice(0, 200))}`, 'non-empty, without NUL');
    total += path.length + text.length;
  }
  if (total > STORAGE_LIMITS.maxTotalChars) {
    return {
      ok: false,
      code: 'too-large',
      message: `This workspace holds more than ${STORAGE_LIMITS.maxTotalChars / 1024 / 1024} MiB of text, too much to save. Download it to keep it.`,
    };
  }
  const workspace: Workspace = {
    id: ws.id,
    name: ws.name.slice(0, STORAGE_LIMITS.maxNameChars),
    files: Object.fromEntries(entries),
    active: ws.active,
    profile: ws.profile,
    reloadMode: ws.reloadMode,
    revision: ws.revision,
    updatedAt: ws.updatedAt,
  };
  if (ws.history !== undefined) {
    const history = readHistory(ws.history);
    if (history) workspace.history = history;
  }
  if (ws.formats !== undefined) {
    const formats = readFormats(ws.formats, workspace.files);
    if (Object.keys(formats).length > 0) workspace.formats = formats;
  }
  return { ok: true, workspace };
}

/** The format choices of `value` that name a file of `files` and a known format; others are dropped. */
function readFormats(value: unknown, files: Record<string, string>): Record<string, FormatId> {
  if (!isPlainObject(value)) return {};
  // fromEntries defines own properties, so a "__proto__" path stays a path.
  return Object.fromEntries(
    Object.entries(value).filter(
      ([path, format]) => Object.hasOwn(files, path) && v.is(formatSchema, format),
    ),
  ) as Record<string, FormatId>;
}
