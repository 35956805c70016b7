import { describe, expect, it } from 'vitest';
import { progressLine, testsInProgress } from './progress-log.js';

describe('testsInProgress', () => {
  it('lists the tests that began and did not end, oldest first, with how long they ran', () => {
    const log = [
      progressLine({ event: 'begin', id: 'a', title: 'a story', at: 1_000 }),
      progressLine({ event: 'begin', id: 'b', title: 'b story', at: 2_000 }),
      progressLine({ event: 'begin', id: 'c', title: 'c story', at: 500 }),
      progressLine({ event: 'end', id: 'a', at: 3_000 }),
    ].join('');
    expect(testsInProgress(log, 62_000)).toEqual([
      'c story (running for 62 s)',
      'b story (running for 60 s)',
    ]);
  });

  it('ignores a line cut short and lines that are not events', () => {
    const log =
      progressLine({ event: 'begin', id: 'a', title: 'a story', at: 0 }) +
      'not json\n{"event":"end"}\n{"event":"end","id":"a","at":';
    expect(testsInProgress(log, 1_000)).toEqual(['a story (running for 1 s)']);
  });

  it('is empty for an empty log', () => {
    expect(testsInProgress('', 0)).toEqual([]);
  });
});
