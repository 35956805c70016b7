import { describe, expect, it } from 'vitest';
import { agentGraph, checkLoadSet } from '../../core/index.ts';
import {
  LARGE_GROUP,
  layoutGraph,
  layoutInput,
  layoutKey,
  NODE_HEIGHT,
  type GraphLayout,
  type LayoutInput,
} from './graph-layout.ts';
import {
  ANIMATED_NODES,
  arrowHead,
  describeNode,
  drawnEdges,
  drawnNodes,
  edgeMiddle,
  edgePath,
  fitView,
  inRect,
  moveFocus,
  nodeShape,
  problemBadges,
  sceneRect,
  TYPE_COLOURS,
  zoomAnchor,
} from './graph-view.ts';

const card = (front: string) => `---\n${front}\n---\nDo it.\n`;
const CHAIN = {
  'b.md':
    card('type: agent\nname: url_fetcher') +
    card('type: agent\nname: social_media') +
    card('type: chain\nname: post_writer\nsequence: [url_fetcher, social_media, ghost]'),
};

describe('layoutGraph', () => {
  const graph = agentGraph(checkLoadSet(CHAIN));
  const layout = layoutGraph(layoutInput(graph));

  it('lays out left to right: the chain before the agents it calls, in one column of steps', () => {
    const { post_writer: chain, url_fetcher: a, social_media: b, ghost } = layout.nodes;
    expect(chain!.x).toBeLessThan(a!.x);
    expect(a!.x).toBe(b!.x);
    expect(b!.x).toBe(ghost!.x);
    expect(new Set([a!.y, b!.y, ghost!.y]).size).toBe(3);
    expect(chain!.height).toBe(NODE_HEIGHT);
    expect(layout.width).toBeGreaterThan(chain!.width + a!.width);
  });

  it('draws each edge from the border of its source box to the border of its target box', () => {
    expect(layout.edges).toHaveLength(3);
    const onBorder = (p: { x: number; y: number }, id: string) => {
      const box = layout.nodes[id]!;
      const dx = Math.abs(p.x - box.x) - box.width / 2;
      const dy = Math.abs(p.y - box.y) - box.height / 2;
      return dx <= 0.5 && dy <= 0.5 && (Math.abs(dx) < 0.5 || Math.abs(dy) < 0.5);
    };
    for (const [i, points] of layout.edges.entries()) {
      expect(onBorder(points[0]!, 'post_writer')).toBe(true);
      expect(onBorder(points.at(-1)!, graph.edges[i]!.to)).toBe(true);
    }
  });

  it('keys layouts by what they depend on: an edit of an instruction keeps the key, a new step changes it', () => {
    const same = agentGraph(
      checkLoadSet({ 'b.md': CHAIN['b.md'].replace('Do it.', 'Do it now.') }),
    );
    expect(layoutKey(layoutInput(same))).toBe(layoutKey(layoutInput(graph)));
    const more = agentGraph(
      checkLoadSet({ 'b.md': CHAIN['b.md'].replace('ghost]', 'ghost, extra]') }),
    );
    expect(layoutKey(layoutInput(more))).not.toBe(layoutKey(layoutInput(graph)));
  });

  it('lays out 1,000 agents with references', () => {
    const cards = Array.from({ length: 1000 }, (_, i) =>
      i % 10 === 9
        ? card(`type: chain\nname: c${i}\nsequence: [a${i - 1}, a${i - 2}, a${i - 3}]`)
        : card(`type: agent\nname: a${i}`),
    );
    const big = agentGraph(checkLoadSet({ 'big.md': cards.join('') }));
    const laid = layoutGraph(layoutInput(big));
    expect(Object.keys(laid.nodes)).toHaveLength(1000);
    expect(laid.edges.every((points) => points.length >= 2)).toBe(true);
  });
});

