/**
 * Which test files import a module directly: the inner loop (`npm run test:quick`) runs those for a
 * changed module, not every test that reaches it through other modules (for a module at the bottom
 * of the core, that is nearly all of them). Pure: the caller reads the files.
 */
import path from 'node:path';

/** `import … from './x.ts'`, `export … from '../x.js'`, `import('./x.ts')`, `import './x.ts'`. */
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The repository paths a test file imports by relative path, resolved against its folder (a `.js`
 * specifier also names the `.ts` file beside it, as TypeScript resolves it).
 * @param {string} file the test file's path from the repository's root
 * @param {string} text its source
 * @returns {string[]}
 */
export function relativeImports(file, text) {
  const dir = path.posix.dirname(file);
  const out = [];
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const target = path.posix.normalize(path.posix.join(dir, /** @type {string} */ (match[1])));
    out.push(target);
    if (target.endsWith('.js')) out.push(`${target.slice(0, -3)}.ts`);
  }
  return out;
}

/**
 * The test files among `tests` that import one of `changed` directly, and the changed test files
 * themselves, in the order of `tests`.
 * @param {string[]} changed paths from the repository's root
 * @param {Map<string, string[]>} tests each test file with what it imports (relativeImports)
 * @returns {string[]}
 */
export function directTests(changed, tests) {
  const wanted = new Set(changed);
  return [...tests]
    .filter(([file, imports]) => wanted.has(file) || imports.some((i) => wanted.has(i)))
    .map(([file]) => file);
}
