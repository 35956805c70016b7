import { Compartment, type Extension } from '@codemirror/state';
import { EditorView, ViewPlugin } from '@codemirror/view';
import { cardEditorConfig, type DocumentKind } from './editor-config.ts';

/** The compartment that holds the file's language support; empty (plain text) until it has loaded. */
export const languageCompartment = new Compartment();

const loads = new Map<DocumentKind, Promise<Extension>>();
const loaded = new Map<DocumentKind, Extension>();

/** Marks the editor element (`.cm-editor`) with the kind of language it is highlighted as (`data-language`). */
function marked(kind: DocumentKind, support: Extension): Extension {
  return [support, EditorView.editorAttributes.of({ 'data-language': kind })];
}

/** A plain text file's "language": nothing to load or highlight. */
const PLAIN_TEXT = marked('text', []);

async function importLanguage(kind: DocumentKind): Promise<Extension> {
  switch (kind) {
    case 'markdown':
      return marked(kind, (await import('./card-language.ts')).cardBundleSupport());
    case 'yaml':
      return marked(kind, (await import('@codemirror/lang-yaml')).yaml());
    case 'json':
      return marked(kind, (await import('@codemirror/lang-json')).json());
    case 'text':
      return PLAIN_TEXT;
  }
}

/**
 * The language support for a kind of file, imported on first use and shared afterwards (one Language
 * object per kind, so parse trees stay reusable). A failed import (offline, missing chunk) is retried
 * on the next call.
 */
export function loadLanguage(kind: DocumentKind): Promise<Extension> {
  let load = loads.get(kind);
  if (!load) {
    load = importLanguage(kind);
    loads.set(kind, load);
    load.then(
      (support) => loaded.set(kind, support),
      () => loads.delete(kind),
    );
  }
  return load;
}

/** Runs `run` once the next frame has been painted (a task after the animation frame). */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

const languageLoaderPlugin = ViewPlugin.fromClass(
  class {
    private live = true;

    constructor(view: EditorView) {
      const { kind } = view.state.facet(cardEditorConfig);
      const current = loaded.get(kind);
      if (kind === 'text' || (current && languageCompartment.get(view.state) === current)) return;
      // Loaded (another view's state): applied in a microtask, as a plugin may not dispatch while it is
      // constructed. Not loaded yet: the text is shown first and the highlighting follows, as its
      // chunk is not what the editor waits for; it is asked for after the frame that shows the editor.
      if (current) this.load(view, kind);
      else afterPaint(() => this.load(view, kind));
    }

    private apply(view: EditorView, support: Extension): void {
      // A view that moved on to another file (a new state, so a new plugin) drops the answer.
      if (this.live) view.dispatch({ effects: languageCompartment.reconfigure(support) });
    }

    private load(view: EditorView, kind: DocumentKind): void {
      if (!this.live) return;
      loadLanguage(kind).then(
        (support) => this.apply(view, support),
        (error: unknown) => {
          if (this.live) console.warn(`Highlighting for ${kind} files could not be loaded`, error);
        },
      );
    }

    destroy() {
      this.live = false;
    }
  },
);

/**
 * Language support for a kind of file, loaded lazily: when the language is not loaded yet the editor
 * starts as plain text and the compartment is filled when its chunk has arrived. The editor element
 * says which language it is highlighted as, once it is (`data-language`). `kind` must match the
 * state's `cardEditorConfig`.
 */
export function lazyLanguage(kind: DocumentKind): Extension {
  const now = kind === 'text' ? PLAIN_TEXT : loaded.get(kind);
  return [languageCompartment.of(now ?? []), languageLoaderPlugin];
}
