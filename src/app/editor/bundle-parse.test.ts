import { markdownLanguage } from '@codemirror/lang-markdown';
import { yamlLanguage } from '@codemirror/lang-yaml';
import {
  IterMode,
  Parser,
  Tree,
  TreeFragment,
  type Input,
  type PartialParse,
  type TreeFragment as Fragment,
} from '@lezer/common';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters, throwOnFailure } from '../../../tests/fuzz/fuzz-run.ts';
import { BundleParser, type ParseScope } from './bundle-parse.ts';

/** Delegates to `inner` and counts the parses it starts. */
class CountingParser extends Parser {
  starts = 0;

  constructor(private readonly inner: Parser) {
    super();
  }

  createParse(
    input: Input,
    fragments: readonly Fragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    this.starts++;
    return this.inner.startParse(input, fragments, ranges);
  }
}

function counting(scope?: ParseScope) {
  const markdown = new CountingParser(markdownLanguage.parser);
  const yaml = new CountingParser(yamlLanguage.parser);
  return { parser: new BundleParser(markdown, yaml, scope), markdown, yaml };
}

/** A scope with a viewport the test moves, recording the ranges reported as skipped. */
function editorLike(viewport: { from: number; to: number }) {
  const skipped: Array<{ from: number; to: number }> = [];
  const scope: ParseScope = {
    viewport: () => viewport,
    skipUntilInView: (from, to) => void skipped.push({ from, to }),
  };
  return { scope, skipped, viewport };
}

const { parser } = counting();

/** Every node, mounted trees entered, as `name from-to`: equal strings mean equal highlighting. */
function dump(tree: Tree): string {
  const out: string[] = [];
  tree.iterate({ enter: (node) => void out.push(`${node.name} ${node.from}-${node.to}`) });
  return out.join('\n');
}

/** `count` cards, each body with a `---` horizontal rule unless `rules` is false. */
function bundleOf(count: number, rules = true): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    text += `---\ntype: agent\nname: card${i}\nmodel: sonnet\n---\n# Card ${i}\n\n`;
    text += `Some *prose* for card ${i}, long enough to matter.\n\n${rules ? '---\n\n' : ''}`;
    text += '- a list\n- of items\n\n';
  }
  return text;
}

/** Applies one edit to `text` and parses the result incrementally from `tree`. */
function edit(tree: Tree, text: string, from: number, to: number, insert: string, p = parser) {
  const next = text.slice(0, from) + insert + text.slice(to);
  const fragments = TreeFragment.applyChanges(TreeFragment.addTree(tree), [
    { fromA: from, toA: to, fromB: from, toB: from + insert.length },
  ]);
  return { text: next, tree: p.parse(next, fragments) };
}

/** The card structure only (mounted trees not entered). */
function outline(tree: Tree): string {
  const out: string[] = [];
  tree.iterate({
    mode: IterMode.IgnoreMounts,
    enter: (node) => void out.push(`${node.name} ${node.from}-${node.to}`),
  });
  return out.join('\n');
}

const PIECES = [
  'x',
  '\n',
  '---\n',
  '---',
  'type: chain\n',
  '\n---\ntype: agent\n---\n',
  '  ',
  '# ',
];

/** A fraction in [0, 1) that shrinks toward 0 (the start of the text, the shortest range). */
const fraction = fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((n) => n / 2 ** 32);

/**
 * One edit of an edit sequence, with positions as fractions of the text it is applied to (the text
 * changes along the sequence). `stop` and `early` are used by the tests that stop parses part-way.
 * Every field shrinks toward a no-op (insert nothing at 0, remove nothing), so a shrunk failure keeps
 * only the edits it needs.
 */
interface EditStep {
  at: number;
  /** Characters removed after `at` (0 in 70% of draws, as before). */
  removed: number;
  insert: string;
  /** Whether the parse after this edit is stopped part-way, and where. */
  stop: number | undefined;
  /** Whether the next edit comes before the stopped parse is finished. */
  early: boolean;
  /** Where the viewport starts, for the viewport test. */
  viewport: number;
}

function editSteps(steps: number, emptyInserts: boolean): fc.Arbitrary<EditStep[]> {
  const step: fc.Arbitrary<EditStep> = fc.record({
    at: fraction,
    removed: fc.oneof(
      { withCrossShrink: true },
      { weight: 70, arbitrary: fc.constant(0) },
      { weight: 30, arbitrary: fc.integer({ min: 0, max: 39 }) },
    ),
    insert: emptyInserts
      ? fc.oneof(
          { withCrossShrink: true },
          { weight: 20, arbitrary: fc.constant('') },
          { weight: 80, arbitrary: fc.constantFrom(...PIECES) },
        )
      : fc.constantFrom(...PIECES),
    stop: fc.oneof(
      { withCrossShrink: true },
      { weight: 40, arbitrary: fc.constant(undefined) },
      { weight: 60, arbitrary: fraction },
    ),
    early: fc.boolean(),
    viewport: fraction,
  });
  // The same number of steps as each sequence always had; shrinking turns steps into no-ops.
  return fc.array(step, { minLength: steps, maxLength: steps });
}

