/**
 * Which Node runs which tests in `npm test` (scripts/test-all.js): every supported major (package.json
 * `engines`) runs the CLI and core tests, and one of them runs everything else besides.
 *
 * Plain Node (no dependencies).
 */

/** The supported Node majors, oldest first, as package.json's `engines` names them. */
export const SUPPORTED_NODE_MAJORS = ['22', '24'];

/**
 * The Node majors of a test run: `unit`, the one the whole Vitest suite runs under (the Node running
 * `npm test` when it is supported, else the oldest supported major, from the registry's `node`
 * package), and `others`, the rest of the supported majors, each of which runs the CLI and core tests
 * again. Every supported major runs those tests exactly once; an unsupported Node (20, past its end
 * of life) runs none of them.
 * @param {string} running the major of the Node running `npm test`
 * @param {readonly string[]} [supported]
 * @returns {{ unit: string, fromRegistry: boolean, others: string[] }}
 */
export function nodeMajors(running, supported = SUPPORTED_NODE_MAJORS) {
  const fromRegistry = !supported.includes(running);
  const unit = fromRegistry ? /** @type {string} */ (supported[0]) : running;
  return { unit, fromRegistry, others: supported.filter((major) => major !== unit) };
}

/**
 * The arguments of `npm` that run `command` under Node `major` from the registry's `node` package,
 * which npm keeps in its cache for the next run.
 * @param {string} major
 * @param {string[]} command the command and its arguments, starting with `node`
 * @returns {string[]}
 */
export function npmExecOnNode(major, command) {
  // The package is in npm's cache after the first run: no need to ask the registry again.
  return ['exec', '--yes', '--prefer-offline', '--package', `node@${major}`, '--', ...command];
}
