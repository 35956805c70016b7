import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  checkLoadSet,
  CONVERSION_TARGETS,
  convertAgent,
  escapeControls,
  FORMAT_IDS,
  PROFILES,
  type CheckResult,
  type CompiledAgent,
  type FormatId,
  type Profile,
} from '../core/index.ts';
import { HELP_OPTION, optionHelp, type OptionTable, parseOptions, quote } from './cli-options.ts';
import { EXIT, EXIT_CODES_HELP, usageError, type Io } from './io.ts';
import { loadPaths } from './load-paths.ts';
import { diskReader, readBoundary } from './read-boundary.ts';
import { printData } from './terminal-text.ts';

const COMMAND = 'agentcard convert';

/** The options of `agentcard convert`, in the order `--help` lists them: one entry per option. */
export const CONVERT_OPTIONS = {
  to: {
    type: 'string',
    value: 'FORMAT',
    choices: CONVERSION_TARGETS,
    help: 'agentcard | afm | a2a',
  },
  from: {
    type: 'string',
    value: 'FORMAT',
    choices: FORMAT_IDS,
    help: 'read FILE as this format instead of detecting it',
  },
  card: {
    type: 'string',
    value: 'NAME',
    help: 'convert only the agent called NAME (default: every agent of FILE)',
  },
  url: {
    type: 'string',
    value: 'URL',
    help: 'the service URL for an A2A card (required by A2A; a placeholder otherwise)',
  },
  out: {
    type: 'string',
    value: 'DIR',
    help: 'write the converted files into DIR (default: print the one file to stdout)',
  },
  force: { type: 'boolean', help: 'overwrite existing files in DIR' },
  profile: {
    type: 'string',
    value: 'NAME',
    choices: PROFILES,
    help: 'rfc (default) or fast-agent, for reading AgentCard files',
  },
  help: HELP_OPTION,
} as const satisfies OptionTable;

/** `agentcard convert --help`. */
export const CONVERT_USAGE = `Usage: agentcard convert --to FORMAT [options] FILE

Converts the agents FILE defines (any format the checker reads) to FORMAT, through the
canonical AgentConfig. Everything FORMAT cannot express is listed on stderr, never dropped
silently. A card with errors is not converted.

Options:
${optionHelp(CONVERT_OPTIONS)}

${EXIT_CODES_HELP}`;

/**
 * Runs `agentcard convert` (args after the command name). Exit codes as for `check`: 0 converted,
 * 1 nothing could be converted (the source has errors, or no agent matched `--card`), 2 usage or I/O.
 * Names and messages from the source are written with their control characters escaped.
 */
export function runConvert(args: readonly string[], io: Io): number {
  const options = parseOptions(args, CONVERT_OPTIONS);
  if ('problem' in options) return usageError(io, COMMAND, options.problem);
  const { values, positionals } = options;
  if (values.help) {
    io.out(CONVERT_USAGE + '\n');
    return EXIT.ok;
  }
  if (values.to === undefined) return usageError(io, COMMAND, '--to is required');
  if (positionals.length !== 1) return usageError(io, COMMAND, 'give exactly one FILE');
  const parsed = {
    ...values,
    to: values.to as FormatId,
    from: values.from as FormatId | undefined,
    profile: (values.profile ?? 'rfc') as Profile,
    file: positionals[0]!,
  };
  const loaded = loadPaths([parsed.file], io.cwd);
  if (loaded.errors.length > 0) {
    for (const error of loaded.errors) io.err(`${COMMAND}: ${escapeControls(error)}\n`);
    return EXIT.usage;
  }
  const boundary = readBoundary({ paths: [parsed.file] }, io.cwd);
  if (typeof boundary === 'string') return usageError(io, COMMAND, boundary);
  const result = checkLoadSet(loaded.files, {
    profile: parsed.profile,
    cards: loaded.cards,
    discovered: loaded.discovered,
    readFile: diskReader(loaded, boundary, io.cwd),
    ...(parsed.from ? { format: parsed.from } : {}),
  });
  const agents = pickAgents(result, parsed.card, io);
  if (typeof agents === 'number') return agents;
  const written = convertAll(agents, parsed.to, parsed.url, io);
  const paths = Object.keys(written);
  if (parsed.out === undefined) {
    if (paths.length !== 1) {
      io.err(
        `${COMMAND}: ${paths.length} files to write (${escapeControls(paths.join(', '))}); give --out DIR\n`,
      );
      return EXIT.usage;
    }
    printData(io, COMMAND, written[paths[0]!]!);
    return EXIT.ok;
  }
  return writeFiles(written, parsed.out, parsed.force === true, io);
}

/**
 * The agents to convert (all, or the one `--card` names), after printing the source's errors; or the exit
 * code when there is none, or one of them has errors.
 */
function pickAgents(
  result: CheckResult,
  card: string | undefined,
  io: Io,
): CompiledAgent[] | number {
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors)
    io.err(
      `${escapeControls(d.file)}:${d.line}:${d.column} error ${d.code} ${escapeControls(d.message)}\n`,
    );
  const agents = result.compiled.filter((a) => card === undefined || a.name === card);
  if (agents.length === 0) {
    io.err(
      card === undefined
        ? `${COMMAND}: the file defines no agent\n`
        : `${COMMAND}: no agent called ${quote(card)}\n`,
    );
    return EXIT.errors;
  }
  const broken = agents.filter((a) => !a.ok);
  if (broken.length > 0) {
    io.err(
      `${COMMAND}: not converted, fix the errors first: ${broken.map((a) => escapeControls(a.name)).join(', ')}\n`,
    );
    return EXIT.errors;
  }
  return agents;
}

/** Converts each agent to `to` (path → text, all agents' files together), noting what each loses. */
function convertAll(
  agents: readonly CompiledAgent[],
  to: FormatId,
  url: string | undefined,
  io: Io,
): Record<string, string> {
  const written: Record<string, string> = {};
  for (const agent of agents) {
    const conversion = convertAgent(agent, to, {
      baseName: agent.name,
      ...(url ? { url } : {}),
    });
    for (const item of conversion.lost)
      io.err(
        escapeControls(`note: ${agent.name}: ${to} cannot express ${item.field}: ${item.reason}`) +
          '\n',
      );
    Object.assign(written, conversion.files);
  }
  return written;
}

/** Writes the files under `out` (none when one would land outside it, or exists without `force`). */
function writeFiles(written: Record<string, string>, out: string, force: boolean, io: Io): number {
  const paths = Object.keys(written);
  const outDir = resolve(io.cwd, out);
  for (const path of paths) {
    const target = resolve(outDir, path);
    if (!target.startsWith(outDir)) {
      io.err(
        `${COMMAND}: refusing to write outside ${escapeControls(out)}: ${escapeControls(path)}\n`,
      );
      return EXIT.usage;
    }
    if (existsSync(target) && !force) {
      io.err(`${COMMAND}: ${escapeControls(target)} exists (use --force to overwrite)\n`);
      return EXIT.usage;
    }
  }
  for (const path of paths) {
    const target = resolve(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, written[path]!);
    io.err(`wrote ${escapeControls(target)}\n`);
  }
  return EXIT.ok;
}
