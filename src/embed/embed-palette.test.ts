import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The embed cannot share App.svelte's component styles, so embed.css repeats its palette: this keeps the two in step.
function palette(css: string, selector: RegExp): Record<string, string> {
  const block = selector.exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+|color-scheme):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

describe('the embed palette', () => {
  const app = readFileSync(new URL('../app/App.svelte', import.meta.url), 'utf8');
  const embed = readFileSync(new URL('./embed.css', import.meta.url), 'utf8');

  it('is the app palette, light and dark', () => {
    const light = palette(app, /:global\(:root\) \{([^}]*)\}/);
    const dark = palette(app, /:global\(:root\[data-theme='dark'\]\) \{([^}]*)\}/);
    expect(Object.keys(light).length).toBeGreaterThan(10);
    expect(Object.keys(dark).length).toBeGreaterThan(10);
    expect(palette(embed, /^:root \{([^}]*)\}/m)).toEqual(light);
    expect(palette(embed, /^:root\[data-theme='dark'\] \{([^}]*)\}/m)).toEqual(dark);
  });
});