describe('layoutGraph of a group of more than LARGE_GROUP agents', () => {
  // 40 chains, each calling three of 80 agents so that all of them hang together: one group of 120.
  const input: LayoutInput = {
    nodes: [
      ...Array.from({ length: 40 }, (_, i) => ({ id: `c${i}`, label: `c${i}`, sublabel: 'chain' })),
      ...Array.from({ length: 80 }, (_, i) => ({ id: `a${i}`, label: `a${i}`, sublabel: 'agent' })),
    ],
    edges: Array.from({ length: 40 }, (_, i) =>
      [2 * i, 2 * i + 1, (2 * i + 2) % 80].map((a, k) => ({
        from: `c${i}`,
        to: `a${a}`,
        label: String(k + 1),
      })),
    ).flat(),
  };
  const layout = layoutGraph(input);

  it('is a large group, laid out in two columns: every chain left of every agent', () => {
    expect(input.nodes.length).toBeGreaterThan(LARGE_GROUP);
    const xs = (prefix: string) =>
      new Set(input.nodes.filter((n) => n.id.startsWith(prefix)).map((n) => layout.nodes[n.id]!.x));
    expect(xs('c').size).toBe(1);
    expect(xs('a').size).toBe(1);
    expect([...xs('c')][0]).toBeLessThan([...xs('a')][0]!);
  });

  it('never lets two boxes of a column overlap, and draws every edge', () => {
    const ys = Object.values(layout.nodes)
      .filter((box) => box.x === layout.nodes['a0']!.x)
      .map((box) => box.y)
      .sort((a, b) => a - b);
    expect(ys).toHaveLength(80);
    for (let i = 1; i < ys.length; i++)
      expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(NODE_HEIGHT);
    expect(layout.edges.every((points) => points.length >= 2)).toBe(true);
  });

  it('is the same layout every time', () => {
    expect(layoutGraph(input)).toEqual(layout);
  });
});

describe('layoutGraph after an edit (incremental)', () => {
  /**
   * `count` groups: chain `c<g>` calls `size` agents `a<g>_<k>`; `edit` changes group 1: its chain
   * calls `a1_new` first.
   */
  const groups = (count: number, size: number, edit = false): LayoutInput => {
    const nodes: Array<LayoutInput['nodes'][number]> = [];
    const edges: Array<LayoutInput['edges'][number]> = [];
    for (let g = 0; g < count; g++) {
      nodes.push({ id: `c${g}`, label: `c${g}`, sublabel: 'chain' });
      if (edit && g === 1) {
        nodes.push({ id: 'a1_new', label: 'a1_new', sublabel: 'agent' });
        edges.push({ from: 'c1', to: 'a1_new', label: '0' });
      }
      for (let k = 0; k < size; k++) {
        nodes.push({ id: `a${g}_${k}`, label: `a${g}_${k}`, sublabel: 'agent' });
        edges.push({ from: `c${g}`, to: `a${g}_${k}`, label: String(k + 1) });
      }
    }
    nodes.push({ id: 'loner', label: 'loner', sublabel: 'agent' });
    return { nodes, edges };
  };
  const inGroup = (layout: GraphLayout, g: number) =>
    Object.fromEntries(
      Object.entries(layout.nodes).filter(([id]) => id === `c${g}` || id.startsWith(`a${g}_`)),
    );
  const edgesOf = (input: LayoutInput, layout: GraphLayout, g: number) =>
    layout.edges.filter((_, i) => input.edges[i]!.from === `c${g}`);

  for (const [what, count, size] of [
    ['small groups (dagre)', 3, 3],
    ['a large load-set (layeredLayout)', 6, 40],
  ] as const) {
    it(`lays out again only the group that changed, in ${what}: the others keep every coordinate`, () => {
      const before = groups(count, size);
      const after = groups(count, size, true);
      const first = layoutGraph(before);
      const next = layoutGraph(after, first);
      for (let g = 0; g < count; g++) {
        if (g === 1) continue;
        expect(inGroup(next, g)).toEqual(inGroup(first, g));
        expect(edgesOf(after, next, g)).toEqual(edgesOf(before, first, g));
      }
      expect(inGroup(next, 1)).not.toEqual(inGroup(first, 1));
      expect(next.nodes['a1_new']).toBeDefined();
      // The same answer as laying out from scratch would give, for the unchanged groups above it.
      expect(inGroup(layoutGraph(after), 0)).toEqual(inGroup(next, 0));
    });
  }

  it('keeps the agents of a changed large group in their places: a new one joins below, nobody jumps', () => {
    const first = layoutGraph(groups(6, 40));
    const next = layoutGraph(groups(6, 40, true), first);
    const old = Array.from({ length: 40 }, (_, k) => `a1_${k}`);
    expect(old.map((id) => next.nodes[id])).toEqual(old.map((id) => first.nodes[id]));
    expect(next.nodes['a1_new']!.y).toBeGreaterThan(
      Math.max(...old.map((id) => next.nodes[id]!.y)),
    );
    // From scratch, the new agent (first in its chain) would push all 40 down.
    const scratch = layoutGraph(groups(6, 40, true));
    expect(scratch.nodes['a1_new']!.y).toBeLessThan(scratch.nodes['a1_0']!.y);
  });

  it('moves a group that outgrew its place below the others, and leaves the rest where they were', () => {
    const before = groups(3, 3);
    const after: LayoutInput = {
      nodes: [
        ...before.nodes,
        ...Array.from({ length: 6 }, (_, k) => ({
          id: `x${k}`,
          label: `x${k}`,
          sublabel: 'agent',
        })),
      ],
      edges: [
        ...before.edges,
        ...Array.from({ length: 6 }, (_, k) => ({ from: 'c1', to: `x${k}`, label: '' })),
      ],
    };
    const first = layoutGraph(before);
    const next = layoutGraph(after, first);
    expect(inGroup(next, 0)).toEqual(inGroup(first, 0));
    expect(inGroup(next, 2)).toEqual(inGroup(first, 2));
    const bottomOf2 = Math.max(...Object.values(inGroup(first, 2)).map((b) => b.y + b.height / 2));
    expect(next.nodes['c1']!.y).toBeGreaterThan(bottomOf2);
    const boxes = Object.values(next.nodes);
    for (const a of boxes)
      for (const b of boxes)
        if (a !== b)
          expect(
            Math.abs(a.x - b.x) >= (a.width + b.width) / 2 ||
              Math.abs(a.y - b.y) >= (a.height + b.height) / 2,
          ).toBe(true);
  });
});

