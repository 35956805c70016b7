#!/usr/bin/env node
/**
 * Writes the published JSON Schemas (`src/core/schemas/generate-schemas.ts`) to `public/schemas/v1/`, from
 * the core built by `npm run build:cli` (`npm run schemas` does both). Files of the folder that the
 * generator no longer makes are removed. A unit test fails when the committed files are out of date.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { generateSchemas } = await import(
  new URL('../dist-cli/core/schemas/generate-schemas.js', import.meta.url).href
);

/** @type {Array<{ path: string, text: string }>} */
const files = generateSchemas();
const folders = new Set(files.map((file) => path.dirname(file.path)));
for (const folder of folders) {
  const dir = path.join(ROOT, 'public', folder);
  mkdirSync(dir, { recursive: true });
  const wanted = new Set(
    files.filter((f) => path.dirname(f.path) === folder).map((f) => path.basename(f.path)),
  );
  for (const name of readdirSync(dir))
    if (name.endsWith('.json') && !wanted.has(name)) rmSync(path.join(dir, name));
}
for (const file of files) writeFileSync(path.join(ROOT, 'public', file.path), file.text);
console.log(`wrote ${files.length} JSON Schemas to public/${[...folders].join(', public/')}`);
