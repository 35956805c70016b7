import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  checkLoadSet,
  PROFILES,
  type CheckResult,
  type Diagnostic,
  type Profile,
} from '../core/index.ts';
import { runConvert } from './convert-command.ts';
import { loadPaths, readText } from './load-paths.ts';

/** Exit codes: 0 no errors, 1 errors in the cards, 2 usage or I/O problems. */
export const EXIT = { ok: 0, errors: 1, usage: 2 } as const;

const USAGE = `Usage: agentcard check [--json] [--profile rfc|fast-agent] PATH...
       agentcard convert --to agentcard|afm|a2a FILE   (see agentcard convert --help)

Checks AgentCard files (.md, .markdown, .yaml, .yml) and folders of them as one load-set.
  --json             print one JSON object {agents, diagnostics} instead of text
  --profile NAME     rfc (default): the RFC as written; fast-agent: what fast-agent 0.10.9 does
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
  json: boolean;
  profile: Profile;
  paths: string[];
}

function parseArgs(args: string[]): Parsed | string {
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help') return USAGE;
  if (command !== 'check') return `agentcard: unknown command '${command}'\n\n${USAGE}`;
  const parsed: Parsed = { json: false, profile: 'rfc', paths: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--json') parsed.json = true;
    else if (arg === '--profile' || arg.startsWith('--profile=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : rest[++i];
      if (!PROFILES.includes(value as Profile))
        return `agentcard: --profile must be one of ${PROFILES.join(', ')}`;
      parsed.profile = value as Profile;
    } else if (arg === '-h' || arg === '--help') return USAGE;
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
  const loaded = loadPaths(parsed.paths, io.cwd);
  if (loaded.errors.length > 0) {
    for (const error of loaded.errors) io.err(`agentcard: ${error}\n`);
    return EXIT.usage;
  }
  const result = checkLoadSet(loaded.files, {
    profile: parsed.profile,
    cards: loaded.cards,
    discovered: loaded.discovered,
    readFile: (path) => readText(path, io.cwd),
    ...(io.env ? { env: definedOnly(io.env) } : {}),
    isDirectory: (path) => {
      try {
        return statSync(resolve(io.cwd, path)).isDirectory();
      } catch {
        return false;
      }
    },
  });
  if (parsed.json) io.out(JSON.stringify(toJson(result)) + '\n');
  else io.out(formatHuman(result, loaded.cards.length));
  return result.diagnostics.some((d) => d.severity === 'error') ? EXIT.errors : EXIT.ok;
}

/** The `--json` object: agents that compiled without errors, and every diagnostic. */
export function toJson(result: CheckResult): { agents: unknown[]; diagnostics: unknown[] } {
  return {
    agents: result.agents.map((a) => ({
      name: a.name,
      type: a.type,
      file: a.file,
      line: a.line,
      data: a.data,
      history: a.history,
      pythonRefs: a.pythonRefs,
    })),
    diagnostics: result.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      card: d.card ?? null,
    })),
  };
}

function formatHuman(result: CheckResult, fileCount: number): string {
  const lines = result.diagnostics.map(
    (d: Diagnostic) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`,
  );
  const count = (s: string) => result.diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    `${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('info'), 'note')} in ${plural(fileCount, 'file')}; ${plural(result.agents.length, 'agent')} compiled (profile ${result.profile})`,
  );
  return lines.join('\n') + '\n';
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
