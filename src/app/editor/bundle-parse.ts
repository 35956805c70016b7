import { ParseContext } from '@codemirror/language';
import {
  MountedTree,
  NodeProp,
  Parser,
  Tree,
  type TreeFragment,
  type Input,
  type NodeType,
  type PartialParse,
} from '@lezer/common';
import {
  bodyType,
  cardType,
  childBefore,
  contentType,
  dashLineType,
  documentType,
  frontmatterType,
} from './bundle-tree.ts';
import { readCardAt, scanFirstCard, scanNextCard } from './card-scan.ts';
import type { CardOpening } from './frontmatter-ranges.ts';
import { nestedFragments } from './nested-fragments.ts';

/** Unchanged cards taken over from the previous tree in one `advance` step (each costs microseconds). */
const REUSE_BATCH = 200;

/**
 * Where a parse runs: the part of the document the user sees (null: no editor, parse everything), and
 * where to report ranges whose nested parses were left for when they come into view.
 */
export interface ParseScope {
  viewport(): { from: number; to: number } | null;
  skipUntilInView(from: number, to: number): void;
}

/** The scope of a parse run by CodeMirror: its current `ParseContext`, if any. */
const editorScope: ParseScope = {
  viewport: () => ParseContext.get()?.viewport ?? null,
  skipUntilInView: (from, to) => ParseContext.get()?.skipUntilInView(from, to),
};

/**
 * How far outside the editor's viewport (in characters) cards still get their YAML and Markdown
 * parsed, so that scrolling a little shows highlighted text at once.
 */
const VIEWPORT_MARGIN = 10_000;

/**
 * Cards parsed outside the editor's viewport: their card structure is complete, but their body (and,
 * unless taken over, their frontmatter) has no nested tree yet. The editor is told to parse them again
 * when they come into view (`ParseContext.skipUntilInView`); until then they are taken over as they are.
 */
const lazy = new WeakSet<Tree>();

/**
 * Top-level nodes whose nested trees stop short because their parse was stopped: never reused whole
 * (their nested trees still serve as fragments for the parse that finishes them).
 */
const unfinished = new WeakSet<Tree>();

/** A `FrontmatterContent` or `Body` range and the parser that reads it. */
interface Nested {
  type: NodeType;
  from: number;
  to: number;
  parser: Parser;
  tree: Tree | null;
}

/** A top-level node being parsed: a card (`opening` set) or the text before the first card. */
interface Job {
  opening: CardOpening | null;
  from: number;
  to: number;
  /** The card that opens at `to`, found while looking for this card's end. */
  next: CardOpening | null;
  /** The card's `Frontmatter` node taken over from an earlier tree, when its text is unchanged. */
  frontmatter: Tree | null;
  nested: Nested[];
  /** Index in `nested` of the range being parsed. */
  index: number;
  parse: PartialParse | null;
}

const leaf = (type: NodeType, length: number) => new Tree(type, [], [], length);

/** True when a range's nested parse was stopped (or never started) before its end. */
const isShort = (n: Nested) => !n.tree || n.tree.length < n.to - n.from;

/** A leaf of `type` with `tree` (when there is one) mounted on it. */
function host(type: NodeType, length: number, tree: Tree | null, parser: Parser): Tree {
  if (!tree) return leaf(type, length);
  return new Tree(type, [], [], length, [[NodeProp.mounted, new MountedTree(tree, null, parser)]]);
}

/**
 * One parse of a card bundle. It walks the document card by card: a card whose text (and the opening
 * of the card after it) did not change since an earlier tree is taken over whole, with its mounted YAML
 * and Markdown trees; any other card is found with the line-based card rule and its frontmatter and
 * body are handed to the YAML and Markdown parsers, one small step per `advance`, so the editor can
 * pause the parse between steps. `stopAt` ends it at the next card boundary, or inside a long body,
 * whose nested parse the next parse resumes from its fragments.
 */
