/**
 * The cases both Markdown plugins' tests run through their real pipelines (markdown-it; remark-parse →
 * remark-rehype → rehype-stringify), and the reading of the HTML they give back. Test support, not shipped.
 */
import { decodePermalink, type PermalinkEnvelope } from '../permalink/permalink.ts';

/** One embed read back from the HTML: its attributes, its decoded content and its static code. */
export interface ReadEmbed {
  attributes: Record<string, string>;
  envelope: PermalinkEnvelope | undefined;
  /** The static `<pre>`s: file name and text with character references decoded and tags removed. */
  statics: Array<{ file: string; text: string }>;
}

/** Reads the embeds out of a page's HTML (a regular-expression reading: the markup is ours and regular). */
export async function readEmbeds(html: string): Promise<ReadEmbed[]> {
  const embeds: ReadEmbed[] = [];
  for (const match of html.matchAll(
    /<agentcard-playground([^>]*)>([\s\S]*?)<\/agentcard-playground>/g,
  )) {
    const attributes: Record<string, string> = {};
    for (const a of match[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g))
      attributes[a[1]!] = decodeEntities(a[2] ?? '');
    const statics = [
      ...match[2]!.matchAll(/<pre[^>]*data-file="([^"]*)"[^>]*>([\s\S]*?)<\/pre>/g),
    ].map((pre) => ({
      file: decodeEntities(pre[1]!),
      text: decodeEntities(pre[2]!.replace(/<[^>]+>/g, '')),
    }));
    const decoded = attributes['permalink']
      ? await decodePermalink(attributes['permalink'])
      : undefined;
    embeds.push({ attributes, envelope: decoded?.ok ? decoded.envelope : undefined, statics });
  }
  return embeds;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** A card whose text needs escaping everywhere: a closing script tag, Vue braces, a tag, blank lines. */
export const TRICKY_CARD =
  '---\nname: tricky\n# a comment\n---\nSay {{ hello }} </script><b>bold</b> & "quotes"\n\n\nAfter blank lines.\n';

/**
 * Every case: Markdown in, the embeds expected out (attributes beside `permalink`, files, active file).
 * The `permalink` attribute is checked by decoding it.
 */
export const PLUGIN_CASES: Array<{
  name: string;
  markdown: string;
  embeds: Array<{
    attributes: Record<string, string>;
    files: Record<string, string>;
    profile?: 'rfc' | 'fast-agent';
  }>;
  /** Text the page must still have around the embeds (headings, paragraphs). */
  keeps?: string[];
}> = [
  {
    name: 'a bare fence is one embed of card.md',
    markdown: '# Title\n\n```agentcard\n---\nname: a\n---\nHi.\n```\n\nAfter.\n',
    embeds: [{ attributes: {}, files: { 'card.md': '---\nname: a\n---\nHi.\n' } }],
    keeps: ['Title', 'After.'],
  },
  {
    name: 'every option',
    markdown:
      '```agentcard file=sizer.md view=output readonly profile=fast-agent theme=inherit height=320 lines=8 load=click hide=unknown-field,missing-name agents=planner,critic\nx\n```\n',
    embeds: [
      {
        attributes: {
          view: 'output',
          theme: 'inherit',
          readonly: '',
          profile: 'fast-agent',
          height: '320',
          lines: '8',
          load: 'click',
          hide: 'unknown-field,missing-name',
          agents: 'planner,critic',
        },
        files: { 'sizer.md': 'x\n' },
        profile: 'fast-agent',
      },
    ],
  },
  {
    name: 'a view the element may learn later (graph) passes through; bad values are dropped',
    markdown: '```agentcard view=graph height=tall lines=999 load=eager theme=neon\nx\n```\n',
    embeds: [{ attributes: { view: 'graph' }, files: { 'card.md': 'x\n' } }],
  },
  {
    name: 'consecutive file fences form one embed; a fence without file starts its own',
    markdown:
      '```agentcard file=chat.md readonly\n---\nname: chat\nmessages: history.md\n---\nHi.\n```\n\n```agentcard file=history.md\n---user\nHello\n```\n\n```agentcard\nalone\n```\n\n```agentcard file=chat.md\nsecond group\n```\n',
    embeds: [
      {
        attributes: { readonly: '' },
        files: {
          'chat.md': '---\nname: chat\nmessages: history.md\n---\nHi.\n',
          'history.md': '---user\nHello\n',
        },
      },
      { attributes: {}, files: { 'card.md': 'alone\n' } },
      { attributes: {}, files: { 'chat.md': 'second group\n' } },
    ],
  },
  {
    name: 'text between file fences splits the group',
    markdown: '```agentcard file=a.md\na\n```\n\nBetween.\n\n```agentcard file=b.md\nb\n```\n',
    embeds: [
      { attributes: {}, files: { 'a.md': 'a\n' } },
      { attributes: {}, files: { 'b.md': 'b\n' } },
    ],
    keeps: ['Between.'],
  },
  {
    name: 'escaping: </script>, {{ }}, <b>, quotes, blank lines',
    markdown: '```agentcard file="my card.md"\n' + TRICKY_CARD + '```\n\n## Next heading\n',
    embeds: [{ attributes: {}, files: { 'my card.md': TRICKY_CARD } }],
    keeps: ['Next heading'],
  },
  {
    name: 'the info string is read with CommonMark unescaping: character references and backslash escapes',
    markdown:
      '```agentcard file=a&amp;b.md view=outp&#117;t\nx\n```\n\n```agentcard file=c\\_d&#96;e.md\ny\n```\n\n' +
      '```agentcard file="my&#32;card&#x2E;md"\nz\n```\n',
    embeds: [
      {
        attributes: { view: 'output' },
        files: { 'a&b.md': 'x\n', 'c_d`e.md': 'y\n', 'my card.md': 'z\n' },
      },
    ],
  },
  {
    name: 'no trailing newline at the end of the document',
    markdown: '```agentcard\n---\nname: last\n---\nEnds here.',
    embeds: [{ attributes: {}, files: { 'card.md': '---\nname: last\n---\nEnds here.\n' } }],
  },
  {
    name: 'an empty fence and other languages are left alone or kept empty',
    markdown: '```yaml\nname: not-an-embed\n```\n\n```agentcard\n```\n',
    embeds: [{ attributes: {}, files: { 'card.md': '' } }],
    keeps: ['not-an-embed'],
  },
];
