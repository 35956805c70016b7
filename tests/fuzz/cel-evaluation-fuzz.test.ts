import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker as ThreadWorker } from 'node:worker_threads';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CelEvaluator,
  EVALUATION_LIMIT_MS,
  START_LIMIT_MS,
  type EvaluationState,
} from '../../src/app/engagement/cel-evaluator.ts';
import { checkLoadSet } from '../../src/core/index.ts';
import { bundleForNode } from './core-worker.ts';
import { countFromEnv, fuzzParameters, SEED, throwOnFailure } from './fuzz-run.ts';
import { hangGuard } from '../setup/hang-guard.ts';

// The Engagement panel's promise (issue 11): whatever a spec's expressions and the Engagement hold, every
// evaluation ends, each expression either with a result or stopped at the time limit, and no expression
// can hold the evaluator past it. This runs the real evaluator (CelEvaluator) and the real worker script
// (cel-evaluation.worker.ts, bundled for a Node worker thread) with random specs, some holding
// expressions that would run for seconds to minutes, and random Engagements. CEL_FUZZ_COUNT sets how
// many evaluations it runs.

const COUNT = countFromEnv(process.env, 'CEL_FUZZ_COUNT', 24);
console.log(`cel evaluation fuzz: FUZZ_SEED=${SEED} CEL_FUZZ_COUNT=${COUNT}`);

const DIGITS = '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]';
/** Expressions that take far longer than the limit anywhere: a catastrophic regex, nested comprehensions. */
const HOSTILE = [
  `"${'a'.repeat(33)}!".matches("^(a+)+$")`,
  Array.from({ length: 8 }, (_, i) => `${DIGITS}.all(x${i}, `).join('') + 'true' + ')'.repeat(8),
  Array.from({ length: 7 }, (_, i) => `${DIGITS}.exists(y${i}, `).join('') +
    'false' +
    ')'.repeat(7),
];
/** Expressions that finish at once, some reading the Engagement (which may lack what they read). */
const BENIGN = [
  '1 + 2',
  'true',
  '"abc".size() < 5',
  'recent.web.inputs.url.startsWith("https://")',
  'history._total < 10',
  'user.email.endsWith("@example.com")',
  'score < 0.5',
  'size(history._list) >= 0',
  '[1, 2, 3].map(n, n * 2)',
];

/** A JSON value of a few levels (what an Engagement's fields may hold). */
const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** An Engagement: the variables the spec's expressions read, filled with anything, or not JSON at all. */
const engagement = fc.oneof(
  {
    arbitrary: fc
      .record({
        recent: fc.dictionary(fc.constantFrom('web', 'files', 'x'), jsonValue),
        history: fc.dictionary(fc.constantFrom('_total', '_list', 'web'), jsonValue),
        user: fc.dictionary(fc.constantFrom('email', 'name'), jsonValue),
        score: jsonValue,
      })
      .map((value) => JSON.stringify(value)),
    weight: 5,
  },
  { arbitrary: jsonValue.map((value) => JSON.stringify(value)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
);

interface Case {
  expressions: Array<{ text: string; hostile: boolean }>;
  engagement: string;
}

const evaluationCase: fc.Arbitrary<Case> = fc.record({
  expressions: fc.array(
    fc.oneof(
      {
        arbitrary: fc.constantFrom(...BENIGN).map((text) => ({ text, hostile: false })),
        weight: 3,
      },
      {
        arbitrary: fc.constantFrom(...HOSTILE).map((text) => ({ text, hostile: true })),
        weight: 1,
      },
    ),
    { minLength: 1, maxLength: 4 },
  ),
  engagement,
});

/** A spec whose `exposes` holds the case's expressions, in order; compiled to the extras the panel evaluates. */
function extrasOf(expressions: readonly { text: string }[]): unknown {
  const exposes = expressions.map((e, i) => `  e${i}: ${JSON.stringify(e.text)}`).join('\n');
  const spec = `kind: openagentspec:v1/agent
name: fuzzed
description: Expressions drawn by the fuzzer
intent: Evaluate them
owner: tests
exposes:
${exposes}
`;
  const agent = checkLoadSet({ 'spec.yaml': spec }).compiled[0];
  if (!agent?.extras) throw new Error(`the spec did not compile:\n${spec}`);
  return agent.extras;
}

// The worker script expects a Web Worker's global scope: the bootstrap gives it `self` over worker_threads.
const BOOTSTRAP = `
import { parentPort } from 'node:worker_threads';
globalThis.self = {
  postMessage: (message) => parentPort.postMessage(message),
  set onmessage(handler) { parentPort.on('message', (data) => handler({ data })); },
};
await import('./cel-worker.js');
`;

let folder: string | undefined;

/** Bundles the real worker script for a Node worker thread, beside the bootstrap. */
async function bundleWorker(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'agentcard-cel-worker-'));
  const code = await bundleForNode('src/app/engagement/cel-evaluation.worker.ts');
  writeFileSync(join(dir, 'cel-worker.js'), code);
  writeFileSync(join(dir, 'bootstrap.js'), BOOTSTRAP);
  return dir;
}