describe('graph view helpers', () => {
  const graph = agentGraph(checkLoadSet(CHAIN));
  const layout = layoutGraph(layoutInput(graph));

  it('moves focus along edges with Right/Left and within a column with Up/Down', () => {
    expect(moveFocus(graph, layout, 'post_writer', 'ArrowRight')).toBe('url_fetcher');
    expect(moveFocus(graph, layout, 'url_fetcher', 'ArrowLeft')).toBe('post_writer');
    expect(moveFocus(graph, layout, 'url_fetcher', 'ArrowRight')).toBe('url_fetcher');
    const column = ['url_fetcher', 'social_media', 'ghost'].sort(
      (a, b) => layout.nodes[a]!.y - layout.nodes[b]!.y,
    );
    expect(moveFocus(graph, layout, column[0]!, 'ArrowDown')).toBe(column[1]);
    expect(moveFocus(graph, layout, column[1]!, 'ArrowUp')).toBe(column[0]);
    expect(moveFocus(graph, layout, column[0]!, 'ArrowUp')).toBe(column[0]);
  });

  it('counts errors and warnings per agent from its own card’s diagnostics', () => {
    const result = checkLoadSet({ 'x.md': card('type: chain\nname: c\nsequence: [nobody]') });
    const badges = problemBadges(agentGraph(result), result.diagnostics);
    expect(badges.get('c')?.errors).toBeGreaterThan(0);
    expect(badges.has('nobody')).toBe(false);
  });

  it('counts per card of each file: warnings and errors apart, clean agents without a badge', () => {
    const result = checkLoadSet({
      'x.md':
        card('type: chain\nname: c\nsequence: [nobody, ghost]') + card('type: agent\nname: fine'),
      'y.md': '---\ntype: agent\nname: w\ntemprature: 1\n---\nDo it.\n---SYSTEM\nBe brief.\n',
    });
    const badges = problemBadges(agentGraph(result), result.diagnostics);
    expect(Object.fromEntries(badges)).toEqual({
      c: { errors: 2, warnings: 0 },
      w: { errors: 1, warnings: 1 },
    });
    expect(problemBadges(agentGraph(result), [])).toEqual(new Map());
  });

  it('draws a distinct closed outline per type, and edge paths through every point', () => {
    const types = [
      'agent',
      'chain',
      'parallel',
      'evaluator_optimizer',
      'router',
      'orchestrator',
      'iterative_planner',
      'MAKER',
      'a2a',
    ] as const;
    const shapes = types.map((t) => nodeShape(t, 120, 46));
    expect(new Set(shapes).size).toBe(types.length);
    for (const shape of shapes) expect(shape).toMatch(/^M.*Z/);
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 0 },
    ];
    expect(edgePath(points)).toBe('M0,0Q10,10 15,5L20,0');
    expect(edgeMiddle(points)).toEqual({ x: 10, y: 10 });
    expect(edgePath([])).toBe('');
  });

  it('draws an outline at a given centre as the same outline moved there', () => {
    const moved = (path: string, dx: number, dy: number) =>
      path.replace(/(-?[\d.]+),(-?[\d.]+)/g, (_, x, y) => `${+x + dx},${+y + dy}`);
    for (const type of ['parallel', 'router', 'iterative_planner', 'MAKER'] as const)
      expect(nodeShape(type, 120, 46, { x: 300, y: 40 })).toBe(
        moved(nodeShape(type, 120, 46), 300, 40),
      );
    expect(nodeShape('agent', 120, 46, { x: 300, y: 40 })).toMatch(/^M244,17H356/);
  });
});

