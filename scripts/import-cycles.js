#!/usr/bin/env node
/**
 * Import cycles: finds every cycle of static imports between the modules of `src/` (TypeScript and the
 * scripts of Svelte components), read with the TypeScript parser. An `import type` / `export type` is erased
 * from the build and is no edge; any other `import … from` or `export … from` is (with
 * `verbatimModuleSyntax`, even `import { type A }` stays as an import of the module). A dynamic `import()`
 * loads later and is no edge either. Test files are left out, and so is a Svelte component that imports
 * itself (a recursive component, such as a tree that renders its branches).
 *
 * Prints each cycle as the chain of files that closes it, and exits 1 when there is one. With `--under
 * DIR`, only cycles whose files are all under DIR count (e.g. `--under src/core`); with `--types`, type
 * imports are edges too (cycles of types only: harmless at run time, but a sign of a wrong-way import).
 *
 * Usage: `node scripts/import-cycles.js [--under DIR] [--types]`
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|svelte)$/;

/** Every source file under `dir` (tests left out), as absolute paths. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !/\.test\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The script text of a file (a Svelte component's `<script>` blocks; a TypeScript file as it is). */
function scriptOf(file) {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.svelte')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

/** The relative module specifiers `file` imports at run time (statically), and with `types` its type imports too. */
function runtimeImports(file, types) {
  const source = ts.createSourceFile(file, scriptOf(file), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const typeOnly = isImport ? statement.importClause?.isTypeOnly : statement.isTypeOnly;
    if (typeOnly && !types) continue;
    const specifier = statement.moduleSpecifier.text;
    const target = path.resolve(path.dirname(file), specifier);
    if (specifier.startsWith('.') && !(file.endsWith('.svelte') && target === file))
      found.push(target);
  }
  return found;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) !== order.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

/** One chain of imports through `component` that returns to its start, for the report. */
function chain(graph, component) {
  const members = new Set(component);
  const start = component.toSorted()[0];
  const seen = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = seen.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (members.has(next) && !seen.has(next)) {
        seen.set(next, node);
        queue.push(next);
      }
    }
  }
  return component;
}

function main() {
  const { values } = parseArgs({
    options: { under: { type: 'string' }, types: { type: 'boolean' } },
  });
  const files = sources(path.join(ROOT, 'src'));
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => [
      file,
      runtimeImports(file, values.types).filter((target) => known.has(target)),
    ]),
  );
  const under = values.under === undefined ? undefined : path.resolve(ROOT, values.under);
  const found = cycles(graph).filter(
    (component) => under === undefined || component.every((f) => f.startsWith(under + path.sep)),
  );
  const rel = (file) => path.relative(ROOT, file);
  for (const component of found)
    console.log(
      `cycle (${component.length} files): ${chain(graph, component).map(rel).join(' → ')}`,
    );
  console.log(
    `${found.length} import cycles among ${files.length} files${under ? ` under ${rel(under)}` : ''}`,
  );
  if (found.length > 0) process.exitCode = 1;
}

main();
