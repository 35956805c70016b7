/**
 * The A2A AgentCard format (protocolVersion 0.3.0): a JSON file describing a remote agent. Read with
 * positioned diagnostics against the published v0.3.0 schema (written in valibot), plus advice the
 * schema leaves out; written from any agent's canonical data.
 */
import { appendAll, type RawDiagnostic } from '../../diagnostics.ts';
import { readJson } from '../../json/read-json.ts';
import type { Json } from '../../model/agent-data.ts';
import type { FormatAnalysis, FormatModule, FormatUnit } from '../format-module.ts';
import { adviseCard, duplicateKeys, shapeOf } from './advise-card.ts';
import { compileA2a } from './compile-a2a.ts';
import { a2aRecord } from './format.ts';
import { detectorOf } from '../format-record.ts';
import { A2A_CODES } from './codes.ts';
import { emitA2aCard } from './emit-card.ts';
import { jsonValue, pathText, unknownProperties, validateCard } from './validate-card.ts';

/** Reads one A2A card file: every problem at its place, and the agent (unless the JSON is unreadable). */
export function analyzeA2aCard(path: string, text: string): FormatAnalysis {
  const tree = readJson(text, 'strict');
  if (!tree.ok) {
    const { message, from, to } = tree.error;
    return {
      agents: [],
      diagnostics: [
        {
          code: 'a2a-json-syntax',
          message: `Invalid JSON: ${message}`,
          from,
          to,
          severity: 'error',
          file: path,
        },
      ],
    };
  }
  const { root } = tree;
  const raw: RawDiagnostic[] = [];
  appendAll(raw, duplicateKeys(root));
  appendAll(raw, validateCard(root));
  const advice = adviseCard(root);
  appendAll(raw, advice.diagnostics);
  appendAll(
    raw,
    unknownProperties(root, (p, key) => advice.v1Keys.has(`${pathText(p)}|${key}`)),
  );
  const diagnostics = raw
    .map((d) => ({ ...d, file: path }))
    .sort(
      (a, b) => a.from - b.from || a.to - b.to || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    );
  if (root.kind !== 'object') return { agents: [], diagnostics };
  const card = jsonValue(root) as { [key: string]: Json };
  const { name, data, extras } = compileA2a(card, path);
  return {
    shape: shapeOf(root, advice.v1),
    agents: [{ name, file: path, from: root.from, to: root.to, headerTo: root.to, data, extras }],
    diagnostics,
  };
}

/** The A2A AgentCard format module. */
export const a2aFormat: FormatModule<typeof A2A_CODES> = {
  ...detectorOf(a2aRecord),
  codes: A2A_CODES,
  analyze: (unit: FormatUnit) => analyzeA2aCard(unit.entry, unit.files[unit.entry] ?? ''),
  emit: emitA2aCard,
};
