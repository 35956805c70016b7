/**
 * Components kept out of the first load: each is its own chunk, imported the first time it is needed.
 * The shell paints first; the editor follows at once, the rest when first opened.
 */
import type { Component } from 'svelte';

/**
 * A component in a chunk of its own. `load()` imports it once (later calls share that import) and then
 * `component` holds it, so a view that shows it again renders it within the same event (keys pressed right
 * after it opens reach it, not the page). A failed import leaves `component` null and sets `failed`.
 */
export class LazyComponent<C extends Component<never, object>> {
  /** The component once loaded, else null. */
  component = $state.raw<C | null>(null);
  /** True once the import failed (a reload is the way to try again). */
  failed = $state(false);
  #loading: Promise<C> | null = null;
  readonly #importer: () => Promise<{ default: C }>;

  /** `importer` is a dynamic `import()` of the component's module. */
  constructor(importer: () => Promise<{ default: C }>) {
    this.#importer = importer;
  }

  /** Starts the import unless it started already; resolves with the component, rejects if it failed. */
  load(): Promise<C> {
    this.#loading ??= this.#importer().then(
      ({ default: component }) => (this.component = component),
      (error: unknown) => {
        this.failed = true;
        throw error;
      },
    );
    return this.#loading;
  }
}