/** The edit of `step` on `text`: the replaced range and the text after it. */
function place(text: string, step: EditStep) {
  const from = Math.floor(step.at * (text.length + 1));
  const to = Math.min(text.length, from + step.removed);
  return { from, to, next: text.slice(0, from) + step.insert + text.slice(to) };
}

/** How long a failure may shrink before the smallest sequence so far is reported. */
const SHRINK_LIMIT_MS = 90_000;

/**
 * Runs `property` on one sequence of `steps` edits (from the fuzz run seed mixed with `salt`,
 * `FUZZ_SEED`/`FUZZ_PATH` as in tests/fuzz/fuzz-run.ts); a failure shrinks and prints how to replay it.
 */
function checkSequences(
  steps: number,
  salt: number,
  property: (edits: EditStep[]) => void,
  emptyInserts = false,
) {
  throwOnFailure(
    fc.check(fc.property(editSteps(steps, emptyInserts), property), {
      ...fuzzParameters(1, salt),
      // The one sequence always runs to its end (the limit is looked at between runs); a failure's
      // shrinking, which replays the sequence up to the failing step for each try, stops after it
      // and reports the smallest sequence found so far.
      interruptAfterTimeLimit: SHRINK_LIMIT_MS,
      markInterruptAsFailure: true,
    }),
    ([edits]) => [
      'the steps that are not no-ops (index: edit):',
      ...edits.flatMap((e, i) =>
        e.at === 0 && e.removed === 0 && e.insert === '' ? [] : [`  ${i}: ${JSON.stringify(e)}`],
      ),
    ],
  );
}

