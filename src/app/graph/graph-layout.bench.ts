/**
 * The layout's time under Node, for the bench's 1,000-agent bundle (`npx vitest bench --run
 * src/app/graph`): a full layout, and the re-layout after renaming one agent. Prints figures only;
 * the browser figure (in the layout worker) is `scripts/bench-graph.js`'s.
 */
import { bench, describe } from 'vitest';
import { agentGraph, checkLoadSet } from '../../core/index.ts';
// @ts-expect-error -- a plain JavaScript module of the bench scripts, without types
import { makeCards, renderMarkdown } from '../../../scripts/bench/make-bundles.js';
import { layoutGraph, layoutInput, type LayoutInput } from './graph-layout.ts';

const cards = makeCards() as Array<{ name: string }>;
const text = (renderMarkdown(cards) as { text: string }).text;
const inputOf = (source: string): LayoutInput =>
  layoutInput(agentGraph(checkLoadSet({ 'bench.md': source })));
const input = inputOf(text);
const last = cards[cards.length - 1]!.name;
const renamed = inputOf(text.replace(`name: ${last}\n`, `name: ${last}_2\n`));
const previous = layoutGraph(input);

describe('layout of the 1,000-agent bench bundle', () => {
  bench('full layout', () => void layoutGraph(input));
  bench('re-layout after renaming one agent', () => void layoutGraph(renamed, previous));
});
