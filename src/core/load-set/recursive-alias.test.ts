import { describe, expect, it } from 'vitest';
import { parseYaml } from '../text/parse-yaml.ts';
import { checkLoadSet } from './check-load-set.ts';

// A YAML anchor used inside its own node makes a value that contains itself. Every reader that follows
// aliases went round it: AgentCard, OpenAgentSpec and TsAgent overflowed the stack, and AFM's compile
// built a copy that doubled at each level until memory ran out. The checker now refuses such YAML once,
// where it is parsed, with `yaml-limit` at the alias.

/** Offset of the first `*NAME` in `text`, and the end of that alias. */
function aliasAt(text: string, name: string): [number, number] {
  const from = text.indexOf(`*${name}`);
  return [from, from + name.length + 1];
}

const CASES: Array<{ format: string; path: string; text: string; alias: string }> = [
  {
    format: 'AgentCard (Markdown)',
    path: 'loop.md',
    text: '---\ntype: agent\nname: loop\nrequest_params: &t {a: *t, b: [*t]}\n---\nHelps.\n',
    alias: 't',
  },
  {
    format: 'AgentCard (YAML)',
    path: 'loop.yaml',
    text: 'type: agent\nname: loop\ninstruction: Helps.\nservers: &s [*s, *s]\n',
    alias: 's',
  },
  {
    format: 'OpenAgentSpec',
    path: 'spec.yaml',
    text: 'kind: openagentspec:v1/agent\nname: loop\ndescription: d\nintent: i\nowner: o\ncapabilities: &c {web: {}, x: *c, y: [*c]}\n',
    alias: 'c',
  },
  {
    format: 'TsAgent (YAML)',
    path: 'agent.yaml',
    text: 'name: loop\ndescription: &d {a: *d, b: [*d]}\n',
    alias: 'd',
  },
  {
    format: 'AFM',
    path: 'loop.afm.md',
    text: '---\nspec_version: "0.3.0"\nname: loop\ntools:\n  mcp:\n    - name: x\n      transport:\n        type: http\n        url: https://example.com/mcp\n      tool_filter: &t {allow: *t, deny: [*t]}\n---\n# Role\nLoops.\n# Instructions\nLoop.\n',
    alias: 't',
  },
];

describe('a YAML value that contains itself through an alias', () => {
  for (const { format, path, text, alias } of CASES) {
    it(`${format}: is refused with yaml-limit at the alias, without throwing`, () => {
      const result = checkLoadSet({ [path]: text });
      const [from, to] = aliasAt(text, alias);
      const limits = result.diagnostics.filter((d) => d.code === 'yaml-limit');
      expect(limits).toHaveLength(1);
      expect(limits[0]).toMatchObject({ file: path, severity: 'error', from, to });
      expect(result.agents).toEqual([]);
    });
  }

  it('names the alias that lies inside its own node, not a later use of the same anchor', () => {
    const text = 'a: &x [1, 2]\nb: *x\nc: &x [*x]\n';
    const parsed = parseYaml(text, 0, '1.2');
    expect(parsed.ok).toBe(false);
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({
      code: 'yaml-limit',
      from: text.lastIndexOf('*x'),
      to: text.lastIndexOf('*x') + 2,
    });
  });

  it('leaves aliases to earlier nodes and to redefined anchors alone', () => {
    for (const text of [
      'a: &x {k: 1}\nb: *x\nc: [*x, *x]\n',
      // Each `*x` names the closest `&x` before it, which is not around it.
      'a: &x [1]\nb: [*x]\nc: &x [2]\nd: [*x, *x]\n',
    ]) {
      const parsed = parseYaml(text, 0, '1.2');
      expect(parsed.diagnostics).toEqual([]);
      expect(parsed.ok).toBe(true);
    }
  });
});
