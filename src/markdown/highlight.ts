/**
 * The static code the Markdown plugins put inside `<agentcard-playground>`: what readers without JavaScript
 * and search engines see, and what the element shows until its frame has loaded. A small highlighter as a
 * list of spans (class name or none, text), so each plugin writes it as its own kind of output (an HTML
 * string for markdown-it, hast nodes for remark): front matter delimiters, its keys, and comments.
 */

/** One run of text; `className` undefined for plain text. */
export interface CodeSpan {
  className?: string;
  text: string;
}

/** Splits a card's text into spans whose texts, joined, give back `text` exactly. */
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
    const key = inFrontMatter ? /^(\s*-?\s*)([\w.-]+)(:)/.exec(body) : null;
    if (inFrontMatter && /^\s*#/.test(body)) push(body, 'ac-comment');
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
