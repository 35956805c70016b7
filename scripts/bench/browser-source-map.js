/**
 * Just enough of source maps (v3) for the browser benchmark's profiler: find where a position of a
 * built file of dist/ came from, and how many built bytes each source accounts for.
 */
import { existsSync, readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/**
 * One mapping segment: generated column (0-based), then, when it maps somewhere, the source index,
 * original line and column (0-based) and the name index.
 * @typedef {[number, number?, number?, number?, number?]} Segment
 */

/**
 * A decoded source map: `lines[l]` holds the segments of generated line `l` (0-based), by column.
 * @typedef {{ sources: string[], names: string[], lines: Segment[][] }} SourceMap
 */

/**
 * Reads `file.map` next to a built file; undefined when there is none.
 * @param {string} file Absolute path of the built .js file.
 * @returns {SourceMap | undefined}
 */
export function readSourceMap(file) {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return undefined;
  const raw = JSON.parse(readFileSync(mapFile, 'utf8'));
  return { sources: raw.sources, names: raw.names ?? [], lines: decodeMappings(raw.mappings) };
}

/**
 * Decodes the `mappings` string (Base64 VLQ, fields relative to the previous segment).
 * @param {string} mappings
 * @returns {Segment[][]}
 */
export function decodeMappings(mappings) {
  /** @type {Segment[][]} */
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    state[0] = 0;
    /** @type {Segment[]} */
    const segments = [];
    for (const text of line.split(',')) {
      if (text === '') continue;
      const fields = decodeVlq(text);
      /** @type {number[]} */
      const segment = [];
      for (let i = 0; i < fields.length; i++) {
        state[i] += fields[i];
        segment.push(state[i]);
      }
      segments.push(/** @type {Segment} */ (segment));
    }
    segments.sort((a, b) => a[0] - b[0]);
    lines.push(segments);
  }
  return lines;
}

/** @param {string} text */
function decodeVlq(text) {
  /** @type {number[]} */
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad VLQ character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * Where generated `line`:`column` (0-based) came from: the last segment at or before it on that line.
 * @param {SourceMap} map
 * @param {number} line
 * @param {number} column
 * @returns {{ source: string, line: number, name?: string } | undefined} `line` 1-based.
 */
export function originalPosition(map, line, column) {
  const segments = map.lines[line];
  if (!segments) return undefined;
  /** @type {Segment | undefined} */
  let found;
  for (const segment of segments) {
    if (segment[0] > column) break;
    if (segment.length >= 4) found = segment;
  }
  if (!found || found[1] === undefined || found[2] === undefined) return undefined;
  return {
    source: map.sources[found[1]],
    line: found[2] + 1,
    ...(found[4] !== undefined ? { name: map.names[found[4]] } : {}),
  };
}

/**
 * Built bytes (UTF-16 code units, close to bytes for minified ASCII code) per source: each segment
 * owns the generated text from its column to the next segment's; unmapped text goes to `(unmapped)`.
 * @param {string} code The built file's text.
 * @param {SourceMap} map
 * @returns {Map<string, number>}
 */
export function bytesPerSource(code, map) {
  /** @type {Map<string, number>} */
  const sizes = new Map();
  const add = (/** @type {string} */ source, /** @type {number} */ n) =>
    sizes.set(source, (sizes.get(source) ?? 0) + n);
  const codeLines = code.split('\n');
  codeLines.forEach((text, l) => {
    const segments = map.lines[l] ?? [];
    let at = 0;
    /** @type {string} */
    let owner = '(unmapped)';
    for (const segment of segments) {
      add(owner, segment[0] - at);
      at = segment[0];
      owner = segment[1] === undefined ? '(unmapped)' : map.sources[segment[1]];
    }
    add(owner, text.length - at + 1);
  });
  return sizes;
}

/**
 * A short name for a source path of a map in dist/assets: the npm package for node_modules files,
 * else the path from `src/`.
 * @param {string} source
 */
export function sourceGroup(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source;
}
