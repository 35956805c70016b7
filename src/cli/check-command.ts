import {
  checkLoadSet,
  FORMAT_IDS,
  type CheckOptions,
  type CheckResult,
  localCalendarDate,
  type FormatId,
  type Profile,
} from '../core/index.ts';
import { useColor } from './ansi.ts';
import {
  HELP_OPTION,
  optionHelp,
  type OptionTable,
  type OptionValues,
  parseOptions,
  PROFILE_OPTION,
  ROOT_OPTIONS,
} from './cli-options.ts';
import { runFixes } from './fix-run.ts';
import { EXIT, EXIT_CODES_HELP, usageError, type Io } from './io.ts';
import { addDiscovered, addStdin, loadPaths, type DiskLoadSet } from './load-paths.ts';
import { boundedIsDirectory, decodeUtf8, diskReader, readBoundary } from './read-boundary.ts';
import { formatReport, REPORTERS, type ReporterName } from './reporters.ts';

/** The options of `agentcard check`, in the order `--help` lists them: one entry per option. */
export const CHECK_OPTIONS = {
  reporter: {
    type: 'string',
    value: 'NAME',
    choices: REPORTERS,
    help: 'human (default), github or json: see Reporters below',
  },
  json: { type: 'boolean', help: 'the same as --reporter json' },
  'max-warnings': {
    type: 'string',
    value: 'N',
    help: 'also exit 1 when there are more than N warnings',
  },
  profile: PROFILE_OPTION,
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: FORMAT_IDS,
    help: `read every file a format claims (and every file named) as FORMAT instead:\n${FORMAT_IDS.join(', ')}`,
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    help: 'show errors only (the summary still counts every problem)',
  },
  pretty: {
    type: 'boolean',
    help: 'group problems under their file and quote each source line\n(the default when stdout is a terminal)',
  },
  'no-pretty': { type: 'boolean', help: 'one line per problem, also at a terminal' },
  color: {
    type: 'boolean',
    help: 'colour the output (default: when stdout is a terminal, unless NO_COLOR\nis set; FORCE_COLOR=1 or 0 forces it on or off)',
  },
  'no-color': { type: 'boolean', help: 'do not colour the output' },
  stdin: {
    type: 'boolean',
    help: 'check the text on standard input, as the file --stdin-filename names',
  },
  'stdin-filename': {
    type: 'string',
    value: 'PATH',
    help: 'where the --stdin text is checked as if it were: its format and the\nfiles it names (messages:, tools.py) are found from there',
  },
  fix: {
    type: 'boolean',
    help: 'apply every safe fix in place (files inside the load-set root only),\nthen report what remains',
  },
  'fix-dry-run': {
    type: 'boolean',
    help: 'print the fixes --fix would apply as a unified diff; write nothing',
  },
  'fix-unsafe': {
    type: 'boolean',
    help: 'with --fix or --fix-dry-run (alone: --fix), also apply the fixes\nthat are not safe (they may change what a card means)',
  },
  ...ROOT_OPTIONS,
  help: HELP_OPTION,
} as const satisfies OptionTable;

/** `agentcard check --help`. */
export const CHECK_USAGE = `Usage: agentcard check [options] PATH...
       agentcard check [options] --stdin --stdin-filename PATH [PATH...]

Checks agent definitions and folders of them as one load-set: AgentCard (.md, .markdown, .yaml,
.yml), AFM (*.afm.md), OpenAgentSpec, TsAgent agent folders and A2A AgentCard JSON, each file in its
detected format. With --stdin, the text on standard input takes the place of the file at
--stdin-filename (which need not exist), checked alone or with the PATHs given.

Options:
${optionHelp(CHECK_OPTIONS)}

Reporters:
  human    at a terminal: problems grouped under each file, the source line underlined, colours;
           otherwise (or with --no-pretty): one line per problem, file:line:col severity code message;
           then a summary line
  github   GitHub Actions annotations (::error file=…,line=…::message), then the summary line
  json     one JSON object {agents, diagnostics}; a diagnostic the checker can fix has
           fixes: [{title, safe, edits: [{file, from, to, insert, line, column, …}]}]
Control characters from the cards are shown escaped (\\e, \\n, \\u202e) by every reporter but json.

${EXIT_CODES_HELP}`;

/** What `agentcard check` was given. */
type CheckValues = OptionValues<typeof CHECK_OPTIONS>;

