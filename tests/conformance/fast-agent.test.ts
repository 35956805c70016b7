import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLoadSet, FAST_AGENT_TYPE_NAMES, type CheckResult } from '../../src/core/index.ts';
import { readIfFile, samplesDir, topLevelCards } from './shared-samples.ts';

// Data-driven conformance: every file and folder input of ../shared/samples/agentcard, checked in the
// fast-agent profile, must agree with what fast-agent 0.10.9 recorded in expected/.
const root = samplesDir('agentcard');

interface ExpectedCard {
  name: string;
  agent_data: Record<string, unknown> & { config: Record<string, unknown>; type: string };
}
interface Expected {
  ok: boolean;
  cards?: ExpectedCard[];
  scan?: Array<{ errors: string[] }>;
}

interface Row {
  mode: 'file' | 'dir';
  path: string;
}

function rows(): Row[] {
  if (!root) return [];
  return readFileSync(join(root, 'expected/SUMMARY.txt'), 'utf8')
    .split('\n')
    .map((line) => /^(\S+)\s+(\S+)\s+(.+?)(?:\s{2}|$)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && (m[2] === 'file' || m[2] === 'dir'))
    .map((m) => ({ mode: m[2] as Row['mode'], path: m[3]!.replace(/\/$/, '') }));
}

function check(row: Row): CheckResult {
  const cardsRoot = join(root!, 'cards');
  const cards = row.mode === 'dir' ? topLevelCards(cardsRoot, row.path) : [row.path];
  const files: Record<string, string> = {};
  for (const card of cards) files[card] = readIfFile(join(cardsRoot, card)) ?? '';
  return checkLoadSet(files, {
    profile: 'fast-agent',
    cards,
    discovered: row.mode === 'dir' ? cards : [],
    readFile: (p) => readIfFile(join(cardsRoot, p)),
    env: SAMPLE_ENV,
    today: SAMPLE_DAY,
  });
}

function expectedFor(row: Row): Expected {
  const file = row.mode === 'dir' ? `${row.path}/__dir__.json` : `${row.path}.json`;
  return JSON.parse(readFileSync(join(root!, 'expected', file), 'utf8')) as Expected;
}

const WORKFLOW = [
  'sequence',
  'cumulative',
  'fan_out',
  'fan_in',
  'include_request',
  'generator',
  'evaluator',
  'min_rating',
  'max_refinements',
  'refinement_instruction',
  'child_agents',
  'router_agents',
  'plan_type',
  'plan_iterations',
  'worker',
  'k',
  'max_samples',
  'match_strategy',
  'red_flag_max_length',
  'schema_version',
];
/** The day fast-agent loaded the samples ({{currentDate}} rendered as `24 July 2025`). */
const SAMPLE_DAY = '2025-07-24';
/** The environment the reference ran with (../shared/samples/agentcard/README.md). */
const SAMPLE_ENV = { LOCAL_AGENT_NAME: 'local_agent', LOCAL_CARD_TOKEN: 'token' };

describe.skipIf(!root)(
  'fast-agent profile agrees with fast-agent 0.10.9 on ../shared/samples/agentcard',
  () => {
    const all = rows();
    it('has inputs to check', () => {
      expect(all.length).toBeGreaterThan(300);
    });
    for (const row of all) {
      it(`${row.mode} ${row.path}`, () => {
        const expected = expectedFor(row);
        const result = check(row);
        const errors = result.diagnostics.filter((d) => d.severity === 'error');
        const scanErrors = (expected.scan ?? []).flatMap((s) => s.errors);
        const accepted = expected.ok && scanErrors.length === 0;
        const why = errors
          .map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)
          .join('\n');
        expect(errors.length === 0 ? 'accepted' : `rejected:\n${why}`).toBe(
          accepted ? 'accepted' : `rejected:\n${why}`,
        );
        if (!accepted && errors.length === 0) return;
        if (!expected.ok) return;
        const ours = new Map(result.compiled.map((a) => [a.name, a]));
        for (const card of expected.cards ?? []) {
          const mine = ours.get(card.name);
          expect(mine, `card ${card.name} compiled`).toBeDefined();
          const data = mine!.data as Record<string, unknown> & { config: Record<string, unknown> };
          expect(FAST_AGENT_TYPE_NAMES[mine!.type]).toBe(card.agent_data.type);
          const config = card.agent_data.config;
          for (const key of ['servers', 'tools'])
            expect(data.config[key], key).toEqual(config[key]);
          for (const key of WORKFLOW)
            if (key in card.agent_data) expect(data[key], key).toEqual(card.agent_data[key]);
          // fast-agent rendered {{currentDate}} at load as the day it ran: the check gets that day.
          expect(data.config['instruction'], 'instruction').toBe(config['instruction']);
          const prompt = (c: Record<string, unknown>) =>
            (c['default_request_params'] as Record<string, unknown> | null)?.['systemPrompt'];
          expect(prompt(data.config), 'systemPrompt').toBe(prompt(config));
        }
        expect(result.compiled.length).toBe((expected.cards ?? []).length);
      });
    }
  },
);
