/**
 * Runs the commands of `npm test`, each in its own process group, so that the whole-run guard (or
 * Ctrl+C) can end one together with everything it started (a web server, a browser). There is no
 * time limit per command: how long a command takes never decides whether it passed.
 */
import { spawn } from 'node:child_process';

/**
 * How a command ended: its exit code (127 when it could not start, 128 when a signal ended it),
 * whether {@link stopAll} stopped it, and with `capture` its output (stdout and stderr interleaved
 * as written).
 * @typedef {{ code: number, stopped: boolean, output?: string }} CommandResult
 */

/** The commands running now. */
const running = new Set(/** @type {import('node:child_process').ChildProcess[]} */ ([]));
/** Set by {@link stopAll}: the children it ended. */
const stoppedChildren = new WeakSet(
  /** @type {import('node:child_process').ChildProcess[]} */ ([]),
);

/**
 * Runs a command in its own process group. Its output is shown live, or with `capture` kept and
 * returned, for commands that run side by side. Never rejects.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: Record<string, string>, capture?: boolean }} options
 * @returns {Promise<CommandResult>}
 */
export function runCommand(command, args, { cwd, env = {}, capture = false }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
      detached: true,
    });
    running.add(child);
    let output = '';
    const keep = (/** @type {Buffer} */ chunk) => (output += chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let done = false;
    const finish = (/** @type {number} */ code) => {
      if (done) return;
      done = true;
      running.delete(child);
      const stopped = stoppedChildren.has(child);
      resolve(capture ? { code, stopped, output } : { code, stopped });
    };
    child.on('error', (error) => {
      output += `cannot run ${command}: ${error.message}\n`;
      if (!capture) console.error(`!! cannot run ${command}: ${error.message}`);
      finish(127);
    });
    // The captured output is complete once the pipes close, which a process the command left
    // behind (holding them open) could delay for ever: wait for that at most two seconds.
    child.on('exit', (code, signal) => {
      const exitCode = code ?? (signal ? 128 : 1);
      child.on('close', () => finish(exitCode));
      setTimeout(() => finish(exitCode), 2_000);
    });
  });
}

/** Ends every running command's process group: SIGTERM, then SIGKILL if it lingers. */
export function stopAll() {
  for (const child of running) {
    stoppedChildren.add(child);
    killGroup(child);
  }
}

/**
 * @param {import('node:child_process').ChildProcess} child
 */
function killGroup(child) {
  if (child.pid === undefined) return;
  const pid = child.pid;
  const signalGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  setTimeout(() => signalGroup('SIGKILL'), 5_000).unref();
}
