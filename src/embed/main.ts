/**
 * Entry point of the embed view (`embed.html`). Reads the URL options, connects to the host page and reports
 * the content height from the start; the playground itself (model, worker, editor) is loaded at once, or, with
 * `load=click`, only when the reader presses the load button, so a page of many embeds stays light.
 */
import '../app/palette.css';
import './embed.css';
import { parseEmbedOptions, type EmbedOptions } from './embed-options.ts';
import type { HostMessage } from './embed-protocol.ts';
import { showClickToLoad, type ClickToLoad } from './click-to-load.ts';
import { observeHeight } from './auto-height.ts';
import { connectToHost } from './host-channel.ts';

const target = document.getElementById('embed');
if (!target) throw new Error('embed.html has no #embed element to mount the playground into');

const options = parseEmbedOptions(location.search);
document.documentElement.dataset['theme'] = initialTheme(options);
applyHostStyle(options);

// Host messages that arrive before the playground is loaded wait for it (the newest of each type).
const early = new Map<HostMessage['type'], HostMessage>();
// `load=click`: the page shown until Try it, and a count of the content it was given (the newest wins).
let preview: ClickToLoad | undefined;
let previewSeq = 0;
let deliver = (message: HostMessage): void => {
  early.set(message.type, message);
  if (message.type === 'setFiles') {
    previewSeq += 1;
    preview?.show(message.payload);
  }
};
const channel = connectToHost(window, {
  origins: options.origins,
  onMessage: (message) => deliver(message),
});
// A height of 0 (nothing laid out yet) is never reported: the host keeps the room it reserved.
const heights = observeHeight(target, (height) => {
  if (height > 0) channel.send('resize', { height });
});

if (options.clickToLoad) showPreview(target, options);
else void start();

async function start(): Promise<void> {
  const { startEmbed } = await import('./start-embed.ts');
  const embed = await startEmbed(target!, options, channel.connected);
  preview = undefined;
  deliver = (message) => void embed.receive(message);
  for (const message of early.values()) deliver(message);
  early.clear();
  // The host shows the frame on its first diagnostics: the height they are reported at goes ahead of them.
  embed.connect({
    get connected() {
      return channel.connected;
    },
    send(type, payload, id) {
      if (type === 'diagnostics') heights.measure();
      channel.send(type, payload, id);
    },
    dispose: () => channel.dispose(),
  });
  channel.send('ready', {
    files: Object.keys(embed.model.workspace.files),
    active: embed.model.workspace.active,
    readonly: embed.readonly,
    theme: embed.theme.choice,
  });
}

/**
 * `load=click`: the card's code and a Try it button. The code comes from the link (decoded without the
 * playground: the inflater is a small chunk of its own) or from a host's `setFiles`, whichever is newest.
 */
function showPreview(into: HTMLElement, options: EmbedOptions): void {
  const shown = showClickToLoad(into, options, () => {
    removeEventListener('hashchange', fromLink);
    void start();
  });
  preview = shown;
  const fromLink = (): void => void showLink();
  async function showLink(): Promise<void> {
    if (!location.hash) return;
    const seq = ++previewSeq;
    const { linkContent } = await import('./link-content.ts');
    const content = await linkContent(location.hash);
    if (content && seq === previewSeq && preview === shown) shown.show(content);
  }
  addEventListener('hashchange', fromLink);
  fromLink();
}

function initialTheme({ theme }: EmbedOptions): 'light' | 'dark' {
  if (theme !== 'auto') return theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The host's `accent` and `font` (checked by `parseEmbedOptions`), over the palette's own. */
function applyHostStyle({ accent, font }: EmbedOptions): void {
  const root = document.documentElement;
  if (accent !== undefined) {
    root.style.setProperty('--accent', accent);
    root.style.setProperty('--info', accent);
  }
  if (font !== undefined) {
    root.style.fontFamily = font;
    document.body.style.fontFamily = font;
  }
}
