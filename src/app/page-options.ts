/**
 * The main playground's URL options, like the embed's (`embed/embed-options.ts`): `?example=ID` opens an example,
 * `?profile=rfc|fast-agent` picks the checker profile, `?theme=auto|light|dark` the colours and `?file=PATH` the
 * file shown. The query string is untrusted (anyone can write a link): each value goes through a valibot schema,
 * and a bad one is ignored with a note the page shows, never a crash. Other parameters are left alone.
 * `docs/playground.md` documents them.
 */
import * as v from 'valibot';
import { PROFILES, type Profile } from '../core/index.ts';
import { EXAMPLES, type Example } from './examples.ts';
import type { ThemeChoice } from './theme.svelte.ts';

/** The names of the options, in the order they are applied. */
export const PAGE_OPTION_NAMES = ['example', 'profile', 'theme', 'file'] as const;

/** The longest `file` taken, in characters (as the embed's). */
export const MAX_FILE_OPTION_CHARS = 300;

/** The options read from a URL; each is absent when not given or not valid. */
export interface PageOptions {
  example?: Example;
  profile?: Profile;
  theme?: ThemeChoice;
  file?: string;
}

/** The options of a query string and one note per value ignored, in option order. */
export interface ParsedPageOptions {
  options: PageOptions;
  /** E.g. `?profile=strict was ignored: the profile is rfc or fast-agent.` */
  notes: string[];
}

const THEMES = ['auto', 'light', 'dark'] as const;

const SCHEMAS = {
  example: v.pipe(
    v.picklist(EXAMPLES.map((e) => e.id)),
    v.transform((id) => EXAMPLES.find((e) => e.id === id)!),
  ),
  profile: v.picklist(PROFILES),
  theme: v.picklist(THEMES),
  file: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(MAX_FILE_OPTION_CHARS),

    v.regex(/^[^\u0000-\u001f\u007f]+$/),
  ),
};

const EXPECTED: Record<(typeof PAGE_OPTION_NAMES)[number], string> = {
  example: `the examples are ${EXAMPLES.map((e) => e.id).join(', ')}`,
  profile: `the profile is ${PROFILES.join(' or ')}`,
  theme: `the theme is ${THEMES.join(', ')}`,
  file: `a file path is 1 to ${MAX_FILE_OPTION_CHARS} characters with no control characters`,
};

/** Reads the options from a query string (`?example=chain&theme=dark`, with or without the `?`). Never throws. */
export function parsePageOptions(search: string): ParsedPageOptions {
  const query = new URLSearchParams(typeof search === 'string' ? search : '');
  const options: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const name of PAGE_OPTION_NAMES) {
    const value = query.get(name);
    if (value === null) continue;
    const parsed = v.safeParse(SCHEMAS[name], value);
    if (parsed.success) options[name] = parsed.output;
    else notes.push(`${describeOption(name, value)} was ignored: ${EXPECTED[name]}.`);
  }
  return { options: options, notes };
}

/** The query string left when the page options are taken out of `search` ('' or `?…`). */
export function withoutPageOptions(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of PAGE_OPTION_NAMES) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** What applying the options acts on (the model and the theme, behind a narrow interface). */
export interface PageOptionTarget {
  /** Opens an example as the gallery would (it may ask first); resolves with whether it opened. */
  openExample(example: Example): Promise<boolean>;
  setProfile(profile: Profile): void;
  setTheme(theme: ThemeChoice): void;
  /** The paths of the open workspace's files. */
  files(): string[];
  showFile(path: string): void;
  /** Shows the notes about ignored options (called once, only when there are some). */
  note(notes: string[]): void;
}

/**
 * Applies parsed options: the example first (so that the profile and the file apply to it), then the profile,
 * the theme and the file. `linkOpened`: a permalink in the fragment opened, which wins over `example`.
 */
export async function applyPageOptions(
  { options, notes }: ParsedPageOptions,
  target: PageOptionTarget,
  linkOpened: boolean,
): Promise<void> {
  const all = [...notes];
  if (options.example && linkOpened)
    all.push(`?example=${options.example.id} was ignored: the shared link opened instead.`);
  else if (options.example) await target.openExample(options.example);
  if (options.profile) target.setProfile(options.profile);
  if (options.theme) target.setTheme(options.theme);
  if (options.file !== undefined) {
    if (target.files().includes(options.file)) target.showFile(options.file);
    else
      all.push(
        `${describeOption('file', options.file)} was ignored: this workspace has no such file.`,
      );
  }
  if (all.length > 0) target.note(all);
}

/** `?name=value` for a note, the value cut short and its control characters shown as `�`. */
function describeOption(name: string, value: string): string {
  const shown = value.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '�');
  return `?${name}=${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}`;
}
