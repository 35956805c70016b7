/**
 * Cards whose embeds' heights were measured in Chromium at three column widths (VitePress's 688 px, Starlight's
 * 632 px and a phone's 358 px): what `estimate-height.test.ts` holds the element's reserve to, and what
 * tests/e2e/embed-heights.spec.ts measures again in the built embed. Written as the Markdown plugins' fences.
 */
import type { Fence } from '../../src/markdown/embed-markup.ts';

/** One measured card. */
export interface HeightCase {
  name: string;
  fences: Fence[];
  /** The embed's final height in CSS pixels by the element's width (Chromium, this project's build). */
  measured: Record<688 | 632 | 358, number>;
  /**
   * How many pixels the reserve may exceed the measured height: problem messages and long JSON strings wrap
   * at words the model does not see, so it allows a line too many rather than one too few.
   */
  over?: number;
}

/** The widths of `HeightCase.measured`. */
export const MEASURED_WIDTHS = [688, 632, 358] as const;

const long40 = [
  '---',
  'type: agent',
  'name: planner',
  'model: sonnet',
  'use_history: true',
  '---',
  ...Array.from({ length: 34 }, (_, i) => `Step ${i + 1}: look at the request and plan.`),
].join('\n');

const SHORT = '---\ntype: agent\nname: sizer\n---\nEstimate sizes.\n';
const CHAIN = 'type: chain\nname: pipeline\nsequence: [writer]\n';
const WRITER = '---\ntype: agent\nname: writer\n---\nWrite.\n';

/** The cards, each with its measured heights. */
export const HEIGHT_CASES: readonly HeightCase[] = [
  {
    name: 'a clean short card (split, opens on Output)',
    fences: [{ info: 'agentcard', text: SHORT }],
    measured: { 688: 398, 632: 443, 358: 504 },
  },
  {
    name: 'a clean 40-line card',
    fences: [{ info: 'agentcard', text: long40 }],
    measured: { 688: 1163, 632: 1208, 358: 2478 },
    over: 100,
  },
  {
    name: 'a card with one problem (opens on Problems)',
    fences: [
      {
        info: 'agentcard',
        text: '---\ntype: agent\nname: sizer\ntemprature: 0.2\n---\nEstimate sizes.\n',
      },
    ],
    measured: { 688: 182, 632: 190, 358: 323 },
    over: 20,
  },
  {
    name: 'a card with three problems',
    fences: [
      {
        info: 'agentcard',
        text: '---\ntype: agent\nname: sizer\ntemprature: 0.2\nmodle: x\nuse_histroy: true\n---\nEstimate sizes.\n',
      },
    ],
    measured: { 688: 330, 632: 362, 358: 491 },
    over: 40,
  },
  {
    name: 'a chain whose problems have long messages',
    fences: [
      {
        info: 'agentcard',
        text: '---\ntype: chain\nname: pipeline\nsequence: [an-extremely-long-agent-name-that-is-not-defined-anywhere, another-equally-long-agent-name-nobody-wrote]\n---\n',
      },
    ],
    measured: { 688: 490, 632: 554, 358: 766 },
    over: 70,
  },
  {
    name: 'two files (a tab per file in the header)',
    fences: [
      { info: 'agentcard file=pipeline.yaml', text: CHAIN },
      { info: 'agentcard file=writer.md', text: WRITER },
    ],
    measured: { 688: 276, 632: 308, 358: 445 },
    over: 40,
  },
  {
    name: 'an A2A AgentCard in JSON',
    fences: [
      {
        info: 'agentcard file=agent.json',
        text: JSON.stringify(
          {
            protocolVersion: '0.3.0',
            name: 'Bakery',
            description: 'Takes bread orders.',
            url: 'https://bakery.example.org/a2a',
            version: '1.0.0',
            capabilities: {},
            defaultInputModes: ['text/plain'],
            defaultOutputModes: ['text/plain'],
            skills: [{ id: 'order', name: 'Order', description: 'Orders bread.', tags: ['bread'] }],
          },
          null,
          2,
        ),
      },
    ],
    measured: { 688: 560, 632: 602, 358: 1023 },
    over: 40,
  },
  {
    name: 'an AFM agent showing its Output',
    fences: [
      {
        info: 'agentcard file=keeper.afm.md',
        text: '---\nspec_version: "0.3.0"\nname: Keeper\ndescription: Keeps the lamp rota.\nversion: 1.0.0\n---\n\n# Role\nYou keep the rota.\n\n# Instructions\nSay who is on watch.\n',
      },
    ],
    measured: { 688: 696, 632: 726, 358: 925 },
  },
  {
    name: 'view=output',
    fences: [{ info: 'agentcard view=output', text: SHORT }],
    measured: { 688: 355, 632: 355, 358: 369 },
  },
  {
    name: 'view=graph',
    fences: [
      { info: 'agentcard view=graph file=pipeline.yaml', text: CHAIN },
      { info: 'agentcard file=writer.md', text: WRITER },
    ],
    measured: { 688: 477, 632: 477, 358: 496 },
  },
  {
    name: 'a read-only clean card (no Convert form)',
    fences: [{ info: 'agentcard readonly', text: SHORT }],
    measured: { 688: 325, 632: 370, 358: 450 },
  },
];
