/**
 * `agentcard embed` and `agentcard link`: the snippets that put files on a docs page (an `agentcard` fence, the
 * `<agentcard-playground>` element, an iframe), and their permalink. The same text as the playground's Share
 * dialog, made from files on disk.
 */
import { readFileSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { encodePermalinkSync } from '../permalink/encode-sync.ts';
import { escapeControls, PROFILES, type Profile } from '../core/index.ts';
import { embedSnippets } from '../markdown/embed-snippets.ts';
import { HELP_OPTION, optionHelp, type OptionTable, parseOptions, quote } from './cli-options.ts';
import { EXIT, usageError, type Io } from './io.ts';
import { printData } from './terminal-text.ts';

/** Where the snippets point when neither `--playground` nor `AGENTCARD_PLAYGROUND` says. */
export const PLACEHOLDER_PLAYGROUND = 'https://playground.example/';

const PLAYGROUND_OPTION = {
  type: 'string',
  value: 'URL',
  help: `the playground's URL (default: $AGENTCARD_PLAYGROUND, else ${PLACEHOLDER_PLAYGROUND})`,
} as const;
const PROFILE_OPTION = {
  type: 'string',
  value: 'PROFILE',
  choices: PROFILES,
  help: 'rfc (default) | fast-agent',
} as const;

/** The options of `agentcard embed`. */
export const EMBED_OPTIONS = {
  view: {
    type: 'string',
    value: 'VIEW',
    help: 'split (default) | editor | output | graph',
  },
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: ['all', 'fence', 'element', 'iframe'],
    help: 'all (default) | fence | element | iframe',
  },
  profile: PROFILE_OPTION,
  playground: PLAYGROUND_OPTION,
  help: HELP_OPTION,
} as const satisfies OptionTable;

/** The options of `agentcard link`. */
export const LINK_OPTIONS = {
  profile: PROFILE_OPTION,
  playground: PLAYGROUND_OPTION,
  help: HELP_OPTION,
} as const satisfies OptionTable;

export const EMBED_USAGE = `Usage: agentcard embed [options] FILE...

Prints how to show FILEs (the first is shown first) live on a docs page: an \`agentcard\` fence for a site
with the Markdown plugins, the <agentcard-playground> element, and an iframe.

Options:
${optionHelp(EMBED_OPTIONS)}`;

export const LINK_USAGE = `Usage: agentcard link [options] FILE...

Prints a playground link (#v1: permalink) that opens FILEs (the first is shown first).

Options:
${optionHelp(LINK_OPTIONS)}`;

/** `agentcard embed`. */
export function runEmbed(args: string[], io: Io): number {
  const parsed = parseOptions(args, EMBED_OPTIONS);
  if ('problem' in parsed) return usageError(io, 'agentcard embed', parsed.problem);
  if (parsed.values.help) return printed(io, EMBED_USAGE);
  const view = parsed.values.view;
  if (view !== undefined && !/^[a-z][a-z-]{0,19}$/.test(view))
    return usageError(io, 'agentcard embed', `--view ${quote(view)} is not a view name`);
  const workspace = readWorkspace('agentcard embed', parsed.positionals, parsed.values.profile, io);
  if (typeof workspace === 'number') return workspace;
  const snippets = embedSnippets({
    ...workspace,
    playground: playgroundOf(parsed.values, io),
    view,
  });
  const format = (parsed.values.format ?? 'all') as 'all' | 'fence' | 'element' | 'iframe';
  if (format === 'fence' && snippets.fenceProblem) {
    io.err(`agentcard embed: ${snippets.fenceProblem}\n`);
    return EXIT.usage;
  }
  if (format !== 'all') return printed(io, snippets[format]);
  return printed(
    io,
    [
      '<!-- Markdown (a site with agentcard-playground/markdown-it or /remark) -->',
      snippets.fence,
      '',
      '<!-- HTML: the element -->',
      snippets.element,
      '',
      '<!-- HTML: an iframe (docs/embedding.md has the script that follows its height) -->',
      snippets.iframe,
    ].join('\n'),
  );
}

/** `agentcard link`. */
export function runLink(args: string[], io: Io): number {
  const parsed = parseOptions(args, LINK_OPTIONS);
  if ('problem' in parsed) return usageError(io, 'agentcard link', parsed.problem);
  if (parsed.values.help) return printed(io, LINK_USAGE);
  const workspace = readWorkspace('agentcard link', parsed.positionals, parsed.values.profile, io);
  if (typeof workspace === 'number') return workspace;
  const base = parsed.values.playground ?? io.env?.['AGENTCARD_PLAYGROUND'];
  return printed(io, base ? new URL(workspace.permalink, base).href : workspace.permalink);
}

function printed(io: Io, text: string): number {
  printData(io, 'agentcard', `${text}\n`);
  return EXIT.ok;
}

function playgroundOf(values: { playground?: string }, io: Io): string {
  return values.playground ?? io.env?.['AGENTCARD_PLAYGROUND'] ?? PLACEHOLDER_PLAYGROUND;
}

/**
 * Reads the files into a permalink's workspace, named by their paths relative to the working folder (by their
 * base name when outside it). A usage exit code when there are none, one is unreadable or they cannot make a
 * link.
 */
function readWorkspace(command: string, paths: string[], profile: string | undefined, io: Io) {
  if (paths.length === 0) return usageError(io, command, 'give at least one FILE');
  const files: Record<string, string> = {};
  for (const path of paths) {
    const full = resolve(io.cwd, path);
    let text: string;
    try {
      text = readFileSync(full, 'utf8');
    } catch {
      return usageError(io, command, `cannot read ${quote(path)}`);
    }
    const inside = relative(io.cwd, full);
    const name = inside.startsWith('..') || isAbsolute(inside) ? basename(full) : inside;
    files[name.split(sep).join('/')] = text;
  }
  const active = Object.keys(files)[0]!;
  const chosen = (profile ?? 'rfc') as Profile;
  try {
    const permalink = encodePermalinkSync({ files, active, profile: chosen });
    return { files, active, profile: chosen, permalink };
  } catch (error) {
    io.err(`${command}: ${escapeControls((error as Error).message)}\n`);
    return EXIT.usage;
  }
}
