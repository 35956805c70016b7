import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/index.ts';
import { toLintDiagnostics } from './diagnostics-lint.ts';

const diagnostic = (over: Partial<Diagnostic>): Diagnostic => ({
  code: 'unknown-field',
  severity: 'error',
  message: "Unknown field 'modle'",
  file: 'a.md',
  from: 4,
  to: 9,
  line: 2,
  column: 1,
  endLine: 2,
  endColumn: 6,
  ...over,
});

describe('toLintDiagnostics', () => {
  it('keeps range and severity, and puts the code before the message', () => {
    const [d] = toLintDiagnostics([diagnostic({})], 100);
    expect(d).toMatchObject({ from: 4, to: 9, severity: 'error' });
    expect(d?.message).toBe("unknown-field: Unknown field 'modle'");
  });

  it('maps every severity', () => {
    const severities = (['error', 'warning', 'info'] as const).map(
      (severity) => toLintDiagnostics([diagnostic({ severity })], 100)[0]?.severity,
    );
    expect(severities).toEqual(['error', 'warning', 'info']);
  });

  it('clamps ranges of a longer, older text to the document', () => {
    const result = toLintDiagnostics(
      [
        diagnostic({ from: 8, to: 50 }),
        diagnostic({ from: 40, to: 60 }),
        diagnostic({ from: -3, to: 2 }),
      ],
      10,
    );
    expect(result.map((d) => [d.from, d.to])).toEqual([
      [8, 10],
      [10, 10],
      [0, 2],
    ]);
  });

  it('orders reversed ranges and survives non-numbers', () => {
    const result = toLintDiagnostics(
      [diagnostic({ from: 7, to: 3 }), diagnostic({ from: NaN, to: Infinity })],
      10,
    );
    expect(result.map((d) => [d.from, d.to])).toEqual([
      [3, 7],
      [0, 0],
    ]);
  });
});