describe('arrowHead', () => {
  it('draws a triangle whose tip is the last point, pointing along the last segment', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 50, y: 10 },
      { x: 100, y: 10 },
    ];
    expect(arrowHead(points, 10)).toBe('M100,10L90,14.5L90,5.5Z');
  });

  it('draws nothing for an edge without a segment', () => {
    expect(arrowHead([], 10)).toBe('');
    expect(arrowHead([{ x: 1, y: 1 }], 10)).toBe('');
    expect(
      arrowHead(
        [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
        10,
      ),
    ).toBe('');
  });
});

describe('what the view draws (drawnNodes, drawnEdges)', () => {
  it('draws each placed node once, with its outline, colours, label and accessible description', () => {
    const result = checkLoadSet(CHAIN);
    const graph = agentGraph(result);
    const layout = layoutGraph(layoutInput(graph));
    const nodes = drawnNodes(graph, layout, problemBadges(graph, result.diagnostics));
    expect(nodes.map((n) => n.id)).toEqual(graph.nodes.map((n) => n.id));
    const chain = nodes.find((n) => n.id === 'post_writer')!;
    const box = layout.nodes.post_writer!;
    // A small graph eases its nodes into place: drawn at (0, 0), moved by a transform.
    expect(chain.transform).toBe(`translate(${box.x},${box.y})`);
    expect(chain.outline).toBe(nodeShape('chain', box.width, box.height));
    expect([chain.fill, chain.stroke]).toEqual([
      TYPE_COLOURS.chain.fill,
      TYPE_COLOURS.chain.stroke,
    ]);
    expect([chain.label, chain.subtitle]).toEqual(['post_writer', 'chain']);
    expect(chain.description).toBe('post_writer, chain, has errors, 1 error, 0 warnings');
    expect(chain.counts).toEqual({ errors: 1, warnings: 0 });
    const ghost = nodes.find((n) => n.id === 'ghost')!;
    expect([ghost.status, ghost.subtitle, ghost.fill, ghost.counts]).toEqual([
      'missing',
      'missing',
      'none',
      undefined,
    ]);
    expect(ghost.description).toBe('ghost, missing agent');
  });

  it('draws a large graph’s nodes at their places, without a transform each', () => {
    const names = Array.from({ length: ANIMATED_NODES + 1 }, (_, i) => `a${i}`);
    const result = checkLoadSet({
      'big.md': names.map((name) => card(`type: agent\nname: ${name}`)).join(''),
    });
    const graph = agentGraph(result);
    const layout = layoutGraph(layoutInput(graph));
    const nodes = drawnNodes(graph, layout, new Map());
    expect(nodes).toHaveLength(names.length);
    const last = nodes.at(-1)!;
    const box = layout.nodes[last.id]!;
    expect(last.transform).toBeUndefined();
    expect([last.x, last.y]).toEqual([box.x, box.y]);
    expect(last.outline).toBe(nodeShape('agent', box.width, box.height, box));
  });

  it('leaves out a node the layout does not place, and shows a long name cut', () => {
    const long = 'an_agent_whose_name_is_far_too_long_for_its_box';
    const graph = agentGraph(checkLoadSet({ 'x.md': card(`type: agent\nname: ${long}`) }));
    const layout = layoutGraph(layoutInput(graph));
    expect(drawnNodes(graph, layout, new Map())[0]!.label).toBe('an_agent_whose_name_is_far_…');
    expect(drawnNodes(graph, { ...layout, nodes: {} }, new Map())).toEqual([]);
  });

  it('draws each edge along its points, numbering chain steps from 1 in sequence order', () => {
    const graph = agentGraph(checkLoadSet(CHAIN));
    const layout = layoutGraph(layoutInput(graph));
    const edges = drawnEdges(graph, layout);
    expect(edges.map((e) => [e.kind, e.number?.text])).toEqual([
      ['sequence', '1'],
      ['sequence', '2'],
      ['sequence', '3'],
    ]);
    expect(edges[1]!.line).toBe(edgePath(layout.edges[1]!));
    expect(edges[1]!.head).toBe(arrowHead(layout.edges[1]!, 9));
    expect(edges[1]!.number).toMatchObject(edgeMiddle(layout.edges[1]!)!);
  });

  it('marks an edge on a cycle, and leaves an unordered edge unnumbered', () => {
    const graph = agentGraph(
      checkLoadSet({
        'x.md':
          card('type: router\nname: r\nagents: [a]') + card('type: chain\nname: a\nsequence: [a]'),
      }),
    );
    const edges = drawnEdges(graph, layoutGraph(layoutInput(graph)));
    const router = edges[graph.edges.findIndex((e) => e.from === 'r')]!;
    const self = edges[graph.edges.findIndex((e) => e.from === 'a')]!;
    expect([router.kind, router.cycle, router.number]).toEqual(['agents', false, null]);
    expect([self.cycle, self.number?.text]).toEqual([true, '1']);
  });

  it('shows control characters in a name as pictures in the label and the description, keeping its id', () => {
    const graph = agentGraph(
      checkLoadSet({ 'x.md': card('type: agent\nname: "a\\0b\\e[31mc\\u202ed"') }),
    );
    const [node] = drawnNodes(graph, layoutGraph(layoutInput(graph)), new Map());
    expect(node!.id).toBe('a\u0000b\u001b[31mc\u202ed');
    expect(node!.label).toBe('a␀b␛[31mc\\u202ed');
    expect(node!.description).toBe('a␀b␛[31mc\\u202ed, agent');
  });

  it('describes problems in words, singular and plural', () => {
    const [node] = agentGraph(checkLoadSet({ 'x.md': card('type: agent\nname: w') })).nodes;
    expect(describeNode(node!, undefined)).toBe('w, agent');
    expect(describeNode(node!, { errors: 2, warnings: 1 })).toBe('w, agent, 2 errors, 1 warning');
  });
});

