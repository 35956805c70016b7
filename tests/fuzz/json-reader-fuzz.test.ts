import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapValue, type JsonValue } from '../../src/core/json/map-value.ts';
import { readJson, type JsonMode, type JsonNode } from '../../src/core/json/read-json.ts';
import { countFromEnv, fuzzParameters, SEED, throwOnFailure } from './fuzz-run.ts';

// The core JSON reader's promises, in both modes: what JSON.stringify writes reads back as the same value,
// every node's range (and every key's) is source text that JSON.parse reads to that node's value, and no
// string makes it throw. Reproducible from FUZZ_SEED; JSON_FUZZ_COUNT sets how many inputs each property
// tries.

const COUNT = countFromEnv(process.env, 'JSON_FUZZ_COUNT', 300);
console.log(`json reader fuzz: FUZZ_SEED=${SEED} JSON_FUZZ_COUNT=${COUNT}`);

const MODES: JsonMode[] = ['strict', 'python'];

/** The node as the value JSON.parse gives (plain objects, last repeated key wins). */
function plain(node: JsonNode): unknown {
  const value = mapValue(node);
  return toPlain(value);
}

function toPlain(value: JsonValue): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of value)
      Object.defineProperty(out, key, {
        value: toPlain(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

/** Checks that every node's and key's range slices back to text JSON.parse reads to the same value. */
function expectRangesRead(text: string, node: JsonNode): void {
  expect(JSON.parse(text.slice(node.from, node.to))).toEqual(plain(node));
  if (node.kind === 'array') for (const item of node.items) expectRangesRead(text, item);
  if (node.kind === 'object')
    for (const member of node.members) {
      expect(JSON.parse(text.slice(member.keyFrom, member.keyTo))).toBe(member.key);
      expectRangesRead(text, member.value);
    }
}

/** Any JSON value, as JSON.stringify writes it (compact or indented). */
const jsonText = fc
  .tuple(
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom<undefined | number | string>(undefined, 2, '\t'),
  )
  .map(([value, indent]) => ({ value, text: JSON.stringify(value, null, indent) }));

/** Text that is often almost JSON: JSON with a piece cut out or a JSON-ish token put in, or any string. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .tuple(
      jsonText,
      fc.nat(),
      fc.nat(),
      fc.constantFrom(
        '',
        '[',
        '{',
        '"',
        '\\',
        ',',
        ':',
        'NaN',
        '-Infinity',
        '\\u12',
        '\ufeff',
        '\t',
      ),
    )
    .map(([{ text }, at, cut, put]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + put + text.slice(i + (cut % 4));
    }),
  fc.integer({ min: 0, max: 1200 }).map((n) => '['.repeat(n) + ']'.repeat(n % 7 === 0 ? n : 0)),
);

describe('readJson (property)', () => {
  it('reads what JSON.stringify writes back to the same value, with ranges that JSON.parse agrees with', () => {
    const details = fc.check(
      fc.property(jsonText, ({ text }) => {
        for (const mode of MODES) {
          const read = readJson(text, mode);
          if (!read.ok) throw new Error(`${mode}: ${read.error.message} at ${read.error.from}`);
          // JSON.parse(text), not `value`: JSON.stringify writes -0 as 0.
          expect(plain(read.root)).toEqual(JSON.parse(text));
          expect([read.root.from, read.root.to]).toEqual([0, text.length]);
          expectRangesRead(text, read.root);
        }
      }),
      fuzzParameters(COUNT, 0x15),
    );
    throwOnFailure(details);
  });

  it('never throws, and on any string reports an error inside the text or a tree inside it', () => {
    const details = fc.check(
      fc.property(anyText, (text) => {
        for (const mode of MODES) {
          const read = readJson(text, mode);
          const { from, to } = read.ok ? read.root : read.error;
          expect(0 <= from && from <= to && to <= text.length).toBe(true);
          if (mode === 'strict') {
            let accepted = true;
            try {
              JSON.parse(text);
            } catch {
              accepted = false;
            }
            // Strict mode accepts exactly what JSON.parse accepts (the nesting limit aside).
            if (!text.startsWith('['.repeat(513))) expect(read.ok).toBe(accepted);
          }
        }
      }),
      fuzzParameters(COUNT * 4, 0x16),
    );
    throwOnFailure(details);
  });
});
