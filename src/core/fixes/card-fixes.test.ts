import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.ts';
import { Checker, checkLoadSet } from '../load-set/check-load-set.ts';
import type { CheckOptions } from '../load-set/check-result.ts';
import { applyFixes } from './fix.ts';

/** The diagnostics with `code` in a check of `files`. */
function found(files: Record<string, string>, code: string, options: CheckOptions = {}) {
  return checkLoadSet(files, options).diagnostics.filter((d) => d.code === code);
}

/** The text of `file` after the first fix of `d`. */
function fixed(files: Record<string, string>, d: Diagnostic, file = d.file): string {
  const out = applyFixes(new Map(Object.entries(files)), [d.fixes![0]!]);
  return out.files.get(file)!;
}

describe('unknown-field fixes', () => {
  it('renames a misspelt key, safe when one field is that close', () => {
    const files = { 'a.yaml': 'type: agent\nname: a\nmodle: gpt\ninstruction: Hi.\n' };
    const [d] = found(files, 'unknown-field');
    expect(d!.fixes).toMatchObject([
      {
        title: "Change to 'model'",
        safe: true,
        edits: [{ file: 'a.yaml', from: 20, to: 25, insert: 'model' }],
      },
    ]);
    expect(fixed(files, d!)).toBe('type: agent\nname: a\nmodel: gpt\ninstruction: Hi.\n');
  });

  it('is not safe from a field fast-agent removed: history_mode is not history_source', () => {
    const files = { 'a.yaml': 'type: agent\nname: a\nhistory_mode: scratch\n' };
    const [d] = found(files, 'unknown-field', { profile: 'fast-agent' });
    const rename = d!.fixes!.find((f) => f.title === "Change to 'history_source'");
    expect(rename?.safe).toBe(false);
  });

  it("is not safe from a field of another card type: an orchestrator's subagents are not its agents", () => {
    const files = { 'o.yaml': 'type: orchestrator\nname: o\nsubagents: [b]\n' };
    const [d] = found(files, 'unknown-field');
    expect(d!.fixes).toMatchObject([{ title: "Change to 'agents'", safe: false }]);
  });

  it('renames a key in a Markdown frontmatter at its absolute offsets', () => {
    const files = { 'a.md': '---\ntype: agent\nmodle: gpt\n---\nHello.\n' };
    const [d] = found(files, 'unknown-field');
    expect(d!.fixes![0]!.edits[0]).toMatchObject({
      file: 'a.md',
      from: 16,
      to: 21,
      insert: 'model',
    });
    expect(fixed(files, d!)).toBe('---\ntype: agent\nmodel: gpt\n---\nHello.\n');
  });

  it('proposes no fix when the corrected field is already in the card', () => {
    const files = { 'a.yaml': 'type: agent\nmodel: a\nmodle: b\n' };
    const [d] = found(files, 'unknown-field');
    expect(d!.message).toContain("did you mean 'model'");
    expect(d!.fixes).toBeUndefined();
  });

  it('marks the fix unsafe when another field is also within the limit', () => {
    // 'ubagents' is one edit from 'subagents' and two from 'agents'
    const files = { 'a.yaml': 'type: agent\nname: a\nubagents: [x]\n' };
    const [d] = found(files, 'unknown-field');
    expect(d!.fixes![0]!.title).toBe("Change to 'subagents'");
    expect(d!.fixes![0]!.safe).toBe(false);
  });

  it('moves a cached card fix with the text before it', () => {
    const checker = new Checker();
    const card = '---\ntype: agent\nname: b\nmodle: x\n---\nB.\n';
    checker.check({ 'a.md': `---\ntype: agent\nname: a\n---\nA.\n\n${card}` });
    const result = checker.check({
      'a.md': `---\ntype: agent\nname: a\n---\nA, longer.\n\n${card}`,
    });
    const d = result.diagnostics.find((x) => x.code === 'unknown-field')!;
    expect(d.fixes![0]!.edits[0]!.from).toBe(d.from);
    expect(d.fixes![0]!.edits[0]!.to).toBe(d.to);
  });
});

