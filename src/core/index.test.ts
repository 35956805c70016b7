/**
 * The public surface documents itself: every name `src/core/index.ts` exports has a `/** … *\/` doc
 * comment, at its declaration or at the re-export (read with the TypeScript compiler API).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { hangGuard } from '../../tests/setup/hang-guard.ts';

const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));

/** True when the text just before `node` (its leading trivia) holds a `/**` doc comment. */
function hasLeadingDoc(node: ts.Node): boolean {
  return /\/\*\*(?!\/)/.test(node.getSourceFile().text.slice(node.getFullStart(), node.getStart()));
}

/** True when a declaration carries a doc comment (a variable's sits on its statement). */
function isDocumented(declaration: ts.Declaration): boolean {
  let node: ts.Node = declaration;
  if (ts.isVariableDeclaration(node)) node = node.parent.parent;
  return ts.getJSDocCommentsAndTags(node).length > 0 || hasLeadingDoc(node);
}

/** The exports of the module `file` that have no doc comment, by name, and how many it has. */
function undocumentedExports(file: string): { missing: string[]; count: number } {
  const program = ts.createProgram([file], {
    // Only the module graph is read, never a type: no default library and no automatic @types
    // packages, which were half the files parsed and half this test's time.
    noLib: true,
    types: [],
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(file)!;
  const documentedHere = new Set<string>();
  for (const statement of index.statements)
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const specifier of statement.exportClause.elements)
        if (hasLeadingDoc(specifier)) documentedHere.add(specifier.name.text);
  const missing: string[] = [];
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(index)!);
  for (const symbol of exports) {
    if (documentedHere.has(symbol.name)) continue;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.declarations ?? []).some(isDocumented)) missing.push(symbol.name);
  }
  return { missing: missing.sort(), count: exports.length };
}

describe('src/core/index.ts', () => {
  it(
    'exports only names with a doc comment (at the declaration or the re-export)',
    () => {
      const { missing, count } = undocumentedExports(INDEX);
      expect(count).toBeGreaterThan(100);
      expect(missing).toEqual([]);
    },
    hangGuard(60_000),
  );

  it(
    'is checked by a reader that finds a missing doc comment',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'index-docs-'));
      try {
        const module = [
          '/** Documented. */',
          'export const documented = 1;',
          'export const bare = 2;',
          '/** Documented. */',
          'export type Shape = { a: number };',
          'export function plain(): void {}',
          'export const laterDoc = 3;',
        ].join('\n');
        writeFileSync(join(dir, 'm.ts'), module);
        const index = [
          '/** The module. */',
          "export { documented, bare, plain, /** Documented here. */ laterDoc } from './m.ts';",
          "export type { Shape } from './m.ts';",
        ].join('\n');
        writeFileSync(join(dir, 'index.ts'), index);
        expect(undocumentedExports(join(dir, 'index.ts'))).toEqual({
          missing: ['bare', 'plain'],
          count: 5,
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    hangGuard(60_000),
  );
});
