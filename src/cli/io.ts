/** What every command shares: where it reads and writes, its exit codes, and how it reports misuse. */

/**
 * Exit codes: 0 no errors, 1 errors in the cards (or more warnings than `--max-warnings`), 2 usage or I/O
 * problems.
 */
export const EXIT = { ok: 0, errors: 1, usage: 2 } as const;

/** The exit codes as `--help` lists them. */
export const EXIT_CODES_HELP = `Exit codes:
  0  no errors (warnings and notes allowed)
  1  errors in the cards, or more warnings than --max-warnings (convert: nothing converted)
  2  usage or I/O problems: an unknown command or option, a missing path, unreadable input`;

/** Where the command reads and writes; injected so tests can run it in-process. */
export interface Io {
  cwd: string;
  /**
   * The environment: `${VAR}` in cards (fast-agent profile), and `NO_COLOR`/`FORCE_COLOR`. None when
   * absent.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** The clock, for `{{currentDate}}` (fast-agent profile); the system clock when absent. */
  now?: () => Date;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether stdout is a terminal: then `check` colours and groups its output by default. */
  isTTY?: boolean;
  /** Reads all of standard input (for `check --stdin`); may throw when it cannot. */
  readStdin?: () => Uint8Array;
}

/**
 * Writes a usage problem as one line on stderr, `COMMAND: PROBLEM. Run 'COMMAND --help' for usage.`,
 * and returns the usage exit code.
 */
export function usageError(io: Io, command: string, problem: string): number {
  const stop = problem.endsWith('?') ? '' : '.';
  io.err(`${command}: ${problem}${stop} Run '${command} --help' for usage.\n`);
  return EXIT.usage;
}
