/** HTML text for the markdown-it plugin: the embed's markup as a string. */
import { EMBED_TAG, STATIC_CLASS, staticSpans, type EmbedMarkup } from './embed-markup.ts';

/**
 * Escapes text for HTML content and double-quoted attributes. `{` and `}` become character references too,
 * so a Vue-compiled page (VitePress) never reads `{{ }}` in a card as an interpolation.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'{}]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The element with its static code: `<agentcard-playground …><pre class="agentcard-static" data-file="…">…</pre>…
 * </agentcard-playground>`, one `<pre>` per file, the shown file first (see `STATIC_CLASS` for why no `<code>`).
 * `vPre` adds Vue's `v-pre`, which tells Vue to leave the element and its children as written.
 */
export function embedHtml(markup: EmbedMarkup, vPre: boolean): string {
  const attributes = markup.attributes
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  const statics = markup.files.map(({ name, text }) => {
    const code = staticSpans(text)
      .map(({ className, text }) =>
        className ? `<span class="${className}">${escapeHtml(text)}</span>` : escapeHtml(text),
      )
      .join('');
    return `<pre class="${STATIC_CLASS}" data-file="${escapeHtml(name)}">${code}</pre>`;
  });
  return `<${EMBED_TAG}${vPre ? ' v-pre' : ''}${attributes}>${statics.join('')}</${EMBED_TAG}>\n`;
}
