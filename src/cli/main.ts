import { readFileSync } from 'node:fs';
import { runCheck, CHECK_USAGE } from './check-command.ts';
import {
  HELP_OPTION,
  optionHelp,
  type OptionTable,
  parseOptions,
  quote,
  suggest,
} from './cli-options.ts';
import { CONVERT_USAGE, runConvert } from './convert-command.ts';
import { GRAPH_USAGE, runGraph } from './graph-command.ts';
import { EMBED_USAGE, LINK_USAGE, runEmbed, runLink } from './embed-command.ts';
import { EXIT, EXIT_CODES_HELP, usageError, type Io } from './io.ts';
import { terminalText } from './terminal-text.ts';

export { toJson } from './reporters.ts';
export { EXIT, type Io } from './io.ts';

/** The commands: how each runs and its `--help`. */
const COMMANDS: Record<string, { run: (args: string[], io: Io) => number; usage: string }> = {
  check: { run: runCheck, usage: CHECK_USAGE },
  convert: { run: runConvert, usage: CONVERT_USAGE },
  graph: { run: runGraph, usage: GRAPH_USAGE },
  embed: { run: runEmbed, usage: EMBED_USAGE },
  link: { run: runLink, usage: LINK_USAGE },
};

/** The options before a command. */
const GLOBAL_OPTIONS = {
  help: HELP_OPTION,
  version: { type: 'boolean', short: 'v', help: 'print the version' },
} as const satisfies OptionTable;

const USAGE = `Usage: agentcard COMMAND [options]

Commands:
  check PATH...       check agent definitions, files and folders, as one load-set
  convert FILE        convert the agents a file defines to another format
  graph PATH...       print the graph of agents and their references (json, mermaid, dot)
  embed FILE...       print a docs-page fence, element and iframe that show FILEs live
  link FILE...        print a playground link that opens FILEs
  help [COMMAND]      show this help, or the help of COMMAND

Options:
${optionHelp(GLOBAL_OPTIONS)}

Run 'agentcard COMMAND --help' for a command's options.

${EXIT_CODES_HELP}`;

/**
 * Runs the command line with `args` (without `node` and the script) and returns the exit code. Whatever
 * a command writes on stderr (messages for people: paths, names, errors from the system) goes through
 * `terminalText`, so no file name or card text can drive the terminal there.
 */
export function run(args: string[], io: Io): number {
  const safeIo: Io = { ...io, err: (text) => io.err(terminalText(text)) };
  return runCommand(args, safeIo);
}

function runCommand(args: string[], io: Io): number {
  const [first, ...rest] = args;
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return COMMANDS[first]!.run(rest, io);
  if (first === 'help') return help(rest, io);
  if (first === undefined || first.startsWith('-')) {
    const parsed = parseOptions(args, GLOBAL_OPTIONS);
    if ('problem' in parsed) return usageError(io, 'agentcard', parsed.problem);
    if (parsed.values.version) {
      io.out(`${version()}\n`);
      return EXIT.ok;
    }
    if (parsed.positionals.length === 0) {
      io.out(USAGE + '\n');
      return EXIT.ok;
    }
    return usageError(io, 'agentcard', 'give the COMMAND first');
  }
  return unknownCommand(first, io);
}

/** `agentcard help [COMMAND]`. */
function help(args: string[], io: Io): number {
  const [name, ...extra] = args;
  if (extra.length > 0) return usageError(io, 'agentcard', 'help takes one COMMAND');
  if (name === undefined) {
    io.out(USAGE + '\n');
    return EXIT.ok;
  }
  if (!Object.hasOwn(COMMANDS, name)) return unknownCommand(name, io);
  io.out(COMMANDS[name]!.usage + '\n');
  return EXIT.ok;
}

function unknownCommand(name: string, io: Io): number {
  return usageError(
    io,
    'agentcard',
    `unknown command ${quote(name)}${suggest(name, [...Object.keys(COMMANDS), 'help'])}`,
  );
}

/** The package's version, from its package.json (beside `src/` and `dist-cli/`). */
export function version(): string {
  const json = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(json) as { version: string }).version;
}
