import { describe, expect, it } from 'vitest';
import { defaultAgentConfig } from '../model/agent-data.ts';
import { LoadSetChecker } from '../load-set/load-set-checker.ts';
import { NO_PORTABILITY_FIXES } from '../load-set/portability-fixer.ts';
import type { FormatId, FormatModule } from './format-module.ts';
import { detectorOf, formatRecord, formatRegistry } from './format-record.ts';
import { FORMAT_IDS, FORMAT_RECORDS, FORMAT_REGISTRY } from './format-records.ts';
import { LazyFormats } from './lazy-formats.ts';
import { FORMATS } from './registry.ts';

// A sixth format for the test, whose reader compiles one agent per `.fake` file, named by its first line.
let loads = 0;
const fakeModule = (): FormatModule => ({
  ...detectorOf(fake),
  id: fake.id as FormatId,
  codes: {},
  analyze: (unit) => {
    const name = (unit.files[unit.entry] ?? '').split('\n')[0]!;
    const data = { config: defaultAgentConfig(name), type: 'agent' };
    return {
      agents: [{ name, file: unit.entry, from: 0, to: 1, headerTo: 1, data }],
      diagnostics: [],
    };
  },
});

// The two lines that add a format: its record, and the registry with it.
const fake = formatRecord({ id: 'fake', label: 'Fake', detect: (path) => path.endsWith('.fake'), extensions: { '.fake': 'yaml' }, assist: 'schema', load: () => (loads++, Promise.resolve(fakeModule())) }); // prettier-ignore
const formats = formatRegistry([...FORMAT_RECORDS, fake]);

describe('a format added as one record', () => {
  it('is checked: detected, its reader loaded on first use, its agent compiled', async () => {
    const lazy = new LazyFormats([], formats);
    const { resolve, parseHistory, hintText } = lazy;
    const checker = new LoadSetChecker(
      resolve,
      parseHistory,
      NO_PORTABILITY_FIXES,
      hintText,
      formats,
    );
    const files = {
      'helper.fake': 'helper\n',
      'lead.md': '---\ntype: chain\nsequence: [helper]\n---\n',
    };
    const result = await lazy.checkLoading(() => checker.check(files));
    expect(loads).toBe(1);
    // Cards first, then the other formats' agents (as for every format).
    expect(result.agents.map((a) => [a.name, a.format, a.file])).toEqual([
      ['lead', 'agentcard', 'lead.md'],
      ['helper', 'fake', 'helper.fake'],
    ]);
    // The chain names it like any agent of the load-set: no `unknown-agent-ref`.
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('is completed: the editor assists in it and highlights its files by its extension', () => {
    expect(formats.schemaAssisted.has('fake')).toBe(true);
    expect(formats.language('agents/helper.FAKE')).toBe('yaml');
    expect(FORMAT_REGISTRY.schemaAssisted.has('fake' as FormatId)).toBe(false);
    expect(FORMAT_REGISTRY.language('agents/helper.fake')).toBe(undefined);
  });

  it('is discovered: a folder scan takes its files, which no other format claims', () => {
    expect(formats.discovered('helper.fake')).toBe(true);
    expect(FORMAT_REGISTRY.discovered('helper.fake')).toBe(false);
    expect(formats.detect('helper.fake', 'helper')).toBe('fake');
  });

  it('joins every list: ids, labels, loaders, detection before the fallback', () => {
    expect(formats.ids).toEqual([...FORMAT_IDS, 'fake']);
    expect(formats.labels.fake).toBe('Fake');
    expect(Object.keys(formats.loaders)).toEqual([...FORMAT_IDS, 'fake']);
    expect(formats.detectors.map((d) => d.id)).toEqual([
      'afm',
      'openagentspec',
      'tsagent',
      'a2a',
      'fake',
      'agentcard',
    ]);
  });
});

describe('the format records', () => {
  it('give every list of the formats', () => {
    expect(FORMAT_IDS).toEqual(['agentcard', 'afm', 'openagentspec', 'tsagent', 'a2a']);
    expect(FORMAT_REGISTRY.conversionTargets).toEqual(['agentcard', 'afm', 'a2a']);
    expect([...FORMAT_REGISTRY.schemaAssisted]).toEqual(['afm', 'openagentspec']);
    expect([...FORMAT_REGISTRY.entries]).toEqual(['tsagent.json']);
    expect(FORMATS.map((f) => f.id)).toEqual(FORMAT_REGISTRY.detectors.map((d) => d.id));
  });

  it("load each format's module, the one the registry holds", async () => {
    for (const record of FORMAT_RECORDS)
      expect(await record.load()).toBe(FORMATS.find((f) => f.id === record.id));
  });

  it('name the languages and the files a folder scan takes as before', () => {
    const language = (path: string) => FORMAT_REGISTRY.language(path);
    expect(['a.md', 'a.MARKDOWN', 'r.mdt', 'x.afm', 'x.afm.md'].map(language)).toEqual(
      Array(5).fill('markdown'),
    );
    expect(
      ['a.yaml', 'a.YML', 'tsagent.json', 'card.json', 'notes.txt', 'Makefile'].map(language),
    ).toEqual(['yaml', 'yaml', 'json', 'json', undefined, undefined]);
    const taken = ['a.md', 'a.markdown', 'a.yaml', 'a.yml', 'a.json', 'a.afm', 'A.AFM.MD'];
    const left = ['rules.mdt', 'tools.py', 'notes.txt', '.md', 'README'];
    expect(taken.filter((name) => FORMAT_REGISTRY.discovered(name))).toEqual(taken);
    expect(left.filter((name) => FORMAT_REGISTRY.discovered(name))).toEqual([]);
  });

  it('name pasted text by the first rule that claims it', () => {
    expect(FORMAT_REGISTRY.pasteRules('.json').map((r) => r.name)).toEqual(['tsagent.json']);
    expect(FORMAT_REGISTRY.pasteRules('.md').map((r) => r.name)).toEqual(['pasted.afm.md']);
  });

  it('refuse a repeated id and a bad extension', () => {
    expect(() => formatRegistry([...FORMAT_RECORDS, FORMAT_RECORDS[0]])).toThrow(/repeat/);
    expect(() => formatRecord({ ...fake, extensions: { '.Fake': 'yaml' } })).toThrow(/lower case/);
  });
});
