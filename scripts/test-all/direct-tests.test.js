import { describe, expect, it } from 'vitest';
import { directTests, relativeImports } from './direct-tests.js';

describe('relativeImports', () => {
  it('resolves static, re-exported, dynamic and bare relative imports against the file', () => {
    const text = [
      "import { a } from './a.ts';",
      "export { b } from '../core/b.js';",
      "const c = await import('./c.ts');",
      "import './setup.ts';",
      "import { expect } from 'vitest';",
    ].join('\n');
    expect(relativeImports('src/app/x.test.ts', text)).toEqual([
      'src/app/a.ts',
      'src/core/b.js',
      'src/core/b.ts',
      'src/app/c.ts',
      'src/app/setup.ts',
    ]);
  });
});

describe('directTests', () => {
  const tests = new Map([
    ['src/core/a.test.ts', ['src/core/a.ts']],
    ['tests/unit/b.test.ts', ['src/core/b.ts', 'src/core/a.ts']],
    ['tests/unit/c.test.ts', ['src/core/index.ts']],
  ]);

  it('runs the tests that import a changed module, not those that reach it through another', () => {
    expect(directTests(['src/core/a.ts'], tests)).toEqual([
      'src/core/a.test.ts',
      'tests/unit/b.test.ts',
    ]);
  });

  it('runs a changed test file', () => {
    expect(directTests(['tests/unit/c.test.ts'], tests)).toEqual(['tests/unit/c.test.ts']);
  });
});
