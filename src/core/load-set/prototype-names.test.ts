import { describe, expect, it } from 'vitest';
import type { FormatId } from '../formats/format-module.ts';
import { checkLoadSet, type CheckResult } from './check-load-set.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';

const A2A_CARD = JSON.stringify({
  protocolVersion: '0.3.0',
  name: 'Trip Planner',
  description: 'Plans trips.',
  url: 'https://trips.example.com/a2a',
  version: '1.0.0',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'plan', name: 'Plan', description: 'Plans.', tags: ['travel'] }],
});

/**
 * One agent per format: its text, and the path it has when `name` is its file name (detectable without
 * `formats`). TsAgent is a folder: `name` is the folder.
 */
const FORMATS: Array<{
  format: FormatId;
  text: string;
  path: (name: string) => string;
  extra?: (name: string) => Record<string, string>;
}> = [
  {
    format: 'agentcard',
    text: '---\ntype: agent\nname: helper\n---\nYou help.\n',
    path: (name) => `${name}.md`,
  },
  {
    format: 'agentcard',
    text: 'type: agent\nname: helper\ninstruction: You help.\n',
    path: (name) => `${name}.yaml`,
  },
  {
    format: 'afm',
    text: '---\nspec_version: "0.3.0"\nname: Helper\ninterfaces:\n  - type: consolechat\n---\n# Role\nHelps.\n\n# Instructions\nBe brief.\n',
    path: (name) => `${name}.afm.md`,
  },
  {
    format: 'openagentspec',
    text: 'kind: "openagentspec:v1/agent"\nname: helpdesk\ndescription: Answers\nintent: You answer.\nowner: team-a\ncapabilities:\n  web: {}\n',
    path: (name) => `${name}.yaml`,
  },
  {
    format: 'tsagent',
    text: JSON.stringify({
      metadata: { name: 'Helper', description: 'Helps.' },
      settings: { maxChatTurns: '10' },
    }),
    path: (name) => `${name}/tsagent.json`,
    extra: (name) => ({ [`${name}/prompt.md`]: 'You help.\n' }),
  },
  { format: 'a2a', text: A2A_CARD, path: (name) => `${name}.json` },
];

/** AFM codes about the identifier it derives from the file name: they depend on the name by design. */
const NAME_DEPENDENT = new Set(['afm-identifier-style', 'afm-invalid-identifier']);

/**
 * What users see of a check, with `name` written as `NAME` so two checks compare. Name-dependent AFM
 * advice is left out, and with it whether the AFM agent is `ok` (`__proto__` is no AFM identifier).
 */
function seen(result: CheckResult, name: string) {
  const rename = (file: string) => file.split(name).join('NAME');
  return {
    agents: result.compiled.map((a) => [a.format, rename(a.file), a.format === 'afm' || a.ok]),
    diagnostics: result.diagnostics
      .filter((d) => !NAME_DEPENDENT.has(d.code))
      .map((d) => [d.code, rename(d.file), d.from, d.to]),
  };
}

describe('file paths named like members of Object.prototype', () => {
  for (const { format, text, path, extra } of FORMATS) {
    const kind = `${format} (${path('NAME')})`;

    it(`are analysed like any other name without a formats option: ${kind}`, () => {
      const ordinary = checkLoadSet({ [path('plain')]: text, ...extra?.('plain') });
      expect(ordinary.compiled.map((a) => a.format)).toEqual([format]);
      for (const name of PROTOTYPE_NAMES) {
        const result = checkLoadSet({ [path(name)]: text, ...extra?.(name) });
        expect(seen(result, name), name).toEqual(seen(ordinary, 'plain'));
      }
    });

    it(`are analysed like any other name with a formats option: ${kind}`, () => {
      const ordinary = checkLoadSet(
        { [path('plain')]: text, ...extra?.('plain') },
        { formats: { [path('plain')]: format } },
      );
      expect(ordinary.compiled.map((a) => a.format)).toEqual([format]);
      for (const name of PROTOTYPE_NAMES) {
        // The name itself in the load-set and in `formats`, beside the agent's own file.
        const result = checkLoadSet(
          { [path(name)]: text, ...extra?.(name) },
          { formats: { [path(name)]: format } },
        );
        expect(seen(result, name), name).toEqual(seen(ordinary, 'plain'));
        const other = checkLoadSet(
          { [path('plain')]: text, ...extra?.('plain'), [name]: 'notes\n' },
          { formats: { [path('plain')]: format } },
        );
        expect(
          other.compiled.map((a) => a.format),
          name,
        ).toEqual([format]);
      }
    });
  }

  it('read a bare prototype name as the format the formats option gives it, as a bare ordinary name', () => {
    for (const { format, text } of FORMATS.filter((f) => f.format !== 'tsagent')) {
      const ordinary = checkLoadSet({ plain: text }, { formats: { plain: format } });
      for (const name of PROTOTYPE_NAMES) {
        const result = checkLoadSet({ [name]: text }, { formats: { [name]: format } });
        expect(seen(result, name), `${format} ${name}`).toEqual(seen(ordinary, 'plain'));
      }
    }
  });

  it('keep a prototype-named file inside a TsAgent folder at the root as a file of the unit', () => {
    for (const name of PROTOTYPE_NAMES) {
      const result = checkLoadSet(
        {
          'tsagent.json': FORMATS.find((f) => f.format === 'tsagent')!.text,
          'prompt.md': 'You help.\n',
          [name]: 'stray\n',
        },
        { formats: {} },
      );
      expect(
        result.diagnostics.filter((d) => d.file === name).map((d) => d.code),
        name,
      ).toEqual(['tsagent-ignored-file']);
    }
  });

  it('look up server names such as constructor only among the configured servers', () => {
    const result = checkLoadSet({
      'fastagent.config.yaml': 'mcp:\n  servers:\n    fs:\n      command: fs\n',
      'a.md': '---\ntype: agent\nname: a\nservers: [constructor, toString, fs]\n---\nHi.\n',
    });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['unknown-server', 'unknown-server']);
    expect(result.compiled[0]!.data['config']).toMatchObject({
      servers: ['constructor', 'toString', 'fs'],
    });
  });
});
