import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../setup/test-files.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** What makes a test file need a module graph of its own: it replaces a module, a global, a timer or a method. */
const NEEDS_ISOLATION =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|globalThis\.[A-Za-z_$][\w$]* =|fake-indexeddb/;
/** This file, whose pattern above names what it looks for. */
const SELF = 'tests/unit/test-files.test.ts';

function testFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.[jt]s$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

describe('the test files that run in a module graph of their own (tests/setup/test-files.ts)', () => {
  const files = ['src', 'tests', 'scripts'].flatMap((folder) => testFiles(join(ROOT, folder)));

  it('include every file that mocks, stubs, spies or fakes timers', () => {
    const needing = files.filter(
      (file) => file !== SELF && NEEDS_ISOLATION.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !ISOLATED.includes(file))).toEqual([]);
  });

  it('name only files that exist', () => {
    expect(ISOLATED.filter((file) => !files.includes(file))).toEqual([]);
  });
});
