import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import { parseYaml, type ParsedYaml, type YamlVersion } from '../../text/parse-yaml.ts';
import type { CardSlice, SplitResult } from './card-slice.ts';
import {
  bomLength,
  endOfLineBefore,
  fenceLines,
  firstNonBlankLine,
  isBlankLine,
  lineText,
  scanLines,
  type Line,
} from '../../text/text-lines.ts';

/** Parses one frontmatter slice; a cache hook lets re-checks skip unchanged frontmatters. */
export type FrontmatterParser = (text: string, offset: number, version: YamlVersion) => ParsedYaml;

const CARD_KEY_LINE = /^(type|name)\s*:/m;

/**
 * Splits a Markdown file into cards by the RFC's boundary rule: a line that is exactly `---` starts a card
 * only if the YAML up to the next `---` line parses and has a `type` key; otherwise it is body text (a
 * horizontal rule) and scanning goes on from the next line. The file's leading frontmatter is always its
 * first card, with or without `type`. Never throws; linear in the text length apart from YAML parsing.
 */
// eslint-disable-next-line max-lines-per-function -- one scan over the fence lines whose branches all move the cursor `f` and add to `starts`: split up, each piece would pass that loop state around.
export function splitMarkdownRfc(text: string, parse: FrontmatterParser = parseYaml): SplitResult {
  const from = bomLength(text);
  const diagnostics: RawDiagnostic[] = [];
  const fences = fenceLines(text, from);
  const first = firstNonBlankLine(text, from);
  const starts: Array<{ open: Line; close: Line; yaml: ParsedYaml }> = [];

  for (let f = 0; f < fences.length; f++) {
    const open = fences[f]!;
    const close = fences[f + 1];
    const leading = starts.length === 0 && open.start === first?.start;
    if (close === undefined) {
      if (leading) {
        diagnostics.push(
          problem(
            'frontmatter-unclosed',
            'Frontmatter opens here but no closing `---` line follows',
            open.start,
            open.end,
          ),
        );
        return { cards: [], diagnostics, fatal: true };
      }
      break;
    }
    const yamlFrom = open.next;
    const yamlTo = close.start;
    const yaml = parse(text.slice(yamlFrom, yamlTo), yamlFrom, '1.2');
    if (leading || (yaml.ok && hasTypeKey(yaml.value))) {
      starts.push({ open, close, yaml });
      f++; // the closing fence cannot open the next card
      continue;
    }
    if (starts.length > 0 && CARD_KEY_LINE.test(text.slice(yamlFrom, yamlTo))) {
      const why = yaml.ok ? 'has no `type` key' : 'is not valid YAML';
      diagnostics.push(
        problem(
          'suspicious-boundary',
          `This \`---\` block looks like a card header but ${why}, so it is read as body text of the card above`,
          open.start,
          open.end,
        ),
      );
      for (const d of yaml.diagnostics)
        diagnostics.push({
          ...d,
          severity: 'warning',
          code: 'suspicious-boundary',
          message: `In the block read as body text: ${d.message}`,
        });
    }
  }

  if (starts.length === 0) {
    diagnostics.push(missingFrontmatter(text, first));
    return { cards: [], diagnostics, fatal: true };
  }
  if (first !== undefined && starts[0]!.open.start !== first.start) {
    diagnostics.push(
      problem(
        'text-before-card',
        'Text before the first card belongs to no card and is ignored',
        first.start,
        endOfLineBefore(text, starts[0]!.open.start),
      ),
    );
  }
  const cards: CardSlice[] = starts.map((s, k) => {
    const next = starts[k + 1];
    const to = next ? next.open.start : text.length;
    const bodyFrom = Math.min(s.close.next, to);
    return {
      from: s.open.start,
      to,
      yamlFrom: s.open.next,
      yamlTo: s.close.start,
      bodyFrom,
      bodyTo: to,
      yaml: s.yaml,
    };
  });
  return { cards, diagnostics, fatal: false };
}

/**
 * Splits a Markdown file the way fast-agent 0.10.9 does: one frontmatter at the top (leading blank lines
 * and spaces around `---` allowed), the rest of the file is the body. An unclosed `---` block, or a `+++`
 * (TOML) block, makes the whole file the body with no metadata.
 */
export function splitMarkdownFastAgent(
  text: string,
  parse: FrontmatterParser = parseYaml,
): SplitResult {
  const lines = scanLines(text, bomLength(text));
  const first = lines.findIndex((line) => !isBlankLine(text, line));
  const firstText = first === -1 ? '' : lineText(text, lines[first]!).trim();
  const whole = (): SplitResult => wholeBody(text, lines[first]!.start);
  if (firstText === '+++') return whole();
  if (firstText !== '---') {
    return {
      cards: [],
      diagnostics: [missingFrontmatter(text, first === -1 ? undefined : lines[first])],
      fatal: true,
    };
  }
  let close = -1;
  for (let i = first + 1; i < lines.length; i++) {
    if (lineText(text, lines[i]!).trim() === '---') {
      close = i;
      break;
    }
  }
  if (close === -1) return whole();
  const yamlFrom = lines[first]!.next;
  const yamlTo = lines[close]!.start;
  const yaml = parse(text.slice(yamlFrom, yamlTo), yamlFrom, '1.1');
  const bodyFrom = lines[close]!.next;
  return {
    cards: [
      {
        from: lines[first]!.start,
        to: text.length,
        yamlFrom,
        yamlTo,
        bodyFrom,
        bodyTo: text.length,
        yaml,
      },
    ],
    diagnostics: [],
    fatal: false,
  };
}

/** The split of a file read with no metadata: one card whose body runs from `from` to the end. */
function wholeBody(text: string, from: number): SplitResult {
  const to = text.length;
  const card = { from, to, yamlFrom: from, yamlTo: from, bodyFrom: from, bodyTo: to, yaml: null };
  return { cards: [card], diagnostics: [], fatal: false };
}

function hasTypeKey(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, 'type')
  );
}

function missingFrontmatter(text: string, line: Line | undefined): RawDiagnostic {
  if (line === undefined)
    return problem(
      'frontmatter-missing',
      'The file is empty: a Markdown card starts with a `---` frontmatter block',
      0,
      0,
    );
  const content = lineText(text, line);
  let hint =
    'a Markdown card starts with a `---` line, then YAML fields, then a closing `---` line';
  if (content.trim() === '---')
    hint = 'the `---` line must be exactly three dashes, with no spaces around them';
  else if (content.trim() === '+++')
    hint = 'TOML (`+++`) frontmatter is not supported; use YAML between `---` lines';
  else if (/^-{4,}\s*$/.test(content)) hint = 'a frontmatter line is exactly three dashes `---`';
  return problem('frontmatter-missing', `No frontmatter: ${hint}`, line.start, line.end);
}
