/**
 * A Playwright reporter that appends a line to a progress log (progress-log.js) when each test
 * begins and ends, so that `npm test`'s whole-run guard can name the tests in progress if the run
 * hangs. Options: `{ file }`, the log's path (emptied when the run begins). Prints nothing.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { progressLine } from './progress-log.js';

/** @implements {import('@playwright/test/reporter').Reporter} */
export default class PlaywrightProgressReporter {
  /** @param {{ file: string }} options */
  constructor({ file }) {
    this.file = file;
  }

  onBegin() {
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, '');
  }

  /** @param {import('@playwright/test/reporter').TestCase} test */
  onTestBegin(test) {
    // titlePath: root (''), project, file, describe blocks…, title.
    const [project, , ...titles] = test.titlePath().slice(1);
    const where = `${path.basename(test.location.file)}:${test.location.line}`;
    const title = `[${project}] ${where} › ${titles.join(' › ')}`;
    appendFileSync(this.file, progressLine({ event: 'begin', id: test.id, title, at: Date.now() }));
  }

  /** @param {import('@playwright/test/reporter').TestCase} test */
  onTestEnd(test) {
    appendFileSync(this.file, progressLine({ event: 'end', id: test.id, at: Date.now() }));
  }

  printsToStdio() {
    return false;
  }
}
