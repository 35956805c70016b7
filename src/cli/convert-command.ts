import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  checkLoadSet,
  conversionTargets,
  convertAgent,
  FORMAT_IDS,
  PROFILES,
  type FormatId,
  type Profile,
} from '../core/index.ts';
import { loadPaths } from './load-paths.ts';
import { diskReader, readBoundary } from './read-boundary.ts';

/** What `agentcard convert` writes to; the same shape as the check command's. */
export interface ConvertIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

export const CONVERT_USAGE = `Usage: agentcard convert --to FORMAT [options] FILE

Converts the agents FILE defines (any format the checker reads) to FORMAT, through the
canonical AgentConfig. Everything FORMAT cannot express is listed on stderr, never dropped
silently. A card with errors is not converted.
  --to FORMAT        agentcard | afm | a2a
  --from FORMAT      read FILE as this format instead of detecting it
  --card NAME        convert only the agent called NAME (default: every agent of FILE)
  --url URL          the service URL for an A2A card (required by A2A; a placeholder otherwise)
  --out DIR          write the converted files into DIR (default: print the one file to stdout)
  --force            overwrite existing files in DIR
  --profile NAME     rfc (default) or fast-agent, for reading AgentCard files`;

interface ConvertArgs {
  to: FormatId;
  from?: FormatId;
  card?: string;
  url?: string;
  out?: string;
  force: boolean;
  profile: Profile;
  file: string;
}

function parseConvertArgs(args: string[]): ConvertArgs | string {
  let to: FormatId | undefined;
  const parsed: Partial<ConvertArgs> & { force: boolean; profile: Profile } = {
    force: false,
    profile: 'rfc',
  };
  const files: string[] = [];
  const targets = conversionTargets();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined =>
      eq !== -1 && name !== arg ? arg.slice(eq + 1) : args[++i];
    if (name === '--to') {
      const v = value();
      if (!targets.includes(v as FormatId))
        return `agentcard convert: --to must be one of ${targets.join(', ')}`;
      to = v as FormatId;
    } else if (name === '--from') {
      const v = value();
      if (!FORMAT_IDS.includes(v as FormatId))
        return `agentcard convert: --from must be one of ${FORMAT_IDS.join(', ')}`;
      parsed.from = v as FormatId;
    } else if (name === '--card' || name === '--url' || name === '--out') {
      const v = value();
      if (v === undefined || v === '') return `agentcard convert: ${name} needs a value`;
      parsed[name.slice(2) as 'card' | 'url' | 'out'] = v;
    } else if (name === '--profile') {
      const v = value();
      if (!PROFILES.includes(v as Profile))
        return `agentcard convert: --profile must be one of ${PROFILES.join(', ')}`;
      parsed.profile = v as Profile;
    } else if (arg === '--force') parsed.force = true;
    else if (arg === '-h' || arg === '--help') return CONVERT_USAGE;
    else if (arg.startsWith('-'))
      return `agentcard convert: unknown option '${arg}'\n\n${CONVERT_USAGE}`;
    else files.push(arg);
  }
  if (to === undefined) return `agentcard convert: --to is required\n\n${CONVERT_USAGE}`;
  if (files.length !== 1) return `agentcard convert: give exactly one FILE\n\n${CONVERT_USAGE}`;
  return { ...parsed, to, file: files[0]! };
}

/**
 * Runs `agentcard convert` (args after the command name). Exit codes as for `check`: 0 converted,
 * 1 nothing could be converted (the source has errors, or no agent matched `--card`), 2 usage or I/O.
 */
export function runConvert(args: string[], io: ConvertIo): number {
  const parsed = parseConvertArgs(args);
  if (typeof parsed === 'string') {
    if (parsed === CONVERT_USAGE) {
      io.out(CONVERT_USAGE + '\n');
      return 0;
    }
    io.err(parsed + '\n');
    return 2;
  }
  const loaded = loadPaths([parsed.file], io.cwd);
  if (loaded.errors.length > 0) {
    for (const error of loaded.errors) io.err(`agentcard convert: ${error}\n`);
    return 2;
  }
  const boundary = readBoundary({ paths: [parsed.file] }, io.cwd);
  if (typeof boundary === 'string') {
    io.err(`agentcard convert: ${boundary}\n`);
    return 2;
  }
  const result = checkLoadSet(loaded.files, {
    profile: parsed.profile,
    cards: loaded.cards,
    discovered: loaded.discovered,
    readFile: diskReader(loaded, boundary, io.cwd),
    ...(parsed.from ? { format: parsed.from } : {}),
  });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.err(`${d.file}:${d.line}:${d.column} error ${d.code} ${d.message}\n`);
  const agents = result.compiled.filter((a) => parsed.card === undefined || a.name === parsed.card);
  if (agents.length === 0) {
    io.err(
      parsed.card === undefined
        ? 'agentcard convert: the file defines no agent\n'
        : `agentcard convert: no agent called '${parsed.card}'\n`,
    );
    return 1;
  }
  const broken = agents.filter((a) => !a.ok);
  if (broken.length > 0) {
    io.err(
      `agentcard convert: not converted, fix the errors first: ${broken.map((a) => a.name).join(', ')}\n`,
    );
    return 1;
  }
  const written: Record<string, string> = {};
  for (const agent of agents) {
    const conversion = convertAgent(agent, parsed.to, {
      baseName: agent.name,
      ...(parsed.url ? { url: parsed.url } : {}),
    });
    for (const item of conversion.lost)
      io.err(`note: ${agent.name}: ${parsed.to} cannot express ${item.field}: ${item.reason}\n`);
    Object.assign(written, conversion.files);
  }
  const paths = Object.keys(written);
  if (parsed.out === undefined) {
    if (paths.length !== 1) {
      io.err(
        `agentcard convert: ${paths.length} files to write (${paths.join(', ')}); give --out DIR\n`,
      );
      return 2;
    }
    io.out(written[paths[0]!]!);
    return 0;
  }
  const outDir = resolve(io.cwd, parsed.out);
  for (const path of paths) {
    const target = resolve(outDir, path);
    if (!target.startsWith(outDir)) {
      io.err(`agentcard convert: refusing to write outside ${parsed.out}: ${path}\n`);
      return 2;
    }
    if (existsSync(target) && !parsed.force) {
      io.err(`agentcard convert: ${target} exists (use --force to overwrite)\n`);
      return 2;
    }
  }
  for (const path of paths) {
    const target = resolve(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, written[path]!);
    io.err(`wrote ${target}\n`);
  }
  return 0;
}
