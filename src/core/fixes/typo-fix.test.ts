import { describe, expect, it } from 'vitest';
import { typoFixes } from './typo-fix.ts';

describe('typoFixes', () => {
  const at = { from: 4, to: 9 };

  it('replaces the range with the one close candidate, safely', () => {
    expect(typoFixes('modle', ['model', 'name'], at)).toEqual([
      {
        title: "Change to 'model'",
        safe: true,
        edits: [{ file: '', from: 4, to: 9, insert: 'model' }],
      },
    ]);
  });

  it('proposes nothing for two equally close candidates', () => {
    expect(typoFixes('tols', ['tools', 'toys'], at)).toBeUndefined();
  });

  it('is unsafe when a second candidate is within the limit, further away', () => {
    expect(typoFixes('ubagents', ['agents', 'subagents'], at)![0]).toMatchObject({
      title: "Change to 'subagents'",
      safe: false,
    });
  });

  it('proposes nothing when the correction is taken, nothing is close, or the range is empty', () => {
    expect(typoFixes('modle', ['model'], { ...at, taken: (n) => n === 'model' })).toBeUndefined();
    expect(typoFixes('xyz', ['model'], at)).toBeUndefined();
    expect(typoFixes('modle', ['model'], { from: 3, to: 3 })).toBeUndefined();
  });

  it('renders the insert and honours safeWhenUnique', () => {
    const fix = typoFixes('a b', ['a-b'], {
      ...at,
      safeWhenUnique: false,
      render: (c) => `"${c}"`,
    });
    expect(fix![0]).toMatchObject({ safe: false, edits: [{ insert: '"a-b"' }] });
  });
});