describe('BundleParser', () => {
  it('re-parses only the edited card of a 1,000-card bundle', () => {
    const { parser: p, markdown, yaml } = counting();
    const text = bundleOf(1000);
    const tree = p.parse(text);
    expect([markdown.starts, yaml.starts]).toEqual([1000, 1000]);

    markdown.starts = yaml.starts = 0;
    const inBody = text.indexOf('Some *prose* for card 500,');
    const body = edit(tree, text, inBody, inBody, 'x', p);
    expect([markdown.starts, yaml.starts]).toEqual([1, 0]);
    expect(body.tree.children.filter((c, i) => c === tree.children[i])).toHaveLength(999);
    expect(body.tree.children[500]).not.toBe(tree.children[500]);
    expect(dump(body.tree)).toBe(dump(parser.parse(body.text)));

    markdown.starts = yaml.starts = 0;
    const inHeader = text.indexOf('model: sonnet', text.indexOf('name: card500'));
    const header = edit(tree, text, inHeader, inHeader, 'x', p);
    expect([markdown.starts, yaml.starts]).toEqual([1, 1]);
    expect(header.tree.children.filter((c, i) => c === tree.children[i])).toHaveLength(999);
    expect(dump(header.tree)).toBe(dump(parser.parse(header.text)));
  });

  it('re-parses the card before an edited opening line, whose body now runs on', () => {
    const text = bundleOf(5, false);
    const tree = parser.parse(text);
    const at = text.indexOf('---\ntype: agent\nname: card3') + 3;
    const next = edit(tree, text, at, at, 'x');
    expect(next.tree.children).toHaveLength(4);
    expect(next.tree.children[1]).toBe(tree.children[1]);
    expect(next.tree.children[3]).toBe(tree.children[4]);
    expect(dump(next.tree)).toBe(dump(parser.parse(next.text)));
  });

  it('gives the same tree as a fresh parse after any sequence of edits', () => {
    checkSequences(
      300,
      7,
      (steps) => {
        let text = bundleOf(12);
        let tree = parser.parse(text);
        for (const [i, step] of steps.entries()) {
          const { from, to } = place(text, step);
          ({ text, tree } = edit(tree, text, from, to, step.insert));
          expect(dump(tree), `after step ${i}`).toBe(dump(parser.parse(text)));
        }
      },
      true,
    );
  });

  it('reads text before the first card, and a file without cards, as Markdown', () => {
    const text = 'intro\n\n---\ntype: agent\n---\nbody\n';
    const tree = parser.parse(text);
    expect(tree.resolveInner(1, 1).name).toBe('Paragraph');
    const plain = parser.parse('# Notes\n\n---\n\nno cards\n');
    expect(plain.topNode.firstChild?.name).toBe('Document');
  });

  it('stops at a card boundary and finishes from the partial tree later', () => {
    const { parser: p, markdown } = counting();
    const text = bundleOf(40);
    const parse = p.startParse(text);
    parse.stopAt(text.indexOf('---\ntype: agent\nname: card20\n'));
    let partial: Tree | null;
    while (!(partial = parse.advance()));
    expect(partial.children).toHaveLength(20);
    expect(text.slice(partial.length).startsWith('---\ntype: agent\nname: card20')).toBe(true);
    const before = markdown.starts;
    const full = p.parse(text, TreeFragment.addTree(partial, [], true));
    expect(markdown.starts - before).toBe(20);
    expect(dump(full)).toBe(dump(parser.parse(text)));
  });

  it('keeps a long body parse that was stopped half-way, and resumes it', () => {
    const text = '---\ntype: agent\n---\n' + 'A paragraph of text.\n\n'.repeat(2000);
    const parse = parser.startParse(text);
    while (parse.parsedPos < text.length >> 1) parse.advance();
    parse.stopAt(parse.parsedPos);
    let partial: Tree | null;
    while (!(partial = parse.advance()));
    const full = parser.parse(text, TreeFragment.addTree(partial, [], true));
    expect(dump(full)).toBe(dump(parser.parse(text)));
  });

  it('gives the same tree as a fresh parse when parses are stopped part-way, as the editor does', () => {
    checkSequences(150, 11, (steps) => {
      let text = bundleOf(12);
      let fragments = TreeFragment.addTree(parser.parse(text));
      for (const [i, step] of steps.entries()) {
        const { from, to, next } = place(text, step);
        text = next;
        const change = { fromA: from, toA: to, fromB: from, toB: from + step.insert.length };
        fragments = TreeFragment.applyChanges(fragments, [change]);
        if (step.stop !== undefined) {
          const parse = parser.startParse(text, fragments);
          parse.stopAt(Math.floor(step.stop * text.length));
          let partial: Tree | null;
          while (!(partial = parse.advance()));
          fragments = TreeFragment.addTree(partial, fragments, true);
          // Sometimes the next edit comes before the parse is finished.
          if (step.early) continue;
        }
        const tree = parser.parse(text, fragments);
        expect(dump(tree), `after step ${i}`).toBe(dump(parser.parse(text)));
        fragments = TreeFragment.addTree(tree);
      }
    });
  });

  it('leaves cards far from the viewport without nested trees, and parses them once in view', () => {
    const editor = editorLike({ from: 0, to: 3000 });
    const { parser: p, markdown } = counting(editor.scope);
    const text = bundleOf(1000);
    const tree = p.parse(text);
    const parsed = markdown.starts;
    expect(parsed).toBeGreaterThan(10);
    expect(parsed).toBeLessThan(200);
    expect(editor.skipped).toEqual([{ from: tree.positions[parsed]!, to: text.length }]);
    const far = text.indexOf('# Card 900');
    expect(tree.resolveInner(far, 1).name).toBe('Body');
    expect(tree.resolveInner(text.indexOf('name: card900'), 1).name).toBe('FrontmatterContent');

    markdown.starts = 0;
    editor.viewport.from = far - 1000;
    editor.viewport.to = far + 1000;
    const cut = TreeFragment.applyChanges(TreeFragment.addTree(tree), [
      {
        fromA: editor.viewport.from,
        toA: editor.viewport.to,
        fromB: editor.viewport.from,
        toB: editor.viewport.to,
      },
    ]);
    const next = p.parse(text, cut);
    // The cards within the margin around the new viewport; the others are taken over.
    expect(markdown.starts).toBeLessThan(200);
    expect(next.children[500]).toBe(tree.children[500]);
    expect(next.resolveInner(far + 2, 1).name).toBe('ATXHeading1');
    const card = (t: Tree) => t.children[900] as Tree;
    expect(dump(card(next))).toBe(dump(card(parser.parse(text))));
    expect(next.children[100]).toBe(tree.children[100]);
  });

  it('keeps the card structure exact with a moving viewport, and in-view cards fully parsed', () => {
    checkSequences(60, 23, (steps) => {
      const editor = editorLike({ from: 0, to: 0 });
      const { parser: p } = counting(editor.scope);
      let text = bundleOf(400);
      let fragments: readonly TreeFragment[] = [];
      for (const [i, step] of steps.entries()) {
        const { from, to, next } = place(text, step);
        text = next;
        fragments = TreeFragment.applyChanges(fragments, [
          { fromA: from, toA: to, fromB: from, toB: from + step.insert.length },
        ]);
        editor.viewport.from = Math.floor(step.viewport * text.length);
        editor.viewport.to = Math.min(text.length, editor.viewport.from + 2000);
        // As the editor does: skipped ranges that come into view lose their fragments.
        for (const r of editor.skipped.splice(0))
          if (r.from < editor.viewport.to && r.to > editor.viewport.from)
            fragments = TreeFragment.applyChanges(fragments, [
              { fromA: r.from, toA: r.to, fromB: r.from, toB: r.to },
            ]);
          else editor.skipped.push(r);
        const tree = p.parse(text, fragments);
        const fresh = parser.parse(text);
        expect(outline(tree), `after step ${i}`).toBe(outline(fresh));
        const at = Math.min(text.length - 1, editor.viewport.from + 1000);
        const inView = (t: Tree) => t.resolveInner(Math.max(0, at), 1).name;
        expect(inView(tree), `after step ${i}`).toBe(inView(fresh));
        fragments = TreeFragment.addTree(tree);
      }
    });
  });

  it('rejects ranges: a bundle is always the whole document', () => {
    expect(() => parser.parse('abc', [], [{ from: 1, to: 3 }])).toThrow(RangeError);
  });
});
