/**
 * JavaScript sizes of the production build, gzipped with zlib at level 9 (what a server would send at
 * best; `vite preview` itself sends files uncompressed). Sizes are in bytes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** @param {Uint8Array | string} bytes */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * One JavaScript file of dist/.
 * @typedef {{ file: string, raw: number, gzip: number }} JsFile
 */

/**
 * The JavaScript a cold load must fetch before any code runs: the entry `<script type="module">` of
 * a page of dist/ (the app's index.html by default), its `<link rel="modulepreload">` files, and every
 * module reachable from them through static `import`/`export … from` declarations (dynamic `import()`
 * and workers excluded).
 * @param {string} dist Absolute path of dist/.
 * @param {string} [page] The HTML page, relative to dist/.
 * @returns {JsFile[]} Entry first, then in discovery order.
 */
export function initialJs(dist, page = 'index.html') {
  const html = readFileSync(path.join(dist, page), 'utf8');
  const roots = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
      (m) => m[1],
    ),
  ];
  if (roots.length === 0) throw new Error(`dist/${page} has no module script`);
  return staticGraph(
    dist,
    roots.map((src) => path.join(dist, src.replace(/^\//, ''))),
  );
}

/**
 * `roots` and every module reachable from them through static imports and re-exports (dynamic
 * `import()` excluded), described.
 * @param {string} dist Absolute path of dist/.
 * @param {string[]} roots Absolute paths of built modules.
 * @returns {JsFile[]} Roots first, then in discovery order.
 */
export function staticGraph(dist, roots) {
  /** @type {string[]} */
  const order = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (order.includes(file)) continue;
    order.push(file);
    const code = readFileSync(file, 'utf8');
    for (const specifier of staticImports(code)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/'))
        throw new Error(`${file} imports a bare specifier ${specifier}`);
      const target = specifier.startsWith('/')
        ? path.join(dist, specifier.slice(1))
        : path.resolve(path.dirname(file), specifier);
      if (!existsSync(target))
        throw new Error(`${file} seems to import ${specifier}, not in dist/`);
      queue.push(target);
    }
  }
  return order.map((file) => describe(dist, file));
}

/**
 * Every .js file under dist/assets (the app's chunks and the worker; source maps excluded).
 * @param {string} dist
 * @returns {JsFile[]} Largest gzipped first.
 */
export function allJs(dist) {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => describe(dist, path.join(assets, name)))
    .sort((a, b) => b.gzip - a.gzip);
}

/**
 * @param {string} dist
 * @param {string} file
 * @returns {JsFile}
 */
export function describe(dist, file) {
  const bytes = readFileSync(file);
  return {
    file: path.relative(dist, file).split(path.sep).join('/'),
    raw: bytes.length,
    gzip: gzipSize(bytes),
  };
}

/**
 * The specifiers of a built module's static imports and re-exports. Rolldown writes them minified at
 * the top level (`import{a as b}from"./x.js";import"./y.js";`), after any helper it hoists (such as
 * `__vite__mapDeps`), so they are matched anywhere a statement can start; `import(` (dynamic) does not
 * match. A match inside a string literal would name a file that is not in dist/, and `initialJs` then
 * throws rather than count it.
 * @param {string} code
 * @returns {string[]}
 */
export function staticImports(code) {
  const declaration =
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)?\s*from\s*)?(["'])([^"'\n]+)\1/g;
  return [...code.matchAll(declaration)].map((match) => match[2]);
}