/** Runs `agentcard check` (the arguments after the command name) and returns the exit code. */
export function runCheck(args: readonly string[], io: Io): number {
  const parsed = parseOptions(args, CHECK_OPTIONS);
  if ('problem' in parsed) return usageError(io, 'agentcard check', parsed.problem);
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(CHECK_USAGE + '\n');
    return EXIT.ok;
  }
  const problem = argumentProblem(values, positionals.length);
  if (problem !== undefined) return usageError(io, 'agentcard check', problem);
  const stdinFilename = values['stdin-filename'];
  const boundary = readBoundary(
    {
      root: values.root,
      allowOutsideRoot: values['allow-outside-root'] === true,
      paths: stdinFilename === undefined ? positionals : [...positionals, stdinFilename],
    },
    io.cwd,
  );
  if (typeof boundary === 'string') return usageError(io, 'agentcard check', boundary);
  const loaded = loadPaths(positionals, io.cwd);
  if (stdinFilename !== undefined) {
    const text = readStdin(io);
    if (text === undefined) loaded.errors.push('cannot read standard input');
    else addStdin(loaded, stdinFilename, text, io.cwd);
  }
  if (loaded.errors.length > 0) return loadErrors(loaded.errors, io);
  const optionsFor = (set: DiskLoadSet): CheckOptions => ({
    profile: (values.profile ?? 'rfc') as Profile,
    cards: set.cards,
    discovered: set.discovered,
    ...(values.format ? { format: values.format as FormatId } : {}),
    readFile: diskReader(set, boundary, io.cwd),
    ...(io.env ? { env: definedOnly(io.env) } : {}),
    today: localCalendarDate(io.now?.() ?? new Date()),
    isDirectory: boundedIsDirectory(boundary, io.cwd),
  });
  let checked: DiskLoadSet = loaded;
  if (values.fix === true || values['fix-dry-run'] === true || values['fix-unsafe'] === true) {
    const outcome = runFixes(loaded.files, optionsFor(loaded), values, boundary.root, io);
    if (outcome.kind === 'stop') return outcome.code;
    // The report is a fresh check of what is now on disk: the paths given and the files created.
    checked = loadPaths(positionals, io.cwd);
    for (const file of outcome.created) addDiscovered(checked, file, io.cwd);
    if (checked.errors.length > 0) return loadErrors(checked.errors, io);
  }
  const result = checkLoadSet(checked.files, optionsFor(checked));
  printReport(values, checked, result, diskReader(checked, boundary, io.cwd), io);
  return exitCode(result, values['max-warnings'], io);
}

/** Why the options cannot go together (a usage error), or undefined when they can. */
function argumentProblem(values: CheckValues, paths: number): string | undefined {
  const maxWarnings = values['max-warnings'];
  if (maxWarnings !== undefined && !/^\d+$/.test(maxWarnings))
    return '--max-warnings needs a whole number of warnings (0 or more)';
  const stdinFilename = values['stdin-filename'];
  if (stdinFilename !== undefined && !values.stdin) return '--stdin-filename is for --stdin';
  if (values.stdin && stdinFilename === undefined) return '--stdin needs --stdin-filename PATH';
  if (values.stdin && (values.fix || values['fix-dry-run'] || values['fix-unsafe']))
    return '--fix cannot write back to standard input';
  if (!values.stdin && paths === 0) return 'no PATH given';
  return undefined;
}

/** Prints why the paths could not be read; the exit code of a usage error. */
function loadErrors(errors: readonly string[], io: Io): number {
  for (const error of errors) io.err(`agentcard: ${error}\n`);
  return EXIT.usage;
}

/** Prints the result with the reporter the options choose. */
function printReport(
  values: CheckValues,
  checked: DiskLoadSet,
  result: CheckResult,
  readFile: ReturnType<typeof diskReader>,
  io: Io,
): void {
  const reporter: ReporterName = values.json
    ? 'json'
    : ((values.reporter ?? 'human') as ReporterName);
  const isTTY = io.isTTY === true;
  const report = {
    result,
    fileCount: checked.cards.length,
    source: (file: string) => {
      const text = checked.files[file] ?? readFile(file);
      return typeof text === 'string' ? text : undefined;
    },
  };
  io.out(
    formatReport(reporter, report, {
      pretty: values.pretty ?? isTTY,
      color: useColor(values.color, io.env ?? {}, isTTY),
      quiet: values.quiet === true,
    }),
  );
}

/** Errors fail the check; warnings only past `--max-warnings` (said on standard error). */
function exitCode(result: CheckResult, maxWarnings: string | undefined, io: Io): number {
  if (result.diagnostics.some((d) => d.severity === 'error')) return EXIT.errors;
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
  if (maxWarnings !== undefined && warnings > Number(maxWarnings)) {
    io.err(
      `agentcard: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}\n`,
    );
    return EXIT.errors;
  }
  return EXIT.ok;
}

function readStdin(io: Io): string | undefined {
  try {
    const bytes = io.readStdin?.();
    return bytes === undefined ? undefined : decodeUtf8(bytes);
  } catch {
    return undefined;
  }
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
