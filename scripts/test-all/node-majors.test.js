import { describe, expect, it } from 'vitest';
import { nodeMajors, npmExecOnNode } from './node-majors.js';

describe('nodeMajors', () => {
  it('runs everything under the oldest supported major when the running Node is not supported', () => {
    expect(nodeMajors('20', ['22', '24'])).toEqual({
      unit: '22',
      fromRegistry: true,
      others: ['24'],
    });
  });

  it('runs everything under the running Node when it is supported, the CLI tests under the rest', () => {
    expect(nodeMajors('24', ['22', '24'])).toEqual({
      unit: '24',
      fromRegistry: false,
      others: ['22'],
    });
    expect(nodeMajors('22', ['22', '24'])).toEqual({
      unit: '22',
      fromRegistry: false,
      others: ['24'],
    });
  });

  it('gives every supported major one run, and no unsupported one', () => {
    for (const running of ['18', '20', '22', '23', '24', '25']) {
      const { unit, others } = nodeMajors(running, ['22', '24']);
      expect([unit, ...others].sort()).toEqual(['22', '24']);
    }
  });
});

describe('npmExecOnNode', () => {
  it("runs the command with the registry's node package of that major, from npm's cache first", () => {
    expect(npmExecOnNode('24', ['node', 'x.js', '--a'])).toEqual([
      'exec',
      '--yes',
      '--prefer-offline',
      '--package',
      'node@24',
      '--',
      'node',
      'x.js',
      '--a',
    ]);
  });
});
