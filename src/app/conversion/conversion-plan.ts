/**
 * What a conversion does to the workspace, planned before anything is written: the converted files go
 * into the folder of the card they came from, under names that are free; "Replace" also takes the
 * card out of its file (the whole file when the card is all it holds). The agent name a copy gets is
 * checked here too, so that adding a converted agent never brings a `duplicate-name` nobody asked for.
 */
import { hasControls, type FormatId } from '../../core/index.ts';
import { freePath } from '../files/free-path.ts';

/** Where a converted card came from: its file as the conversion saw it, and the card's place in it. */
export interface CardSource {
  file: string;
  /** The text of `file` when the conversion was made (a replace refuses to cut a file that changed since). */
  fileText: string;
  /** The card's range in `fileText`, `[from, to)`. */
  from: number;
  to: number;
  /** How many cards `file` holds. */
  cards: number;
}

/** A change to the workspace's files: files removed, existing files rewritten, new files added. */
export interface WorkspaceEdit {
  remove: string[];
  write: Record<string, string>;
  add: Record<string, string>;
}

/** The card's own text (what the preview shows beside the conversion). */
export function cardText(source: CardSource): string {
  return source.fileText.slice(source.from, source.to);
}

/**
 * A name for a copy of agent `name` converted to `to` that `taken` does not hold: `name_to`, then
 * `name_to_2`, `name_to_3`, …
 */
export function suggestName(name: string, to: FormatId, taken: (name: string) => boolean): string {
  const base = `${name}_${to}`;
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}_${n}`)) return `${base}_${n}`;
}

/** Why `name` cannot name an agent at all (blank, spaces around it, control characters); '' when it can. */
export function nameSyntaxProblem(name: string): string {
  if (name.trim() === '') return 'The agent needs a name.';
  if (name !== name.trim()) return 'An agent name may not start or end with a space.';
  if (hasControls(name) || name.includes('\t'))
    return 'An agent name may not contain control characters.';
  return '';
}

/**
 * Why `name` cannot be the name of the converted agent; '' when it can. `names` are the agent names of
 * the workspace now, the original's included; with `replacing`, the original's own name is free (its
 * card goes). Refused: an empty name, control characters, and a name another agent has.
 */
export function nameProblem(
  name: string,
  options: { names: readonly string[]; original: string; replacing: boolean },
): string {
  const syntax = nameSyntaxProblem(name);
  if (syntax) return syntax;
  const { names, original, replacing } = options;
  const others = names.filter((n) => n === name).length - (replacing && name === original ? 1 : 0);
  if (others <= 0) return '';
  return name === original
    ? `${name} is the original's name: adding a copy under it gives both a duplicate-name error.`
    : `An agent named ${name} exists already.`;
}

/**
 * The paths the converted `files` get beside `source` (in its folder), each free of `taken` and of one
 * another. Keys keep the conversion's order.
 */
export function placeFiles(
  source: Pick<CardSource, 'file'>,
  files: Record<string, string>,
  taken: (path: string) => boolean,
): Record<string, string> {
  const folder = source.file.slice(0, source.file.lastIndexOf('/') + 1);
  const placed: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    const path = freePath(`${folder}${name}`, (p) => taken(p) || Object.hasOwn(placed, p));
    placed[path] = text;
  }
  return placed;
}

/** Adding the converted `files` beside `source`, the original left as it is. */
export function additionEdit(
  source: CardSource,
  files: Record<string, string>,
  taken: (path: string) => boolean,
): WorkspaceEdit {
  return { remove: [], write: {}, add: placeFiles(source, files, taken) };
}

/**
 * Replacing the card of `source` by the converted `files`: a file that holds only that card is removed,
 * else the card's range is cut out of it (the cards around it stay as they were); the new files go
 * beside it. Null when `current`, the file's text now, is not the text the conversion saw.
 */
export function replacementEdit(
  source: CardSource,
  files: Record<string, string>,
  current: string | undefined,
  taken: (path: string) => boolean,
): WorkspaceEdit | null {
  if (current !== source.fileText) return null;
  const whole = source.cards <= 1;
  const remove = whole ? [source.file] : [];
  const write = whole
    ? {}
    : { [source.file]: current.slice(0, source.from) + current.slice(source.to) };
  const add = placeFiles(source, files, (p) => (p === source.file ? !whole : taken(p)));
  return { remove, write, add };
}

/**
 * The edit that undoes `edit`, which was applied when the files it removed or rewrote held `before`
 * (path → text). Null when the workspace changed since (`now(path)`: a file's text now, undefined when
 * there is none): an added file edited or gone, a rewritten file edited, a removed path taken again.
 */
export function undoEdit(
  edit: WorkspaceEdit,
  before: Readonly<Record<string, string>>,
  now: (path: string) => string | undefined,
): WorkspaceEdit | null {
  const same = (files: Record<string, string>) =>
    Object.entries(files).every(([path, text]) => now(path) === text);
  // A removed path the edit added again is checked as an added file.
  const retaken = (path: string) => !Object.hasOwn(edit.add, path) && now(path) !== undefined;
  if (!same(edit.add) || !same(edit.write) || edit.remove.some(retaken)) return null;
  const restore = (paths: string[]) =>
    Object.fromEntries(paths.flatMap((p) => (Object.hasOwn(before, p) ? [[p, before[p]!]] : [])));
  return {
    remove: Object.keys(edit.add),
    write: restore(Object.keys(edit.write)),
    add: restore(edit.remove),
  };
}