describe('unknown-agent-ref fixes', () => {
  const chain = (ref: string) => ({
    'a.md': `---\ntype: agent\nname: social_media\n---\nPost.\n\n---\ntype: agent\nname: writer\n---\nWrite.\n\n---\ntype: chain\nname: c\nsequence: [writer, ${ref}]\n---\n`,
  });

  it('renames the reference to the close agent name, not safe', () => {
    const files = chain('social_medai');
    const [d] = found(files, 'unknown-agent-ref');
    const from = files['a.md'].indexOf('social_medai');
    expect(d!.fixes).toMatchObject([
      {
        title: "Change to 'social_media'",
        safe: false,
        edits: [{ file: 'a.md', from, to: from + 12, insert: 'social_media' }],
      },
    ]);
    expect(fixed(files, d!)).toContain('sequence: [writer, social_media]');
    expect(found({ 'a.md': fixed(files, d!) }, 'unknown-agent-ref')).toEqual([]);
  });

  it('replaces a quoted reference whole', () => {
    const files = chain('"writr"');
    const [d] = found(files, 'unknown-agent-ref');
    expect(fixed(files, d!)).toContain('sequence: [writer, writer]');
  });

  it('proposes nothing when no agent is close, or two are equally close', () => {
    expect(found(chain('reviewer'), 'unknown-agent-ref')[0]!.fixes).toBeUndefined();
    const files = {
      'a.yaml': 'type: chain\nname: c\nsequence: [agent3]\n',
      'agent1.yaml': 'type: agent\ninstruction: One.\n',
      'agent2.yaml': 'type: agent\ninstruction: Two.\n',
    };
    expect(found(files, 'unknown-agent-ref')[0]!.fixes).toBeUndefined();
  });

  it('never proposes the card itself', () => {
    const files = { 'cc.yaml': 'type: chain\nsequence: [c]\n' };
    expect(found(files, 'unknown-agent-ref')[0]!.fixes).toBeUndefined();
  });
});

describe('type, value and YAML fixes', () => {
  it('fixes a misspelt or mis-cased type, safely', () => {
    const files = { 'a.yaml': 'type: chian\nsequence: [b]\n', 'b.yaml': 'instruction: B.\n' };
    const [d] = found(files, 'unknown-type');
    expect(d!.fixes![0]).toMatchObject({ title: "Change to 'chain'", safe: true });
    expect(fixed(files, d!)).toBe('type: chain\nsequence: [b]\n');
    const cased = { 'a.yaml': 'type: Agent\ninstruction: A.\n' };
    expect(fixed(cased, found(cased, 'unknown-type')[0]!)).toBe('type: agent\ninstruction: A.\n');
  });

  it('writes a quoted boolean or integer, and schema_version 1.0, as the literal', () => {
    const files = { 'a.yaml': 'type: agent\nhuman_input: "True"\nschema_version: 1.0\n' };
    const ds = found(files, 'invalid-value');
    expect(ds.map((d) => [d.fixes![0]!.title, d.fixes![0]!.safe])).toEqual([
      ['Write it as the boolean true', true],
      ['Write it as the integer 1', true],
    ]);
    const out = applyFixes(
      new Map(Object.entries(files)),
      ds.map((d) => d.fixes![0]!),
    );
    expect(out.files.get('a.yaml')).toBe('type: agent\nhuman_input: true\nschema_version: 1\n');
    expect(found({ 'a.yaml': out.files.get('a.yaml')! }, 'invalid-value')).toEqual([]);
  });

  it('proposes nothing for a string that is no literal of the field', () => {
    const files = { 'a.yaml': 'type: agent\nhuman_input: "maybe"\n' };
    expect(found(files, 'invalid-value')[0]!.fixes).toBeUndefined();
  });

  it('indents with spaces instead of tabs, safe when the indentation is tabs only', () => {
    const files = { 'a.yaml': 'type: agent\nrequest_params:\n\tmax_tokens: 3\n' };
    const [d] = found(files, 'yaml-syntax');
    expect(d!.fixes![0]).toMatchObject({
      title: 'Indent with spaces instead of tabs',
      safe: true,
      edits: [{ file: 'a.yaml', from: 28, to: 29, insert: '  ', line: 3, column: 1 }],
    });
    expect(fixed(files, d!)).toBe('type: agent\nrequest_params:\n  max_tokens: 3\n');
    const mixed = { 'a.yaml': 'type: agent\nrequest_params:\n \tmax_tokens: 3\n' };
    expect(found(mixed, 'yaml-syntax')[0]!.fixes![0]!.safe).toBe(false);
  });
});