class BundleParse implements PartialParse {
  parsedPos = 0;
  stoppedAt: number | null = null;
  private readonly children: Tree[] = [];
  private readonly positions: number[] = [];
  /** Start of the next top-level node. */
  private pos = 0;
  /** The card that opens at `pos`: null when none does, undefined before the first look. */
  private opening: CardOpening | null | undefined = undefined;
  private job: Job | null = null;
  /** Lazy cards added since the last report to the editor, as one range (`from` -1: none). */
  private skipFrom = -1;
  private skipTo = -1;
  /** The last child index found in an earlier tree (`indexIn`): the walk asks for the next one. */
  private hintTree: Tree | null = null;
  private hintIndex = -1;

  constructor(
    private readonly input: Input,
    private readonly fragments: readonly TreeFragment[],
    private readonly markdown: Parser,
    private readonly yaml: Parser,
    private readonly scope: ParseScope,
  ) {}

  advance(): Tree | null {
    if (this.job) this.stepJob();
    else if (this.opening === undefined) this.begin();
    else if (this.opening && (this.stoppedAt === null || this.pos < this.stoppedAt))
      this.nextCard();
    else {
      this.reportSkipped();
      return new Tree(documentType, this.children, this.positions, this.pos);
    }
    return null;
  }

  stopAt(pos: number): void {
    this.stoppedAt = pos;
    const job = this.job;
    if (!job) return;
    if (pos <= job.from) {
      this.job = null;
      this.parsedPos = this.pos;
    } else if (
      job.parse &&
      pos < job.nested[job.index]!.to &&
      (job.parse.stoppedAt === null || job.parse.stoppedAt > pos)
    ) {
      job.parse.stopAt(pos);
    }
  }

  private add(tree: Tree, from: number, to: number, opening: CardOpening | null) {
    if (lazy.has(tree)) {
      if (this.skipTo !== from) this.reportSkipped();
      if (this.skipFrom < 0) this.skipFrom = from;
      this.skipTo = to;
    }
    this.children.push(tree);
    this.positions.push(from);
    this.pos = to;
    this.parsedPos = to;
    this.opening = opening;
  }

  /** Tells the editor which lazy cards this parse made, so it parses them when they come into view. */
  private reportSkipped() {
    if (this.skipFrom >= 0) this.scope.skipUntilInView(this.skipFrom, this.skipTo);
    this.skipFrom = this.skipTo = -1;
  }

  /** True when `from`–`to` is far enough from the editor's viewport to leave its nested parses for later. */
  private isFar(from: number, to: number): boolean {
    const viewport = this.scope.viewport();
    return (
      !!viewport && (to < viewport.from - VIEWPORT_MARGIN || from > viewport.to + VIEWPORT_MARGIN)
    );
  }

  /** Finds the first card and takes over or starts parsing the text before it. */
  private begin() {
    const first = scanFirstCard(this.input);
    const end = first ? first.from : this.input.length;
    this.opening = first;
    if (end === 0) return;
    const old = this.oldNodeAt(0, bodyType);
    if (old && old.node.length === end && end <= old.unchangedTo && !unfinished.has(old.node))
      this.add(old.node, 0, end, first);
    else this.startJob(null, 0, end, first);
  }

  /** Takes over a run of unchanged cards, then starts parsing the next card that changed. */
  private nextCard() {
    let opening = this.opening!;
    for (let n = 0; ; n++) {
      // Hand control back now and then: the editor checks its time budget between steps.
      if (n === REUSE_BATCH || (this.stoppedAt !== null && this.pos >= this.stoppedAt)) return;
      const old = this.oldNodeAt(this.pos, cardType);
      if (!old || this.pos + old.node.length > old.unchangedTo || unfinished.has(old.node)) break;
      const to = this.pos + old.node.length;
      // A lazy card that came near the viewport gets its nested parses now.
      if (lazy.has(old.node) && !this.isFar(this.pos, to)) break;
      const next = to < this.input.length ? this.openingAt(to) : null;
      // The body is unchanged, but the card it ran into no longer opens where it did.
      if (!next && to < this.input.length) break;
      this.add(old.node, this.pos, to, next);
      if (!next) return;
      opening = next;
    }
    const next = scanNextCard(this.input, opening.bodyFrom);
    this.startJob(opening, opening.from, next ? next.from : this.input.length, next);
  }

