import type { Component } from 'svelte';
import { describe, expect, it } from 'vitest';
import { LazyComponent } from './lazy-component.svelte.ts';

const Fake = (() => ({})) as unknown as Component<never, object>;

describe('LazyComponent', () => {
  it('imports once, on the first load, and then holds the component', async () => {
    let imports = 0;
    const lazy = new LazyComponent(async () => (imports++, { default: Fake }));
    expect(imports).toBe(0);
    expect(lazy.component).toBeNull();
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect(first).toBe(Fake);
    expect(second).toBe(Fake);
    expect(lazy.component).toBe(Fake);
    await lazy.load();
    expect(imports).toBe(1);
  });

  it('marks a failed import and passes its error on, holding no component', async () => {
    const lazy = new LazyComponent<typeof Fake>(() => Promise.reject(new Error('offline')));
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.failed).toBe(true);
    expect(lazy.component).toBeNull();
  });
});
