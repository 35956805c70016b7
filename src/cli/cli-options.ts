import { parseArgs } from 'node:util';
import { didYouMean, escapeControls, PROFILES } from '../core/index.ts';

/** One option of a command: how `node:util` parses it and how `--help` lists it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** A one-letter alias (`q` for `-q`). */
  readonly short?: string;
  /** The value's placeholder in the help (`N`, `DIR`); string options only. */
  readonly value?: string;
  /** The values allowed; anything else is a usage error with a "did you mean". */
  readonly choices?: readonly string[];
  /** What the option does, for `--help`; `\n` starts a continuation line. */
  readonly help: string;
}

/**
 * A command's options, keyed by long name without the dashes. A boolean option `no-X` beside a boolean
 * `X` negates it: the later of the two on the command line wins, and the value lands on `X`.
 */
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** `--profile NAME`, as the commands that read a load-set (`check`, `graph`) list it. */
export const PROFILE_OPTION = {
  type: 'string',
  value: 'NAME',
  choices: PROFILES,
  help: 'rfc (default): the RFC as written;\nfast-agent: what fast-agent 0.10.9 does',
} as const satisfies OptionSpec;

/** `--root DIR` and `--allow-outside-root`: where files that cards name may be read (docs/reading-files.md). */
export const ROOT_OPTIONS = {
  root: {
    type: 'string',
    value: 'DIR',
    help: 'the load-set root: files that cards name are read only inside it\n(default: the Git repository of the PATHs; see docs/reading-files.md)',
  },
  'allow-outside-root': {
    type: 'boolean',
    help: 'read files that cards name anywhere (trusted cards on your own machine)',
  },
} as const satisfies OptionTable;

/** `-h`, `--help`: every command has it. */
export const HELP_OPTION = {
  type: 'boolean',
  short: 'h',
  help: 'show this help',
} as const satisfies OptionSpec;

/** The parsed values: a string for string options, a boolean for boolean ones; absent when not given. */
export type OptionValues<T extends OptionTable> = {
  [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean;
};

/** What `parseOptions` returns for good arguments. */
export interface ParsedOptions<T extends OptionTable> {
  values: OptionValues<T>;
  positionals: string[];
}

/**
 * Parses `args` against `table` with `node:util`'s `parseArgs`, as strictly as its `strict` mode but
 * with our own wording: the tokens are checked here (rather than catching `parseArgs`' errors) so that
 * each problem names the option as typed and can suggest the closest one. Returns the problem, one line
 * without the command's name, for unknown options, a missing or empty value, a value for a boolean option
 * and a value outside `choices`. Later repeats of an option win. Everything after `--` is a positional.
 */
export function parseOptions<T extends OptionTable>(
  args: readonly string[],
  table: T,
): ParsedOptions<T> | { problem: string } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, spec] of Object.entries(table))
    options[name] = { type: spec.type, ...(spec.short ? { short: spec.short } : {}) };
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = table[token.name];
    if (spec === undefined)
      return { problem: `unknown option ${quote(token.rawName)}${suggest(token.rawName, table)}` };
    // A known option's name is one of ours, safe to print as it is.
    const shown = token.rawName;
    if (spec.type === 'boolean') {
      if (token.value !== undefined) return { problem: `${shown} takes no value` };
      const negated = token.name.startsWith('no-') ? token.name.slice(3) : undefined;
      if (negated !== undefined && table[negated]?.type === 'boolean') values[negated] = false;
      else values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || value === '') return { problem: `${shown} needs a value` };
    // `parseArgs` would take the next option as the value; its strict mode calls that ambiguous.
    if (!token.inlineValue && value.startsWith('-'))
      return {
        problem: `${shown} needs a value (write ${token.rawName}=${escapeControls(value)} if ${quote(value)} is the value)`,
      };
    if (spec.choices && !spec.choices.includes(value))
      return {
        problem: `${shown} must be one of ${spec.choices.join(', ')}, not ${quote(value)}${suggest(value, spec.choices)}`,
      };
    values[token.name] = value;
  }
  return { values: values as OptionValues<T>, positionals };
}

/** `'text'` with control characters escaped: names typed by the user go back to the terminal. */
export function quote(text: string): string {
  return `'${escapeControls(text)}'`;
}

/**
 * `; did you mean 'X'?` when a candidate is close to `word`, else ''. Never for a one-letter option
 * (`-x`), which any other one-letter option is one edit from.
 */
export function suggest(word: string, candidates: OptionTable | readonly string[]): string {
  const names = Array.isArray(candidates)
    ? candidates
    : Object.entries(candidates as OptionTable).flatMap(([name, spec]) => [
        `--${name}`,
        ...(spec.short ? [`-${spec.short}`] : []),
      ]);
  if (word.replace(/^-+/, '').length < 2) return '';
  const near = didYouMean(word, names);
  return near === undefined ? '' : `; did you mean ${quote(near)}?`;
}

/** The options part of a command's help: one aligned entry per option, in the table's order. */
export function optionHelp(table: OptionTable): string {
  const entries = Object.entries(table).map(([name, spec]) => {
    const value = spec.value ?? (spec.choices ? spec.choices.join('|') : 'VALUE');
    const long = `--${name}${spec.type === 'string' ? ` ${value}` : ''}`;
    return { left: spec.short ? `-${spec.short}, ${long}` : `    ${long}`, help: spec.help };
  });
  const width = Math.max(...entries.map((e) => e.left.length)) + 2;
  return entries
    .map(({ left, help }) =>
      help
        .split('\n')
        .map((line, i) => `  ${(i === 0 ? left : '').padEnd(width)}${line}`)
        .join('\n'),
    )
    .join('\n');
}
