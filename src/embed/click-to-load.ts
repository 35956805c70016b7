/**
 * The `load=click` page of `embed.html` before the reader asks for the playground: the card's code as the
 * Markdown plugins' static fallback shows it (the same highlighter), in the embed's frame and header, with a
 * **Try it** button like the element's. It is built with DOM calls only: file names and texts from the link or
 * the host are text, never markup. The playground itself (editor, checker) loads only when Try it is pressed.
 */
import { highlightCard } from '../markdown/highlight.ts';
import { EMBED_TEST_IDS } from './embed-test-ids.ts';

/** What the page shows: the content's files and the one shown first. */
export interface PreviewContent {
  files: Readonly<Record<string, string>>;
  /** The content's own choice of file (a permalink's active file, or the host's `active`). */
  active?: string | undefined;
}

/** The file to show for `content`: `wanted` (the URL's `file`) if the content has it, else its active one. */
export function previewFile(
  content: PreviewContent,
  wanted: string | undefined,
): { name: string; text: string; others: number } | undefined {
  const names = Object.keys(content.files);
  const name = [wanted, content.active, names[0]].find(
    (n) => n !== undefined && Object.hasOwn(content.files, n),
  );
  if (name === undefined) return undefined;
  return { name, text: content.files[name]!, others: names.length - 1 };
}

/** The page, once shown: `show` replaces the code (new content from the link or the host). */
export interface ClickToLoad {
  show(content: PreviewContent): void;
}

/**
 * Fills `into` with the page: a header (file name, Try it) and the code (none until `show`). `onTry` runs once,
 * when Try it is pressed; the button then reads "Loading…" until the playground replaces the page.
 */
export function showClickToLoad(
  into: HTMLElement,
  { file, lines }: { file?: string | undefined; lines?: number | undefined },
  onTry: () => void,
): ClickToLoad {
  const doc = into.ownerDocument;
  const root = doc.createElement('div');
  root.className = 'embed-static';
  root.dataset['testid'] = EMBED_TEST_IDS.staticView;
  const bar = doc.createElement('div');
  bar.className = 'embed-static-bar';
  const name = doc.createElement('span');
  name.className = 'embed-static-file';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'embed-try';
  button.dataset['testid'] = EMBED_TEST_IDS.loadButton;
  button.textContent = 'Try it';
  button.setAttribute('aria-label', 'Try it: load the live AgentCard playground here');
  button.addEventListener(
    'click',
    () => {
      button.disabled = true;
      button.textContent = 'Loading…';
      onTry();
    },
    { once: true },
  );
  bar.append(name, button);
  const pre = doc.createElement('pre');
  pre.className = 'embed-static-code';
  pre.dataset['testid'] = EMBED_TEST_IDS.staticCode;
  // As tall as the live editor will be at least (its lines are 21 px).
  if (lines !== undefined) pre.style.minHeight = `${lines * 21}px`;
  const code = doc.createElement('code');
  pre.append(code);
  const empty = doc.createElement('p');
  empty.className = 'embed-static-empty';
  empty.textContent = 'Press Try it to load the AgentCard playground.';
  root.append(bar, empty);
  into.replaceChildren(root);

  return {
    show(content) {
      const shown = previewFile(content, file);
      if (!shown) return;
      name.textContent =
        shown.others > 0
          ? `${shown.name} (+${shown.others} more file${shown.others === 1 ? '' : 's'})`
          : shown.name;
      code.replaceChildren(...highlightedNodes(doc, shown.text));
      if (empty.parentNode) empty.replaceWith(pre);
    },
  };
}

/** The card's text as text nodes, with a span of its class around each highlighted piece. */
function highlightedNodes(doc: Document, text: string): Node[] {
  return highlightCard(text).map(({ className, text: piece }) => {
    if (className === undefined) return doc.createTextNode(piece);
    const span = doc.createElement('span');
    span.className = className;
    span.textContent = piece;
    return span;
  });
}