/** A Web Worker's surface (what CelEvaluator uses) over a Node worker thread. */
function threadWorker(dir: string): Worker {
  const thread = new ThreadWorker(join(dir, 'bootstrap.js'));
  const worker = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    onmessageerror: null as (() => void) | null,
    postMessage: (message: unknown) => thread.postMessage(message),
    terminate: () => void thread.terminate(),
  };
  thread.on('message', (data) => worker.onmessage?.({ data } as MessageEvent));
  thread.on('error', (error) =>
    worker.onerror?.({ message: String(error), preventDefault() {} } as ErrorEvent),
  );
  return worker as unknown as Worker;
}

/** Evaluates one case with the real evaluator; resolves with its finished state. */
function evaluate(dir: string, extras: unknown, engagementText: string): Promise<EvaluationState> {
  return new Promise((resolve) => {
    const evaluator = new CelEvaluator(
      () => threadWorker(dir),
      (state) => {
        if (!state.finished) return;
        evaluator.dispose();
        resolve(structuredClone(state));
      },
    );
    evaluator.evaluate(extras, engagementText);
  });
}

beforeAll(async () => {
  folder = await bundleWorker();
}, hangGuard(120_000));

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('CEL evaluation under the time limit', () => {
  const tally = { evaluations: 0, done: 0, stopped: 0, hostile: 0 };

  it(
    `every evaluation ends; hostile expressions are stopped at ${EVALUATION_LIMIT_MS} ms, and the rest still get an outcome (${COUNT} evaluations)`,
    async () => {
      const details = await fc.check(
        fc.asyncProperty(evaluationCase, async ({ expressions, engagement: text }) => {
          const state = await evaluate(folder!, extrasOf(expressions), text);
          tally.evaluations += 1;
          expect(state.finished).toBe(true);
          if (state.engagementError !== null) return; // not JSON: nothing is evaluated
          expect(state.outcomes).toHaveLength(expressions.length);
          state.outcomes.forEach((outcome, i) => {
            expect(outcome.kind).not.toBe('pending');
            if (outcome.kind === 'done') tally.done += 1;
            else tally.stopped += 1;
            if (expressions[i]!.hostile) {
              tally.hostile += 1;
              expect(outcome).toEqual({ kind: 'stopped', reason: expect.any(String) });
            }
          });
        }),
        fuzzParameters(COUNT, 0xce1),
      );
      console.log(
        `cel evaluation fuzz: ${tally.evaluations} evaluations, ${tally.done} expressions done, ${tally.stopped} stopped (${tally.hostile} hostile)`,
      );
      throwOnFailure(details);
      // A run that drew no hostile expression would prove nothing about the limit.
      expect(tally.hostile).toBeGreaterThan(0);
    },
    START_LIMIT_MS + COUNT * 4 * 5_000,
  );
});
