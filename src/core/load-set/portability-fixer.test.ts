import { describe, expect, it } from 'vitest';
import type { Profile } from '../model/agent-types.ts';
import { formatModule } from '../formats/registry.ts';
import { parseHistory } from '../history/parse-history.ts';
import { checkLoadSet, type CheckResult } from './check-load-set.ts';
import { LoadSetChecker } from './load-set-checker.ts';
import { portabilityFixer } from './passes/portability-fixes.ts';
import { LazyPortabilityFixer, NO_PORTABILITY_FIXES } from './portability-fixer.ts';
import { yamlHintText } from '../text/yaml-hint-texts.ts';

// A bundle (a second card in one file: the rfc profile's `portability` note gets the split) and a card with
// inline history (its fix moves the turns to a history file).
const files: Record<string, string> = {
  'bundle.md':
    '---\ntype: agent\nname: one\n---\nFirst.\n---\ntype: agent\nname: two\n---\nSecond.\n',
  'chat.md': '---\nname: chat\n---\nHello.\n---USER\nhi\n---ASSISTANT\nhello\n',
};

const portabilityFixes = (result: CheckResult) =>
  result.diagnostics.flatMap((d) => d.fixes ?? []).filter((f) => f.portability === true);

describe('the portability fixes given to the checker', () => {
  it('are all there with the fixer Checker gives, none without a fixer, the rest the same', () => {
    const full = checkLoadSet(files, { profile: 'rfc' });
    expect(portabilityFixes(full).length).toBeGreaterThan(0);
    const bare = new LoadSetChecker(
      formatModule,
      parseHistory,
      NO_PORTABILITY_FIXES,
      yamlHintText,
    ).check(files, {
      profile: 'rfc',
    });
    expect(portabilityFixes(bare)).toEqual([]);
    const strip = (r: CheckResult) =>
      r.diagnostics.map((d) => ({
        ...d,
        fixes: (d.fixes ?? []).filter((f) => f.portability !== true),
      }));
    expect(strip(bare)).toEqual(strip(full));
  });

  it('come with the next check once loaded lazily: the first goes without and is noted', async () => {
    let loads = 0;
    const lazy = new LazyPortabilityFixer(() => {
      loads++;
      return Promise.resolve(portabilityFixer);
    });
    const checker = new LoadSetChecker(formatModule, parseHistory, lazy.fixer, yamlHintText);
    const first = checker.check(files, { profile: 'rfc' });
    expect(lazy.ready).toBe(false);
    expect(portabilityFixes(first)).toEqual([]);
    expect(lazy.takeMissed()).toBe(true);
    expect(lazy.takeMissed()).toBe(false);
    await lazy.load();
    await lazy.load();
    expect(loads).toBe(1);
    const second = checker.check(files, { profile: 'rfc' });
    expect(lazy.takeMissed()).toBe(false);
    // The same checker (its caches warm from the first check) now gives what a fresh Checker gives.
    expect(second).toEqual(checkLoadSet(files, { profile: 'rfc' }));
  });

  it('note a check as missing them only when they would have changed it', () => {
    const both = (missed: boolean) => ({ rfc: missed, 'fast-agent': missed });
    const loadSets: Array<[string, Record<string, string>, Record<Profile, boolean>]> = [
      ['a clean card', { 'clean.md': '---\nname: clean\n---\nHello.\n' }, both(false)],
      ['a clean YAML card', { 'clean.yaml': 'name: clean\ninstruction: Hello.\n' }, both(false)],
      ['a bundle', { 'bundle.md': files['bundle.md']! }, { rfc: true, 'fast-agent': false }],
      // A second card without a type is a suspicious boundary, not the note the split fixes.
      [
        'a typeless bundle',
        { 'b.md': '---\nname: one\n---\nA.\n---\nname: two\n---\nB.\n' },
        both(false),
      ],
      ['inline history', { 'chat.md': files['chat.md']! }, both(true)],
      ['an error', { 'bad.md': '---\nname: bad\ntype: nonsense\n---\nHello.\n' }, both(true)],
    ];
    for (const profile of ['rfc', 'fast-agent'] as const)
      for (const [label, set, expected] of loadSets) {
        const missed = expected[profile];
        const lazy = new LazyPortabilityFixer(() => Promise.reject(new Error('not loaded')));
        const result = new LoadSetChecker(
          formatModule,
          parseHistory,
          lazy.fixer,
          yamlHintText,
        ).check(set, {
          profile,
        });
        expect({ label, profile, missed: lazy.takeMissed() }).toEqual({ label, profile, missed });
        // Not missed: what the full fixer gives exactly.
        if (!missed) expect(result).toEqual(checkLoadSet(set, { profile }));
      }
  });

  it('tries a failed load again on the next call', async () => {
    let calls = 0;
    const lazy = new LazyPortabilityFixer(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(portabilityFixer),
    );
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.ready).toBe(false);
    await lazy.load();
    expect(lazy.ready).toBe(true);
    expect(calls).toBe(2);
  });

  it('loads the real pass through the default loader', async () => {
    const lazy = new LazyPortabilityFixer();
    await lazy.load();
    const checker = new LoadSetChecker(formatModule, parseHistory, lazy.fixer, yamlHintText);
    expect(portabilityFixes(checker.check(files, { profile: 'fast-agent' }))).toEqual(
      portabilityFixes(checkLoadSet(files, { profile: 'fast-agent' })),
    );
  });
});
