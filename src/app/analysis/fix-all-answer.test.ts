import { describe, expect, it } from 'vitest';
import { fixAllAnswer } from './fix-all-answer.ts';

const BUNDLE =
  '---\ntype: agent\nname: reader\n---\nRead.\n\n---\ntype: agent\nname: writer\n---\nWrite.\n';

describe('fixAllAnswer', () => {
  it('answers with the files the fixes changed or created, and not the others', () => {
    const answer = fixAllAnswer({
      type: 'fixAll',
      id: 7,
      files: { 'b.md': BUNDLE, 'c.yaml': 'type: agent\nname: c\ninstruction: C.\n' },
      profile: 'fast-agent',
      formats: {},
      options: { portability: true },
    });
    expect(answer).toEqual({
      type: 'fixedAll',
      id: 7,
      files: {
        'b.md': '---\ntype: agent\nname: reader\n---\nRead.\n',
        'writer.md': '---\ntype: agent\nname: writer\n---\nWrite.\n',
      },
      applied: 1,
    });
  });
});
