/// <reference lib="webworker" />
import { evaluateExpression, prepareEngagement } from '../../core/index.ts';
import type { CelRequest, CelResponse } from './cel-protocol.ts';

// The CEL evaluation worker: one evaluation at a time, one answer per expression. It holds no state worth
// keeping, so the page terminates it whenever an expression runs past its time limit.
function post(message: CelResponse): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

self.onmessage = (event: MessageEvent<CelRequest>) => {
  const { id, extras, engagement, from } = event.data;
  post({ type: 'started', id });
  const prepared = prepareEngagement(extras, engagement);
  post({
    type: 'prepared',
    id,
    engagementError: prepared.engagementError,
    expressions: prepared.expressions,
  });
  if (prepared.engagementError !== null) return;
  for (let index = from; index < prepared.expressions.length; index++) {
    const result = evaluateExpression(prepared.expressions[index]!, prepared.context);
    post({ type: 'result', id, index, result });
  }
};
