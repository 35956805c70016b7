import { describe, expect, it } from 'vitest';
import { Checker, checkLoadSet } from '../load-set/check-load-set.ts';
import { parseYaml } from './parse-yaml.ts';
import { YAML_HINTS, yamlHintText, type YamlHintKey } from './yaml-hint-texts.ts';

/** A real snippet per hinted key: parsing it gives (at least) that error, first. */
const SNIPPETS: Record<YamlHintKey, string> = {
  MISSING_CHAR: 'type: agent\ninstruction: hello\nthere you\n',
  'MISSING_CHAR:quote': 'type: agent\nname: "post_writer\nmodel: haiku\ndescription: writes\n',
  MULTILINE_IMPLICIT_KEY: 'type: agent\nname post_writer\nmodel: haiku\n',
  BLOCK_AS_IMPLICIT_KEY: 'type: agent\ndescription: note: writes posts\n',
  TAB_AS_INDENT: 'type: agent\nrequest_params:\n\tmax_tokens: 3\n',
  BAD_INDENT: 'type: agent\nrequest_params:\n    max_tokens: 3\n  temperature: 1\n',
  'BAD_INDENT:flow': 'type: agent\nservers: [fetch, files\nmodel: haiku\n',
  BLOCK_IN_FLOW: 'type: agent\nservers: [\n  - fetch\n  ]\n',
  BAD_DQ_ESCAPE: 'type: agent\ncwd: "C:\\qdir"\n',
  BAD_SCALAR_START: 'type: agent\nmodel: @haiku\n',
  UNEXPECTED_TOKEN: 'type: agent\ndescription: "writes" posts\n',
  MULTIPLE_ANCHORS: 'type: agent\nmodel: &a &b haiku\n',
  ALIAS_PROPS: 'type: agent\nmodel: &m haiku\nsubagent_model: &n *m\n',
  DUPLICATE_KEY: 'type: agent\nmodel: haiku\nname: a\nmodel: sonnet\n',
};

function diagnostics(text: string, offset = 0) {
  return parseYaml(text, offset, '1.2').diagnostics;
}

describe('YAML hints', () => {
  it.each(Object.keys(SNIPPETS) as YamlHintKey[])('%s: a real snippet gets its hint', (key) => {
    const [first] = diagnostics(SNIPPETS[key]);
    expect(first?.code).toBe(key === 'DUPLICATE_KEY' ? 'duplicate-key' : 'yaml-syntax');
    expect(first?.hintKey).toBe(key);
    expect(yamlHintText(first!.hintKey!)).toBe(YAML_HINTS[key]);
  });

  it('keeps the parser message as it was: the hint sits beside it', () => {
    const [d] = diagnostics(SNIPPETS.MULTILINE_IMPLICIT_KEY);
    expect(d?.message).toBe('Implicit keys need to be on a single line');
    expect(yamlHintText(d!.hintKey!)).toMatch(/misses the `:`/);
    expect(d?.cause).toBeUndefined();
  });

  it('points at the opening quote of a value never closed, lines before the parser noticed', () => {
    const text = SNIPPETS['MISSING_CHAR:quote'];
    const [d] = diagnostics(text, 100);
    expect(d?.from).toBe(100 + text.length);
    expect(d?.cause).toEqual({ from: 100 + text.indexOf('"'), to: 101 + text.indexOf('"') });
  });

  it('points at the single quote too, and at the innermost unclosed quote', () => {
    const text = "type: agent\ndescription: 'one\nmodel: haiku\n";
    expect(diagnostics(text)[0]?.cause?.from).toBe(text.indexOf("'"));
  });

  it('points at an unclosed bracket, the inner one for each kind', () => {
    const seq = SNIPPETS['BAD_INDENT:flow'];
    expect(diagnostics(seq)[0]?.cause).toEqual({
      from: seq.indexOf('['),
      to: seq.indexOf('[') + 1,
    });
    const nested = 'type: agent\ntools: {fetch: [get, post\nmodel: haiku\n';
    const causes = diagnostics(nested).map((d) => [d.message.slice(0, 9), d.cause?.from]);
    expect(causes).toEqual([
      ['Flow sequ', nested.indexOf('[')],
      ['Flow map ', nested.indexOf('{')],
    ]);
  });

  it('gives no cause when the cause is on the line the parser names', () => {
    // The quote opens and the text ends on the same line: the error line is the cause line.
    expect(diagnostics('model: "haiku')[0]?.cause).toBeUndefined();
    expect(diagnostics('servers: [a, b')[0]?.cause).toBeUndefined();
    expect(diagnostics('{model: a, model: b}')[0]?.cause).toBeUndefined();
  });

  it('points a duplicate key at the first one', () => {
    const text = SNIPPETS.DUPLICATE_KEY;
    expect(diagnostics(text)[0]?.cause).toEqual({ from: 12, to: 17 });
  });

  it('has no hint for errors outside the table', () => {
    const [d] = diagnostics('model: !a !b haiku\n');
    expect(d).toMatchObject({ code: 'yaml-syntax', message: 'A node can have at most one tag' });
    expect(yamlHintText(d!.hintKey!)).toBeUndefined();
    expect(d).not.toHaveProperty('cause');
    const [located] = checkLoadSet({ 'a.yaml': 'type: agent\nmodel: !a !b haiku\n' }).diagnostics;
    expect(located).toMatchObject({ code: 'yaml-syntax', line: 2 });
    expect(located).not.toHaveProperty('hint');
  });

  it('gives no hint for a key that only an object prototype has', () => {
    expect(yamlHintText('constructor')).toBeUndefined();
    expect(yamlHintText('toString')).toBeUndefined();
  });

  it('reaches the checked result with the cause located, in a Markdown card', () => {
    const text = '---\ntype: agent\nname: "post_writer\nmodel: haiku\n---\nWrite posts.\n';
    const [d] = checkLoadSet({ 'a.md': text }).diagnostics;
    expect(d).toMatchObject({ code: 'yaml-syntax', line: 5, cause: { line: 3, column: 7 } });
    expect(d?.hint).toBe(YAML_HINTS['MISSING_CHAR:quote']);
  });

  it('moves the cause with its card when an earlier card changes length (cached drafts)', () => {
    const good = '---\ntype: agent\nname: a\n---\nA.\n';
    const bad = '---\ntype: agent\nname: b\ndescription: "never closed\nmodel: haiku\n---\nB.\n';
    const checker = new Checker();
    const before = checker.check({ 'a.md': good + bad }).diagnostics.find((d) => d.cause)!;
    const after = checker.check({ 'a.md': good.replace('A.', 'A.\n\nMore.') + bad });
    const moved = after.diagnostics.find((d) => d.cause)!;
    expect(before.cause!.line).toBe(9);
    expect(moved.cause!.line).toBe(11);
    expect(moved.line - moved.cause!.line).toBe(before.line - before.cause!.line);
  });
});
