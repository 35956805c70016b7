/**
 * The progress log of a test run: one JSON line when a test begins and one when it ends, appended as
 * they happen (by playwright-progress-reporter.js), so that the whole-run guard of `npm test` can
 * name the tests in progress when it stops a run that hung.
 */

/**
 * One line of the log.
 * @typedef {{ event: 'begin' | 'end', id: string, title?: string, at: number }} ProgressEvent
 */

/**
 * The line that records a test beginning or ending.
 * @param {ProgressEvent} event
 * @returns {string} one line, ending with `\n`
 */
export function progressLine(event) {
  return `${JSON.stringify(event)}\n`;
}

/**
 * The tests that began and have not ended, oldest first, each as its title and how long it has
 * run (`title (running for 42 s)`). Lines that are not progress events (a line cut short when the
 * writer was stopped) are ignored.
 * @param {string} log the whole log
 * @param {number} now ms since the epoch
 * @returns {string[]}
 */
export function testsInProgress(log, now) {
  /** @type {Map<string, { title: string, at: number }>} */
  const open = new Map();
  for (const line of log.split('\n')) {
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof event?.id !== 'string') continue;
    if (event.event === 'begin') open.set(event.id, { title: String(event.title), at: event.at });
    else if (event.event === 'end') open.delete(event.id);
  }
  return [...open.values()]
    .sort((a, b) => a.at - b.at)
    .map((t) => `${t.title} (running for ${Math.round((now - t.at) / 1000)} s)`);
}
