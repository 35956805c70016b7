/**
 * The embed's playground, loaded on demand by `main.ts`: an agent model that never persists (an in-memory
 * store; IndexedDB is never opened), its content from the URL's `#v1:` permalink or from the host, and the
 * view mounted into the page.
 */
import { mount } from 'svelte';
import { AgentModel } from '../app/state/agent-model.svelte.ts';
import { createMemoryStore } from '../app/storage/memory-store.ts';
import Embed from './Embed.svelte';
import type { EmbedOptions } from './embed-options.ts';
import { EmbedState } from './embed-state.svelte.ts';
import { diagnosticFilter } from './diagnostic-filter.ts';

/**
 * Builds the model, opens the content and mounts the view into `target` (emptied first). Without a permalink
 * in the URL, a framed embed (`framed`) waits for its host's `setFiles`; one opened on its own shows the first
 * example.
 */
export async function startEmbed(
  target: HTMLElement,
  options: EmbedOptions,
  framed: boolean,
): Promise<EmbedState> {
  const model = new AgentModel({
    store: createMemoryStore(),
    makeWorker: () =>
      new Worker(new URL('../app/analysis/analysis.worker.ts', import.meta.url), {
        type: 'module',
      }),
    persist: false,
    selectFirstCard: true,
    ...withFilter(diagnosticFilter(options)),
  });
  const embed = new EmbedState(model, options);
  if (location.hash || !framed) {
    await model.open(location.hash, undefined);
    embed.applyOptions();
  }
  // A new link in the fragment (the host changed the iframe's URL) replaces the content.
  addEventListener('hashchange', () => {
    if (!location.hash) return;
    void model
      .open(location.hash, undefined)
      .then(() => embed.applyOptions())
      .catch((error: unknown) => model.reportFailure('Opening the link', error));
  });
  const playgroundUrl = new URL('./', location.href).href;
  target.replaceChildren();
  mount(Embed, { target, props: { embed, playgroundUrl } });
  return embed;
}

function withFilter(keepDiagnostic: ReturnType<typeof diagnosticFilter>) {
  return keepDiagnostic ? { keepDiagnostic } : {};
}