describe('fitView', () => {
  it('fits a drawing at the largest zoom that shows it all, centred', () => {
    expect(fitView({ width: 400, height: 100 }, { width: 800, height: 400 })).toEqual({
      k: 1.5,
      x: 100,
      y: 125,
    });
    expect(fitView({ width: 1600, height: 200 }, { width: 800, height: 400 })).toEqual({
      k: 0.5,
      x: 0,
      y: 150,
    });
  });

  it('shows a drawing too large for the least zoom from its top-left corner, not its middle', () => {
    expect(fitView({ width: 8000, height: 21000 }, { width: 456, height: 650 })).toEqual({
      k: 0.1,
      x: 0,
      y: 0,
    });
  });

  it('shows a drawing too large for the least zoom around the focus, within its edges', () => {
    const size = { width: 8000, height: 21000 };
    const box = { width: 456, height: 650 };
    // At ×0.1 the drawing is 800 × 2100 px: the agent at (4000, 10000) is in the middle of the view.
    expect(fitView(size, box, { x: 4000, y: 10000 })).toEqual({ k: 0.1, x: -172, y: -675 });
    // Near the top-left corner: the view stops at the drawing's edge instead of showing past it.
    expect(fitView(size, box, { x: 100, y: 200 })).toEqual({ k: 0.1, x: 0, y: 0 });
    // Near the bottom-right corner likewise: the drawing's far edges meet the view's.
    expect(fitView(size, box, { x: 7950, y: 20990 })).toEqual({ k: 0.1, x: -344, y: -1450 });
    // An axis that fits stays centred whatever the focus: 8000 × 2000 at ×0.1 is 800 × 200 px.
    expect(fitView({ width: 8000, height: 2000 }, box, { x: 4000, y: 0 })).toEqual({
      k: 0.1,
      x: -172,
      y: 225,
    });
  });

  it('fits nothing without area', () => {
    expect(fitView({ width: 0, height: 10 }, { width: 800, height: 400 })).toBeNull();
    expect(fitView({ width: 10, height: 10 }, { width: 0, height: 0 })).toBeNull();
  });
});

