import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../core/index.ts';
import { pastedFileName } from './pasted-file-name.ts';

const YAML_BUNDLE = `---
type: agent
name: sizer
instruction: |
  Given an object, respond only with an estimate of its size.
---
type: agent
name: greeter
instruction: |
  Respond cheerfully.
`;

const MD_BUNDLE = `---
type: agent
name: one
---
First.

---
type: agent
name: two
---
Second.
`;

const AFM = `---
spec_version: 0.3.0
name: Tutor
description: Teaches.
---

# Role

You teach.

# Instructions

Teach.
`;

describe('pastedFileName', () => {
  it('names a YAML stream of cards .yaml, and the checker then reads every card', () => {
    expect(pastedFileName(YAML_BUNDLE)).toBe('pasted.yaml');
    const result = checkLoadSet({ [pastedFileName(YAML_BUNDLE)]: YAML_BUNDLE });
    expect(result.agents.map((a) => a.name)).toEqual(['sizer', 'greeter']);
  });

  it('names frontmatter followed by a body .md', () => {
    expect(pastedFileName(MD_BUNDLE)).toBe('pasted.md');
    expect(pastedFileName('\uFEFF---\ntype: agent\nname: a\n---\nHello.\n')).toBe('pasted.md');
  });

  it('names AFM .afm.md', () => {
    expect(pastedFileName(AFM)).toBe('pasted.afm.md');
    expect(checkLoadSet({ 'pasted.afm.md': AFM }).cards.map((c) => c.format)).toEqual(['afm']);
  });

  it('names a YAML card or spec without a leading --- .yaml, and prose or a history .md', () => {
    expect(pastedFileName('type: agent\nname: yaml_card\n')).toBe('pasted.yaml');
    expect(pastedFileName('kind: openagentspec:v1/agent\nname: x\n')).toBe('pasted.yaml');
    expect(pastedFileName('Hello there.\n---ASSISTANT\nHi!\n')).toBe('pasted.md');
    expect(pastedFileName('Just some words.')).toBe('pasted.md');
  });

  it('names JSON by its shape: a TsAgent agent file tsagent.json, anything else .json', () => {
    expect(pastedFileName('{"metadata": {"name": "x"}, "settings": {}}')).toBe('tsagent.json');
    expect(pastedFileName('{"name": "Helper", "skills": [], "url": "https://a.example"}')).toBe(
      'pasted.json',
    );
    expect(pastedFileName('{"messages": []}')).toBe('pasted.json');
    expect(pastedFileName('{ not json')).toBe('pasted.json');
  });
});
