import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../src/core/index.ts';

const doc = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');
const rows = new Map(
  [...doc.matchAll(/^\|\s*<a id="([a-z0-9-]+)"><\/a>`\1`\s*\|\s*(error|warning|info)\s*\|/gm)].map(
    (m) => [m[1]!, m[2]!],
  ),
);

describe('docs/diagnostics.md', () => {
  it('documents every code of the core with its default severity', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES))
      expect(rows.get(code), code).toBe(info.severity);
  });

  it('documents no code the core does not have', () => {
    for (const code of rows.keys()) expect(Object.hasOwn(DIAGNOSTIC_CODES, code), code).toBe(true);
  });

  it('keeps the codes that the public contract names', () => {
    const contract = [
      'yaml-syntax',
      'frontmatter-missing',
      'frontmatter-unclosed',
      'unknown-type',
      'unknown-field',
      'invalid-value',
      'missing-field',
      'missing-name',
      'duplicate-name',
      'unknown-agent-ref',
      'messages-file-not-found',
      'unresolved-python-ref',
      'portability',
    ];
    for (const code of contract) expect(Object.hasOwn(DIAGNOSTIC_CODES, code), code).toBe(true);
    expect(DIAGNOSTIC_CODES['unresolved-python-ref'].severity).toBe('warning');
    expect(DIAGNOSTIC_CODES['portability'].severity).toBe('warning');
  });
});
