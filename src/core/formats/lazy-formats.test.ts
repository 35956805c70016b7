import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { LoadSetChecker } from '../load-set/load-set-checker.ts';
import { portabilityFixer } from '../load-set/passes/portability-fixes.ts';
import { YAML_HINTS } from '../text/yaml-hint-texts.ts';
import { agentCardReader } from './agentcard/reader.ts';
import { detectorOf } from './format-record.ts';
import { FORMAT_DETECTORS, detectFormat } from './format-records.ts';
import { LazyFormats, NotLoadedYet } from './lazy-formats.ts';
import { FORMATS } from './registry.ts';

// A load-set with one file of every format, a card that names a history file and a chain over them.
const files: Record<string, string> = {
  'writer.md': '---\nname: writer\nmessages: history.json\n---\nWrite a short post.\n',
  'flow.md': '---\ntype: chain\nname: flow\nsequence: [writer, greeter]\n---\n',
  'greeter.afm.md':
    '---\nname: Greeter\ndescription: Says hello.\n---\n\n# Role\n\nGreet people.\n',
  'spec.yaml':
    'kind: openagentspec:v1/agent\nname: spec_agent\ninstructions: Answer briefly.\nmodel: gpt-4o\n',
  'card.json': JSON.stringify({
    protocolVersion: '0.3.0',
    name: 'remote',
    url: 'https://a.example',
  }),
  'ts/tsagent.json': JSON.stringify({ metadata: { name: 'ts_agent' } }),
  'history.json': JSON.stringify({
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  }),
};

/** A checker through a `LazyFormats` that starts with AgentCard's reader only, as the worker's does. */
function lazyChecker() {
  const lazy = new LazyFormats([agentCardReader]);
  const checker = new LoadSetChecker(
    lazy.resolve,
    lazy.parseHistory,
    portabilityFixer,
    lazy.hintText,
  );
  return { lazy, checker };
}

describe('LazyFormats', () => {
  it('lists the formats a load-set needs that are not loaded, in FORMAT_IDS order', () => {
    const lazy = new LazyFormats([agentCardReader]);
    expect(lazy.missing(Object.entries(files))).toEqual(['afm', 'openagentspec', 'tsagent', 'a2a']);
    expect(lazy.missing([['a.md', '---\nname: a\n---\n']])).toEqual([]);
    expect(lazy.missing([], ['a2a'])).toEqual(['a2a']);
  });

  it('throws NotLoadedYet for a format, the history reader or the hints that are not loaded', () => {
    const lazy = new LazyFormats([agentCardReader]);
    expect(() => lazy.resolve('afm')).toThrow(NotLoadedYet);
    expect(() => lazy.parseHistory('[]', 'h.json')).toThrow(/history is not loaded yet/);
    expect(() => lazy.hintText('MISSING_CHAR')).toThrow(/hints is not loaded yet/);
    expect(lazy.resolve('agentcard')).toBe(agentCardReader);
  });

  it('checks as the full checker does once it has loaded what the load-set needs', async () => {
    const { lazy, checker } = lazyChecker();
    const result = await lazy.checkLoading(() => checker.check(files, {}));
    const full = checkLoadSet(files, {});
    expect(result).toEqual(full);
    // Every format and the history reader were loaded on the way, one retry each at most.
    for (const id of ['afm', 'openagentspec', 'tsagent', 'a2a'] as const)
      expect(lazy.has(id)).toBe(true);
    expect(lazy.parseHistory('[]', 'h.json').messages).toEqual([]);
    // The compiled writer has its history from the lazily loaded reader.
    const writer = result.compiled.find((a) => a.name === 'writer');
    expect(writer?.history).toEqual([{ role: 'user', content: 'hi' }]);
    expect(result.compiled.map((a) => `${a.name}:${a.format}`).sort()).toEqual([
      'Greeter:afm',
      'flow:agentcard',
      'remote:a2a',
      'spec_agent:openagentspec',
      'ts_agent:tsagent',
      'writer:agentcard',
    ]);
  });

  it('loads the hints only for a problem that has one, and then gives its text', async () => {
    const { lazy, checker } = lazyChecker();
    // A card without a hinted problem: checked without the table (a cold start does not fetch it).
    const clean = { 'a.md': '---\nname: a\n---\nHello.\n' };
    await lazy.checkLoading(() => checker.check(clean, {}));
    expect(() => lazy.hintText('MISSING_CHAR')).toThrow(NotLoadedYet);
    const broken = { 'a.md': '---\nname: a\nmodel: "haiku\ndescription: d\n---\nHello.\n' };
    const result = await lazy.checkLoading(() => checker.check(broken, {}));
    expect(result).toEqual(checkLoadSet(broken, {}));
    expect(result.diagnostics[0]).toMatchObject({
      code: 'yaml-syntax',
      hint: YAML_HINTS['MISSING_CHAR:quote'],
      cause: { line: 3, column: 8 },
    });
  });

  it('passes on other errors from a check', async () => {
    const lazy = new LazyFormats([agentCardReader]);
    await expect(
      lazy.checkLoading(() => {
        throw new RangeError('bad date');
      }),
    ).rejects.toThrow(RangeError);
  });
});

describe('FORMAT_DETECTORS', () => {
  it('are the full modules’ detectors, in the same order', () => {
    expect(FORMAT_DETECTORS.map((d) => d.id)).toEqual(FORMATS.map((f) => f.id));
    for (const [i, detector] of FORMAT_DETECTORS.entries()) {
      // The module spreads its record's detector: the same label and the same functions.
      expect(FORMATS[i]).toMatchObject(detectorOf(detector));
    }
  });

  it('detect the format of each file', () => {
    expect(Object.entries(files).map(([p, t]) => detectFormat(p, t))).toEqual([
      'agentcard',
      'agentcard',
      'afm',
      'openagentspec',
      'a2a',
      'tsagent',
      undefined,
    ]);
  });
});
