/**
 * The static code the Markdown plugins put inside `<agentcard-playground>`: what readers without JavaScript
 * and search engines see, and what the element shows until its frame has loaded. A small highlighter as a
 * list of spans (class name or none, text), so each plugin writes it as its own kind of output (an HTML
 * string for markdown-it, hast nodes for remark): front matter delimiters, its keys, and comments.
 */

/**
 * Lines longer than this (in UTF-16 code units) stay plain text: a key or a comment is never that long, and the
 * cap bounds the work a hostile line can ask for.
 */
export const MAX_HIGHLIGHTED_LINE = 10_000;

/** A front matter key, after any indentation and one list dash. Each part can match in one way only: linear. */
const KEY = /^(\s*(?:-\s*)?)([\w.-]+)(:)/;

/** One run of text; `className` undefined for plain text. */
export interface CodeSpan {
  className?: string;
  text: string;
}

/**
 * Splits a card's text into spans whose texts, joined, give back `text` exactly. Takes time linear in the
 * text's length.
 */
export function highlightCard(text: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  const push = (text: string, className?: string): void => {
    if (text === '') return;
    const last = spans[spans.length - 1];
    if (last && last.className === className) last.text += text;
    else spans.push(className === undefined ? { text } : { className, text });
  };
  let inFrontMatter = false;
  let seenFrontMatter = false;
  for (const line of text.split(/(?<=\n)/)) {
    const body = line.replace(/\r?\n$/, '');
    const ending = line.slice(body.length);
    if (body.trimEnd() === '---' && (inFrontMatter || !seenFrontMatter)) {
      inFrontMatter = !inFrontMatter;
      seenFrontMatter = true;
      push(body, 'ac-punctuation');
      push(ending);
      continue;
    }
    if (!inFrontMatter || body.length > MAX_HIGHLIGHTED_LINE) {
      push(line);
      continue;
    }
    const key = KEY.exec(body);
    if (/^\s*#/.test(body)) push(body, 'ac-comment');
    else if (key) {
      push(key[1]!);
      push(key[2]!, 'ac-key');
      push(key[3]!, 'ac-punctuation');
      push(body.slice(key[0].length));
    } else push(body);
    push(ending);
  }
  return spans;
}
