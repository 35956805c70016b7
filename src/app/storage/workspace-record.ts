/**
 * The stored form of a workspace: size limits, the validation of records read back from storage (untrusted),
 * and the plain-data snapshot written to it. Pure: no storage, no DOM.
 */
import { FORMAT_IDS, PROFILES, type FormatId, type Profile } from '../../core/index.ts';
import type { ReloadMode, Workspace, WorkspaceMeta } from '../state/workspace-types.ts';

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

/** True for an object literal (not an array, Map, Date or class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= STORAGE_LIMITS.maxIdChars;
}

function isRevision(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isPath(path: string): boolean {
  return path.length > 0 && path.length <= STORAGE_LIMITS.maxPathChars && !path.includes('\0');
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
  if (!isPlainObject(value)) return drop('not-a-workspace', '');
  const { id, revision, files } = value;
  if (!isId(id) || (expectedId !== undefined && id !== expectedId)) return drop('bad-id', 'id');
  if (!isRevision(revision)) return drop('bad-revision', 'revision');
  if (!isPlainObject(files)) return drop('bad-files', 'files');

  const paths = Object.keys(files);
  if (paths.length > STORAGE_LIMITS.maxFiles) return drop('too-many-files', 'files');
  const kept: Array<[string, string]> = [];
  let total = 0;
  for (const path of paths) {
    const text = files[path];
    if (typeof text !== 'string' || !isPath(path)) {
      issues.push({ code: 'bad-file', field: `files[${JSON.stringify(path.slice(0, 200))}]` });
      continue;
    }
    total += path.length + text.length;
    if (total > STORAGE_LIMITS.maxTotalChars) return drop('too-large', 'files');
    kept.push([path, text]);
  }
  // fromEntries defines own properties, so a stored "__proto__" path stays a path.
  const keptFiles: Record<string, string> = Object.fromEntries(kept);

  let name = UNTITLED;
  if (typeof value.name !== 'string') issues.push({ code: 'bad-name', field: 'name' });
  else if (value.name.length > STORAGE_LIMITS.maxNameChars) {
    issues.push({ code: 'bad-name', field: 'name' });
    name = value.name.slice(0, STORAGE_LIMITS.maxNameChars);
  } else name = value.name;

  let active: string;
  if (
    typeof value.active === 'string' &&
    (value.active === '' || Object.hasOwn(keptFiles, value.active))
  )
    active = value.active;
  else {
    issues.push({ code: 'bad-active', field: 'active' });
    active = kept[0]?.[0] ?? '';
  }

  let profile: Profile = PROFILES[0] ?? 'rfc';
  if (PROFILES.includes(value.profile as Profile)) profile = value.profile as Profile;
  else issues.push({ code: 'bad-profile', field: 'profile' });

  let reloadMode: ReloadMode = 'hot-swap';
  if (RELOAD_MODES.includes(value.reloadMode as ReloadMode))
    reloadMode = value.reloadMode as ReloadMode;
  else issues.push({ code: 'bad-reload-mode', field: 'reloadMode' });

  let updatedAt = 0;
  if (isTime(value.updatedAt)) updatedAt = value.updatedAt;
  else issues.push({ code: 'bad-updated-at', field: 'updatedAt' });

  const workspace: Workspace = {
    id,
    name,
    files: keptFiles,
    active,
    profile,
    reloadMode,
    revision,
    updatedAt,
  };
  if (value.history !== undefined) {
    const history = isPlainObject(value.history) ? readHistory(value.history) : undefined;
    if (history) workspace.history = history;
    else issues.push({ code: 'bad-history', field: 'history' });
  }
  if (value.formats !== undefined) {
    const formats = readFormats(value.formats, keptFiles);
    if (Object.keys(formats).length > 0) workspace.formats = formats;
    if (
      !isPlainObject(value.formats) ||
      Object.keys(formats).length !== Object.keys(value.formats).length
    )
      issues.push({ code: 'bad-formats', field: 'formats' });
  }
  return { workspace, issues };
}

/**
 * Validates a stored meta entry; undefined when it is not one. Never throws. `expectedId`, when given, must equal
 * its id.
 */
export function checkStoredMeta(value: unknown, expectedId?: string): StoredMeta | undefined {
  if (!isPlainObject(value)) return undefined;
  const { id, name, updatedAt, fileCount, revision } = value;
  if (!isId(id) || (expectedId !== undefined && id !== expectedId)) return undefined;
  if (typeof name !== 'string' || name.length > STORAGE_LIMITS.maxNameChars) return undefined;
  if (!isTime(updatedAt) || !isRevision(revision)) return undefined;
  if (!Number.isSafeInteger(fileCount) || (fileCount as number) < 0) return undefined;
  return { id, name, updatedAt, fileCount: fileCount as number, revision };
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
      ([path, format]) => Object.hasOwn(files, path) && FORMAT_IDS.includes(format as FormatId),
    ),
  ) as Record<string, FormatId>;
}
