/**
 * Reading the editor's text the way a user sees it: from the lines CodeMirror renders, not from the app's
 * model. `editorTextInPage` runs inside the page (pass it to `page.evaluate` / `frame.evaluate`), so it must
 * stay self-contained: no imports, no closures.
 */

/** The editor's rendered lines: the whole text, or (`whole: false`) the lines above the first part left out. */
export interface RenderedText {
  text: string;
  whole: boolean;
}

/**
 * The text of the editor in this document, its rendered lines joined by newlines; null while no editor is
 * mounted yet (so that polls wait instead of failing). CodeMirror renders only the lines near the viewport of a
 * long text, and stands a gap element in for the others: then `whole` is false and `text` holds the lines
 * above the first gap.
 */
export function editorTextInPage(): RenderedText | null {
  const content = document.querySelector('.cm-content');
  if (!content) return null;
  const lines: string[] = [];
  for (const child of content.children) {
    if (child.classList.contains('cm-gap')) return { text: lines.join('\n'), whole: false };
    if (child.classList.contains('cm-line')) lines.push(child.textContent ?? '');
  }
  return { text: lines.join('\n'), whole: true };
}
