import { describe, expect, it } from 'vitest';
import { linkGuidance, permalinkLength } from './link-guidance.ts';

describe('permalinkLength', () => {
  it("counts the page URL without its own fragment, plus the permalink's fragment", () => {
    expect(permalinkLength('#v1:abcd')).toBe(8);
    expect(permalinkLength('#v1:abcd', 'https://x.example/')).toBe(26);
    expect(permalinkLength('#v1:abcd', 'https://x.example/#v1:old')).toBe(26);
  });
});

describe('linkGuidance', () => {
  it('advises chat up to 2,000 characters, a long link up to 32,000, a file beyond', () => {
    expect(linkGuidance(0)).toBe('chat');
    expect(linkGuidance(2_000)).toBe('chat');
    expect(linkGuidance(2_001)).toBe('long');
    expect(linkGuidance(32_000)).toBe('long');
    expect(linkGuidance(32_001)).toBe('file');
  });

  it('throws on a length that is not a non-negative integer', () => {
    for (const length of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => linkGuidance(length)).toThrow(RangeError);
    }
  });
});
