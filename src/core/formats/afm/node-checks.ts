/**
 * Checking a composed YAML tree node by node, so every problem points at the node it is about: the key
 * of an unknown field, the value of a wrong one, the parent key of a missing one. Values are read from
 * the nodes themselves (aliases resolved), never from a separately converted copy.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Document,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { didYouMean } from '../../text/did-you-mean.ts';
import type { RawDiagnostic, Severity } from '../../diagnostics.ts';
import { problem, type AfmCode } from './codes.ts';
import { nodeRange } from '../../text/parse-yaml.ts';
import type { Fix } from '../../fixes/fix.ts';
import { typoFixes, withFixes } from '../../fixes/typo-fix.ts';

/** A `[from, to)` absolute range. */
export type Range = [number, number];

/** One `key: value` of a mapping whose key is a plain string. */
export interface Entry {
  key: string;
  keyRange: Range;
  value: unknown;
  pair: Pair;
}

/** Reads and reports on the nodes of one YAML document that starts at absolute `offset`. */
export class NodeChecker {
  constructor(
    private readonly doc: Document.Parsed,
    private readonly offset: number,
    /** Where diagnostics go. */
    readonly diagnostics: RawDiagnostic[],
    /** Used for a node without a source range. */
    private readonly fallback: Range,
  ) {}

  /** The node an alias points to (one step; YAML aliases cannot chain), else the node itself. */
  resolve(node: unknown): unknown {
    if (isAlias(node)) {
      try {
        return node.resolve(this.doc) ?? null;
      } catch {
        return null;
      }
    }
    return node;
  }

  /** The absolute, never empty range of a node (or of the fallback). */
  range(node: unknown, fallback: Range = this.fallback): Range {
    const r = nodeRange(node);
    if (!r) return fallback;
    return [r[0] + this.offset, Math.max(r[1] + this.offset, r[0] + this.offset + 1)];
  }

  /**
   * Reports a problem at a node or range with the code's default severity unless one is given,
   * with its quick fixes when there are any.
   */
  report(code: AfmCode, message: string, at: unknown, severity?: Severity, fixes?: Fix[]): void {
    const [from, to] = isRange(at) ? at : this.range(at);
    this.diagnostics.push(withFixes(problem(code, message, from, to, severity), fixes));
  }

  /** True when the node is absent or an explicit null (the reference reads both as "not set"). */
  isNull(node: unknown): boolean {
    const n = this.resolve(node);
    return n === null || n === undefined || (isScalar(n) && n.value === null);
  }

  /** The node as a mapping, or undefined (reported as `invalid-value` unless it is null). */
  map(node: unknown, what: string): YAMLMap | undefined {
    const n = this.resolve(node);
    if (isMap(n)) return n;
    if (!this.isNull(n)) this.report('invalid-value', `${what} must be a mapping`, n);
    return undefined;
  }

  /** The node as a sequence, or undefined (reported as `invalid-value` unless it is null). */
  seq(node: unknown, what: string): YAMLSeq | undefined {
    const n = this.resolve(node);
    if (isSeq(n)) return n;
    if (!this.isNull(n)) this.report('invalid-value', `${what} must be a list`, n);
    return undefined;
  }

  /** The node's string value, or undefined (reported unless null). */
  str(node: unknown, what: string): string | undefined {
    const n = this.resolve(node);
    if (isScalar(n) && typeof n.value === 'string') return n.value;
    if (!this.isNull(n)) this.report('invalid-value', `${what} must be a string`, n);
    return undefined;
  }

  /** The node's integer value, or undefined (reported unless null). A float literal is not an integer. */
  int(node: unknown, what: string): number | undefined {
    const n = this.resolve(node);
    if (isIntegerLiteral(n)) return (n as Scalar<number>).value;
    if (!this.isNull(n)) this.report('invalid-value', `${what} must be an integer`, n);
    return undefined;
  }

  /** The node as a list of strings (each bad item reported), or undefined. */
  strList(node: unknown, what: string): string[] | undefined {
    const s = this.seq(node, what);
    if (!s) return undefined;
    const out: string[] = [];
    for (const item of s.items) {
      const v = this.str(item, `Each entry of ${what}`);
      if (v === undefined && this.isNull(item))
        this.report('invalid-value', `Each entry of ${what} must be a string`, item);
      if (v !== undefined) out.push(v);
    }
    return out;
  }

  /** The string-keyed entries of a mapping; other keys are reported as `unknown-field`. */
  entries(map: YAMLMap, what: string): Entry[] {
    const out: Entry[] = [];
    for (const pair of map.items) {
      const key = this.resolve(pair.key);
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.report('unknown-field', `Keys of ${what} must be plain strings`, key);
        continue;
      }
      out.push({ key: key.value, keyRange: this.range(key), value: pair.value, pair });
    }
    return out;
  }

  /**
   * Reports every key of `map` not in `allowed` as `unknown-field` (with a "did you mean"), unless
   * `elsewhere` explains it (then that callback reports it). Returns the entries by key.
   */
  fields(
    map: YAMLMap,
    allowed: readonly string[],
    what: string,
    elsewhere?: (entry: Entry) => boolean,
  ): Map<string, Entry> {
    const out = new Map<string, Entry>();
    const entries = this.entries(map, what);
    const keys = new Set(entries.map((e) => e.key));
    for (const entry of entries) {
      if (allowed.includes(entry.key)) {
        out.set(entry.key, entry);
        continue;
      }
      if (elsewhere?.(entry)) continue;
      const suggestion = didYouMean(entry.key, allowed);
      const [from, to] = entry.keyRange;
      this.report(
        'unknown-field',
        `Unknown field '${entry.key}' in ${what}${suggestion ? `; did you mean '${suggestion}'?` : ''} (allowed: ${allowed.join(', ')})`,
        entry.keyRange,
        undefined,
        typoFixes(entry.key, allowed, { from, to, taken: (k) => keys.has(k) }),
      );
    }
    return out;
  }

  /** Reports `missing-field` at `anchor` when `key` is absent or null in `fields`. True when present. */
  require(fields: Map<string, Entry>, key: string, what: string, anchor: Range): boolean {
    const entry = fields.get(key);
    if (entry && !this.isNull(entry.value)) return true;
    this.report('missing-field', `${what} requires '${key}'`, entry?.keyRange ?? anchor);
    return false;
  }
}

/** True for a scalar written as an integer literal with a safe value (YAML `2.0` is not one). */
export function isIntegerLiteral(node: unknown): boolean {
  return (
    isScalar(node) &&
    typeof node.value === 'number' &&
    Number.isSafeInteger(node.value) &&
    !/[.eE]/.test(String(node.source ?? ''))
  );
}

function isRange(value: unknown): value is Range {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number';
}
