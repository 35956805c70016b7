import { checkLoadSet, FORMAT_IDS, PROFILES, type FormatId, type Profile } from '../core/index.ts';
import { runConvert } from './convert-command.ts';
import { loadPaths } from './load-paths.ts';
import { boundedIsDirectory, diskReader, readBoundary } from './read-boundary.ts';
import { formatReport, REPORTERS, type ReporterName } from './reporters.ts';

export { toJson } from './reporters.ts';

/**
 * Exit codes: 0 no errors, 1 errors in the cards (or more warnings than `--max-warnings`), 2 usage or I/O
 * problems.
 */
export const EXIT = { ok: 0, errors: 1, usage: 2 } as const;

const USAGE = `Usage: agentcard check [--reporter human|github|json] [--max-warnings N] [--profile rfc|fast-agent]
                       [--format FORMAT] [--root DIR] [--allow-outside-root] PATH...
       agentcard convert --to agentcard|afm|a2a FILE   (see agentcard convert --help)

Checks agent definitions and folders of them as one load-set: AgentCard (.md, .markdown, .yaml,
.yml), AFM (*.afm.md), OpenAgentSpec, TsAgent agent folders and A2A AgentCard JSON, each file in its
detected format.
  --reporter NAME    human (default): one line per problem and a summary;
                     github: GitHub Actions annotations (::error file=…,line=…::message) and the summary;
                     json: one JSON object {agents, diagnostics}
  --json             the same as --reporter json
  --max-warnings N   also exit 1 when there are more than N warnings
  --profile NAME     rfc (default): the RFC as written; fast-agent: what fast-agent 0.10.9 does
  --format FORMAT    read every file a format claims (and every file named) as FORMAT instead:
                     ${FORMAT_IDS.join(', ')}
  --root DIR         the load-set root: files that cards name (messages, {{file:…}}, Python files,
                     fastagent.config.yaml, TsAgent prompt.md) are read only inside it (default:
                     the Git repository holding the PATHs; outside one, the current folder when
                     the PATHs are in it, else their common folder); others get path-outside-root
  --allow-outside-root
                     read files that cards name anywhere (trusted cards only; devices, FIFOs and
                     /proc, /sys, /dev are still never read)
  -h, --help         show this help`;

/** Where the command writes; injected so tests can run it in-process. */
export interface Io {
  cwd: string;
  /** The environment, for `${VAR}` in cards (fast-agent profile); none when absent. */
  env?: Readonly<Record<string, string | undefined>>;
  out: (text: string) => void;
  err: (text: string) => void;
}

interface Parsed {
  reporter: ReporterName;
  /** Most warnings allowed before the exit code is 1; unlimited when undefined. */
  maxWarnings: number | undefined;
  profile: Profile;
  format: FormatId | undefined;
  /** `--root`, as given; the default root when undefined. */
  root: string | undefined;
  allowOutsideRoot: boolean;
  paths: string[];
}

function parseArgs(args: string[]): Parsed | string {
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help') return USAGE;
  if (command !== 'check') return `agentcard: unknown command '${command}'\n\n${USAGE}`;
  const parsed: Parsed = {
    reporter: 'human',
    maxWarnings: undefined,
    profile: 'rfc',
    format: undefined,
    root: undefined,
    allowOutsideRoot: false,
    paths: [],
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const option = (name: string) => arg === name || arg.startsWith(`${name}=`);
    const value = () => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : rest[++i]);
    if (arg === '--json') parsed.reporter = 'json';
    else if (option('--reporter')) {
      const name = value();
      if (!REPORTERS.includes(name as ReporterName))
        return `agentcard: --reporter must be one of ${REPORTERS.join(', ')}`;
      parsed.reporter = name as ReporterName;
    } else if (option('--max-warnings')) {
      const count = value();
      if (count === undefined || !/^\d+$/.test(count))
        return 'agentcard: --max-warnings needs a whole number of warnings (0 or more)';
      parsed.maxWarnings = Number(count);
    } else if (option('--profile')) {
      const profile = value();
      if (!PROFILES.includes(profile as Profile))
        return `agentcard: --profile must be one of ${PROFILES.join(', ')}`;
      parsed.profile = profile as Profile;
    } else if (option('--format')) {
      const format = value();
      if (!FORMAT_IDS.includes(format as FormatId))
        return `agentcard: --format must be one of ${FORMAT_IDS.join(', ')}`;
      parsed.format = format as FormatId;
    } else if (option('--root')) {
      const root = value();
      if (root === undefined || root === '') return 'agentcard: --root needs a folder';
      parsed.root = root;
    } else if (arg === '--allow-outside-root') parsed.allowOutsideRoot = true;
    else if (arg === '-h' || arg === '--help') return USAGE;
    else if (arg === '--') (parsed.paths.push(...rest.slice(i + 1)), (i = rest.length));
    else if (arg.startsWith('-')) return `agentcard: unknown option '${arg}'\n\n${USAGE}`;
    else parsed.paths.push(arg);
  }
  if (parsed.paths.length === 0) return `agentcard: no PATH given\n\n${USAGE}`;
  return parsed;
}

/** Runs the command line with `args` (without `node` and the script) and returns the exit code. */
export function run(args: string[], io: Io): number {
  if (args[0] === 'convert') return runConvert(args.slice(1), io);
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    if (parsed === USAGE) {
      io.out(USAGE + '\n');
      return EXIT.ok;
    }
    io.err(parsed + '\n');
    return EXIT.usage;
  }
  const boundary = readBoundary(parsed, io.cwd);
  if (typeof boundary === 'string') {
    io.err(`agentcard: ${boundary}\n`);
    return EXIT.usage;
  }
  const loaded = loadPaths(parsed.paths, io.cwd);
  if (loaded.errors.length > 0) {
    for (const error of loaded.errors) io.err(`agentcard: ${error}\n`);
    return EXIT.usage;
  }
  const result = checkLoadSet(loaded.files, {
    profile: parsed.profile,
    cards: loaded.cards,
    discovered: loaded.discovered,
    ...(parsed.format ? { format: parsed.format } : {}),
    readFile: diskReader(loaded, boundary, io.cwd),
    ...(io.env ? { env: definedOnly(io.env) } : {}),
    isDirectory: boundedIsDirectory(boundary, io.cwd),
  });
  io.out(formatReport(parsed.reporter, { result, fileCount: loaded.cards.length }));
  if (result.diagnostics.some((d) => d.severity === 'error')) return EXIT.errors;
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
  if (parsed.maxWarnings !== undefined && warnings > parsed.maxWarnings) {
    io.err(
      `agentcard: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${parsed.maxWarnings}\n`,
    );
    return EXIT.errors;
  }
  return EXIT.ok;
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