  /**
   * The top-level node of `type` that starts at `from` in the earlier tree whose fragment holds `from`,
   * and the end of that fragment (the text from `from` up to there is unchanged). Null when none does.
   */
  private oldNodeAt(from: number, type: NodeType): { node: Tree; unchangedTo: number } | null {
    for (const f of this.fragments) {
      if (f.from > from || f.to <= from) continue;
      if (f.tree.type !== documentType) return null;
      const index = this.indexIn(f.tree, from + f.offset);
      const node = index < 0 ? null : f.tree.children[index];
      if (!(node instanceof Tree) || node.type !== type) return null;
      return f.tree.positions[index] === from + f.offset ? { node, unchangedTo: f.to } : null;
    }
    return null;
  }

  /**
   * `childBefore(tree, pos)`, first trying the child found last and the one after it: taking over a run
   * of cards asks for each card twice (as the opening after a body, then as the next card) and for the
   * cards in order, so a 1,000-card bundle needs no binary search per card.
   */
  private indexIn(tree: Tree, pos: number): number {
    if (tree === this.hintTree) {
      const positions = tree.positions;
      const last = this.hintIndex;
      if (last >= 0 && positions[last] === pos) return last;
      if (positions[last + 1] === pos) return (this.hintIndex = last + 1);
    }
    this.hintTree = tree;
    return (this.hintIndex = childBefore(tree, pos));
  }

  /**
   * The card that opens at `at`, where an unchanged body ended: read from an earlier tree when the
   * card's frontmatter and the line break after it are unchanged, else from the text.
   */
  private openingAt(at: number): CardOpening | null {
    const old = this.oldNodeAt(at, cardType);
    const frontmatter = old?.node.children[0];
    if (!old || !(frontmatter instanceof Tree)) return readCardAt(this.input, at);
    const body = old.node.children[1];
    const bodyFrom = at + (body ? old.node.positions[1]! : old.node.length);
    const closeEnd = at + frontmatter.length;
    if (bodyFrom > old.unchangedTo || bodyFrom === closeEnd) return readCardAt(this.input, at);
    const last = frontmatter.children.length - 1;
    const contentTo = at + frontmatter.positions[last]!;
    return {
      from: at,
      openEnd: at + frontmatter.children[0]!.length,
      contentFrom: last === 2 ? at + frontmatter.positions[1]! : contentTo,
      contentTo,
      closeEnd,
      bodyFrom,
    };
  }

  /** The `Frontmatter` node of the card at `opening` in an earlier tree, if its text is unchanged. */
  private oldFrontmatter(opening: CardOpening): Tree | null {
    const old = this.oldNodeAt(opening.from, cardType);
    const frontmatter = old?.node.children[0];
    return old &&
      frontmatter instanceof Tree &&
      frontmatter.length === opening.closeEnd - opening.from &&
      opening.closeEnd <= old.unchangedTo &&
      !unfinished.has(frontmatter)
      ? frontmatter
      : null;
  }

