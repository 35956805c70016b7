import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckResult, Profile } from '../../src/core/index.ts';

/** The golden corpus: one folder per case under tests/fixtures/<profile>/. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** One golden case: its folder, the load-set (every file, by path relative to the folder) and its cards. */
export interface GoldenCase {
  name: string;
  dir: string;
  profile: Profile;
  files: Record<string, string>;
  cards: string[];
}

const CARD = /\.(md|markdown|ya?ml)$/i;

/** Lists the cases of a profile. Cards are the card files at the top of each case folder. */
export function goldenCases(profile: Profile): GoldenCase[] {
  const root = join(FIXTURES, profile);
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .sort()
    .map((name) => {
      const dir = join(root, name);
      const files: Record<string, string> = {};
      for (const path of walk(dir)) {
        const key = relative(dir, path).split(sep).join('/');
        if (key === 'expected.json') continue;
        files[key] = readFileSync(path, 'utf8');
      }
      const cards = Object.keys(files)
        .filter((p) => !p.includes('/') && CARD.test(p) && p !== 'fastagent.config.yaml')
        .sort();
      return { name, dir, profile, files, cards };
    });
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/**
 * The part of a result a golden file pins: agents (name, type, file, line), the split, diagnostics by
 * position, and what a user reads in the output panel and in `check --json`: every compiled card's
 * `data` (the AgentConfig, instruction included) and `history` (the merged message history), in full,
 * for cards with errors too.
 */
export function summarize(result: CheckResult) {
  return {
    agents: result.agents.map((a) => ({ name: a.name, type: a.type, file: a.file, line: a.line })),
    compiled: result.compiled.map((a) => ({
      file: a.file,
      name: a.name,
      ok: a.ok,
      data: a.data,
      history: a.history,
    })),
    cards: result.cards.map((c) => ({
      file: c.file,
      name: c.name,
      type: c.type,
      line: c.line,
      endLine: c.endLine,
      ok: c.ok,
    })),
    diagnostics: result.diagnostics.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      severity: d.severity,
      code: d.code,
    })),
  };
}
