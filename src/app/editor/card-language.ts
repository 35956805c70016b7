import {
  defineLanguageFacet,
  Language,
  languageDataProp,
  LanguageSupport,
} from '@codemirror/language';
import {
  NodeSet,
  NodeType,
  Parser,
  parseMixed,
  Tree,
  type Input,
  type ParseWrapper,
  type PartialParse,
  type TreeFragment,
} from '@lezer/common';
import { styleTags, tags } from '@lezer/highlight';
import { findMarkdownCards } from './frontmatter-ranges.ts';

const bundleData = defineLanguageFacet({});

/**
 * Node types of a card bundle's outer tree. A `Document` holds an optional leading `Body` (text before
 * the first card) and one `Card` per card; a `Card` is a `Frontmatter` (`DashLine`,
 * `FrontmatterContent`, `DashLine`) and an optional `Body`. YAML is mounted on `FrontmatterContent`,
 * Markdown on `Body`.
 */
const nodeNames = ['Document', 'Card', 'Frontmatter', 'DashLine', 'FrontmatterContent', 'Body'];
const nodeSet = new NodeSet(
  nodeNames.map((name, id) =>
    NodeType.define({
      id,
      name,
      top: id === 0,
      props: id === 0 ? [[languageDataProp, bundleData]] : [],
    }),
  ),
).extend(styleTags({ DashLine: tags.meta }));
const [documentType, cardType, frontmatterType, dashLineType, contentType, bodyType] =
  nodeSet.types as [NodeType, NodeType, NodeType, NodeType, NodeType, NodeType];

const leaf = (type: NodeType, length: number) => new Tree(type, [], [], length);

/**
 * Finds a top-level node of an earlier tree that can be reused as is: same type, same start and length,
 * inside a fragment whose text did not change. Its mounted YAML and Markdown trees come with it, so
 * an edit in one card of a large bundle re-parses only that card.
 */
function reusable(
  fragments: readonly TreeFragment[],
  type: NodeType,
  from: number,
  to: number,
): Tree | null {
  for (const fragment of fragments) {
    if (fragment.from > from || fragment.to < to) continue;
    const old = fragment.tree;
    if (old.type !== documentType) continue;
    const target = from + fragment.offset;
    let lo = 0;
    let hi = old.positions.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const pos = old.positions[mid]!;
      if (pos < target) lo = mid + 1;
      else if (pos > target) hi = mid - 1;
      else {
        const child = old.children[mid];
        return child instanceof Tree && child.type === type && child.length === to - from
          ? child
          : null;
      }
    }
  }
  return null;
}

/** Builds the outer tree in one pass over the text; cheap enough to redo on every edit. */
class BundleParse implements PartialParse {
  parsedPos: number;
  stoppedAt: number | null = null;

  constructor(
    private readonly input: Input,
    private readonly fragments: readonly TreeFragment[],
    private readonly from: number,
    private readonly to: number,
  ) {
    this.parsedPos = from;
  }

  advance(): Tree {
    const text = this.input.read(this.from, this.to);
    const fragments = this.from === 0 ? this.fragments : [];
    const children: Tree[] = [];
    const positions: number[] = [];
    const add = (tree: Tree, at: number) => {
      children.push(tree);
      positions.push(at);
    };
    const cards = findMarkdownCards(text);
    const firstFrom = cards[0]?.from ?? text.length;
    if (firstFrom > 0)
      add(reusable(fragments, bodyType, 0, firstFrom) ?? leaf(bodyType, firstFrom), 0);
    for (const card of cards) {
      const old = reusable(fragments, cardType, card.from, card.to);
      if (old) {
        add(old, card.from);
        continue;
      }
      const at = (n: number) => n - card.from;
      const header: Tree[] = [leaf(dashLineType, card.openEnd - card.from)];
      const headerAt: number[] = [0];
      if (card.contentTo > card.contentFrom) {
        header.push(leaf(contentType, card.contentTo - card.contentFrom));
        headerAt.push(at(card.contentFrom));
      }
      header.push(leaf(dashLineType, card.closeEnd - card.contentTo));
      headerAt.push(at(card.contentTo));
      const parts = [new Tree(frontmatterType, header, headerAt, at(card.closeEnd))];
      const partsAt = [0];
      if (card.to > card.bodyFrom) {
        parts.push(leaf(bodyType, card.to - card.bodyFrom));
        partsAt.push(at(card.bodyFrom));
      }
      add(new Tree(cardType, parts, partsAt, card.to - card.from), card.from);
    }
    this.parsedPos = this.to;
    return new Tree(documentType, children, positions, text.length);
  }

  stopAt(pos: number): void {
    this.stoppedAt = pos;
  }
}

/**
 * The outer parser of a Markdown card bundle: it finds every card's frontmatter with the line rule of
 * `findMarkdownCards` and hands each frontmatter to the YAML parser and each body to the Markdown
 * parser (through `parseMixed`).
 */
class BundleParser extends Parser {
  private readonly wrap: ParseWrapper;

  constructor(markdown: Parser, yaml: Parser) {
    super();
    this.wrap = parseMixed((node) => {
      if (node.type === contentType) return { parser: yaml };
      if (node.type === bodyType) return { parser: markdown };
      return null;
    });
  }

  createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    const from = ranges[0]?.from ?? 0;
    const to = ranges[ranges.length - 1]?.to ?? input.length;
    return this.wrap(new BundleParse(input, fragments, from, to), input, fragments, ranges);
  }
}

/**
 * Language support for Markdown card files: Markdown where every card's frontmatter (not only the
 * first, as with the stock `yamlFrontmatter`) is YAML. Takes the loaded Markdown support (its keymap
 * and other support extensions are kept) and the YAML language.
 */
export function cardBundleLanguage(markdown: LanguageSupport, yaml: Language): LanguageSupport {
  const language = new Language(
    bundleData,
    new BundleParser(markdown.language.parser, yaml.parser),
    [],
    'agentcard-markdown',
  );
  return new LanguageSupport(language, markdown.support);
}