  private startJob(
    opening: CardOpening | null,
    from: number,
    to: number,
    next: CardOpening | null,
  ) {
    const nested: Nested[] = [];
    const bodyFrom = opening ? opening.bodyFrom : from;
    const frontmatter = opening && this.oldFrontmatter(opening);
    if (opening && !frontmatter && opening.contentTo > opening.contentFrom) {
      const { contentFrom, contentTo } = opening;
      nested.push({
        type: contentType,
        from: contentFrom,
        to: contentTo,
        parser: this.yaml,
        tree: null,
      });
    }
    if (to > bodyFrom)
      nested.push({ type: bodyType, from: bodyFrom, to, parser: this.markdown, tree: null });
    const job: Job = { opening, from, to, next, frontmatter, nested, index: 0, parse: null };
    if (opening && this.isFar(from, to)) {
      const node = this.buildNode(job);
      lazy.add(node);
      this.add(node, from, to, next);
      return;
    }
    this.job = job;
    this.parsedPos = from;
  }

  /** One step of the current job: starts or advances a nested parse, or finishes the node. */
  private stepJob() {
    const job = this.job!;
    const range = job.nested[job.index];
    if (range) {
      if (!job.parse) {
        if (this.stoppedAt !== null && range.from >= this.stoppedAt) {
          job.index = job.nested.length;
          return;
        }
        const fragments = nestedFragments(this.fragments, range.type, range.from, range.to);
        job.parse = range.parser.startParse(this.input, fragments, [
          { from: range.from, to: range.to },
        ]);
        if (this.stoppedAt !== null && this.stoppedAt < range.to) job.parse.stopAt(this.stoppedAt);
      }
      const tree = job.parse.advance();
      this.parsedPos = Math.max(this.parsedPos, Math.min(job.parse.parsedPos, range.to));
      if (tree) {
        range.tree = tree;
        job.parse = null;
        job.index++;
      }
      return;
    }
    const node = this.buildNode(job);
    if (job.nested.some(isShort)) unfinished.add(node);
    this.job = null;
    this.add(node, job.from, job.to, job.next);
  }

  private buildNode(job: Job): Tree {
    const mount = (n: Nested | undefined) =>
      n ? host(n.type, n.to - n.from, n.tree, n.parser) : null;
    const content = job.nested.find((n) => n.type === contentType);
    const body = job.nested.find((n) => n.type === bodyType);
    const { opening } = job;
    if (!opening) return mount(body)!;
    const at = (n: number) => n - opening.from;
    let frontmatter = job.frontmatter;
    if (!frontmatter) {
      const header: Tree[] = [leaf(dashLineType, opening.openEnd - opening.from)];
      const headerAt: number[] = [0];
      if (content) {
        header.push(mount(content)!);
        headerAt.push(at(content.from));
      }
      header.push(leaf(dashLineType, opening.closeEnd - opening.contentTo));
      headerAt.push(at(opening.contentTo));
      frontmatter = new Tree(frontmatterType, header, headerAt, at(opening.closeEnd));
      if (content && isShort(content)) unfinished.add(frontmatter);
    }
    const parts = [frontmatter];
    const partsAt = [0];
    if (body) {
      parts.push(mount(body)!);
      partsAt.push(at(body.from));
    }
    return new Tree(cardType, parts, partsAt, job.to - job.from);
  }
}

/**
 * The parser of a Markdown card bundle: it finds every card's frontmatter with the line rule of
 * `findMarkdownCards` and mounts the `yaml` parser's tree on each frontmatter's content and the
 * `markdown` parser's tree on each body (and on the text before the first card). Parses are
 * incremental: unchanged cards are taken over from the fragments, and a changed range's nested parse
 * reuses its own earlier tree. Cards far from the viewport of `scope` (by default the editor running
 * the parse) get their card structure only, until they come into view. Reads the whole input: `ranges`
 * must be the default single range.
 */
export class BundleParser extends Parser {
  constructor(
    private readonly markdown: Parser,
    private readonly yaml: Parser,
    private readonly scope: ParseScope = editorScope,
  ) {
    super();
  }

  createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    if (ranges.length !== 1 || ranges[0]!.from !== 0 || ranges[0]!.to !== input.length)
      throw new RangeError('A card bundle is parsed as a whole document, not in ranges');
    return new BundleParse(input, fragments, this.markdown, this.yaml, this.scope);
  }
}
