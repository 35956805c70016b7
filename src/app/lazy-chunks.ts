/**
 * The playground's components that load on first use (`LazyComponent`), one instance each, shared by
 * every view that shows them: the editor (CodeMirror) follows the first paint at once; the Graph view
 * (with its layout worker and dagre), the gallery, Help and the Reference load when first opened.
 */
import { LazyComponent } from './lazy-component.svelte.ts';

/** The code editor (`Editor.svelte`, with CodeMirror). */
export const editorChunk = new LazyComponent(() => import('./editor/Editor.svelte'));
/** The Graph view. */
export const graphChunk = new LazyComponent(() => import('./graph/GraphPanel.svelte'));
/** The Examples gallery. */
export const examplesChunk = new LazyComponent(() => import('./gallery/ExamplesDialog.svelte'));
/** Help. */
export const helpChunk = new LazyComponent(() => import('./help/HelpDialog.svelte'));
/** The Reference (with the core's field tables and schemas). */
export const referenceChunk = new LazyComponent(() => import('./help/ReferenceDialog.svelte'));
