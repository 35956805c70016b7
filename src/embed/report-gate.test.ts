import { describe, expect, it } from 'vitest';
import { ReportGate } from './report-gate.ts';

const texts = (text: string) => new Map([['card.md', text]]);

describe('ReportGate', () => {
  it('passes the first report and each report of new content, even when it says the same', () => {
    const gate = new ReportGate();
    expect(gate.pass(texts('a'), 'rfc', { errors: 0 })).toBe(true);
    expect(gate.pass(texts('ab'), 'rfc', { errors: 0 })).toBe(true);
    expect(gate.pass(texts('ab'), 'fast-agent', { errors: 0 })).toBe(true);
    expect(
      gate.pass(new Map([...texts('ab'), ['other.md', '']]), 'fast-agent', { errors: 0 }),
    ).toBe(true);
  });

  it('holds back a second check of the same content that says the same, in a new map', () => {
    const gate = new ReportGate();
    expect(gate.pass(texts('a'), 'rfc', { errors: 0, list: [1] })).toBe(true);
    expect(gate.pass(texts('a'), 'rfc', { errors: 0, list: [1] })).toBe(false);
    expect(gate.pass(texts('a'), 'rfc', { errors: 0, list: [1] })).toBe(false);
  });

  it('passes a second check of the same content that says something else', () => {
    const gate = new ReportGate();
    expect(gate.pass(texts('a'), 'rfc', { errors: 0 })).toBe(true);
    expect(gate.pass(texts('a'), 'rfc', { errors: 1 })).toBe(true);
    expect(gate.pass(texts('a'), 'rfc', { errors: 1 })).toBe(false);
    expect(gate.pass(texts('a'), 'rfc', { errors: 0 })).toBe(true);
  });
});