describe('zoomAnchor (what the zoom buttons zoom about)', () => {
  const box = { width: 400, height: 300 };
  it('is the selected agent while it is in view', () => {
    // At ×2 panned by (-100, -50), the agent at (100, 60) is drawn at (100, 70).
    expect(zoomAnchor({ x: -100, y: -50, k: 2 }, box, { x: 100, y: 60 })).toEqual({
      x: 100,
      y: 70,
    });
  });

  it('is the middle of the view when no agent is selected, or the selected one is out of view', () => {
    expect(zoomAnchor({ x: 0, y: 0, k: 1 }, box, null)).toEqual({ x: 200, y: 150 });
    expect(zoomAnchor({ x: 0, y: 0, k: 1 }, box, { x: 401, y: 10 })).toEqual({ x: 200, y: 150 });
    expect(zoomAnchor({ x: -100, y: 0, k: 1 }, box, { x: 50, y: 10 })).toEqual({ x: 200, y: 150 });
  });
});

describe('sceneRect and inRect (the labels a large graph draws)', () => {
  it('gives the part of the drawing in view, in its own coordinates, with a margin', () => {
    // Panned 1,000 px left and 200 px up at ×2: the 400 × 300 view shows x 500–700, y 100–250.
    const view = { x: -1000, y: -200, k: 2 };
    expect(sceneRect(view, { width: 400, height: 300 }, 0)).toEqual({
      left: 500,
      top: 100,
      right: 700,
      bottom: 250,
    });
    expect(sceneRect(view, { width: 400, height: 300 })).toEqual({
      left: 400,
      top: 25,
      right: 800,
      bottom: 325,
    });
  });

  it('keeps a node partly in view and leaves out one wholly outside', () => {
    const rect = { left: 500, top: 100, right: 700, bottom: 250 };
    expect(inRect({ x: 600, y: 200, width: 100, height: 46 }, rect)).toBe(true);
    // Its right edge (x 520) reaches into the view.
    expect(inRect({ x: 460, y: 200, width: 120, height: 46 }, rect)).toBe(true);
    expect(inRect({ x: 430, y: 200, width: 120, height: 46 }, rect)).toBe(false);
    expect(inRect({ x: 600, y: 300, width: 100, height: 46 }, rect)).toBe(false);
    // A point (a chain step's number) is in or out.
    expect(inRect({ x: 700, y: 250 }, rect)).toBe(true);
    expect(inRect({ x: 701, y: 250 }, rect)).toBe(false);
  });
});
