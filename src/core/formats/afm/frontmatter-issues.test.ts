import { describe, expect, it } from 'vitest';
import { analyzeAfm } from './analyze-afm.ts';

/** Every non-info diagnostic of one current-shape file: code, message and the text its range covers. */
function problems(
  yaml: string,
  interfaces = '[{type: consolechat}]',
): Array<[code: string, message: string, at: string]> {
  const text = `---\ninterfaces: ${interfaces}\n${yaml}\n---\n# Role\nr\n# Instructions\ni\n`;
  const analysis = analyzeAfm(
    { entry: 'agent.afm.md', files: { 'agent.afm.md': text } },
    { read: () => undefined, paths: [] },
  );
  return analysis.diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => [d.code, d.message, text.slice(d.from, d.to)]);
}

describe('the issues of the AFM frontmatter schema, worded at their nodes', () => {
  it('names an unknown field with a suggestion and every allowed field in the checker’s order', () => {
    expect(problems('nmae: Helper')).toEqual([
      [
        'unknown-field',
        "Unknown field 'nmae' in the frontmatter; did you mean 'name'? (allowed: spec_version, name, description, version, author, authors, license, model, max_iterations, tools, icon_url, provider, interfaces, skills)",
        'nmae',
      ],
    ]);
  });

  it('says a draft field is of the other shape, with the migration', () => {
    expect(problems('iconUrl: x')).toEqual([
      [
        'afm-mixed-shape',
        "'iconUrl' is a field of the draft shape, but this file is written in the current shape; write `icon_url`",
        'iconUrl',
      ],
    ]);
  });

  it('reports what an authentication type lacks even beside a badly typed field, in the case written', () => {
    expect(
      problems('model:\n  authentication: {type: Basic, username: 5, password: "${env:P}"}'),
    ).toEqual([['invalid-value', '`model.authentication.username` must be a string', '5']]);
    expect(problems('model:\n  authentication: {type: Basic, username: 5}')).toEqual([
      ['invalid-value', '`model.authentication.username` must be a string', '5'],
      ['afm-auth-missing-field', "Authentication type 'Basic' requires 'password'", 'Basic'],
    ]);
  });

  it('asks integers to be written as integers, and bounds them once', () => {
    expect(problems('max_iterations: 2.0')).toEqual([
      ['invalid-value', '`max_iterations` must be an integer', '2.0'],
    ]);
    expect(problems('max_iterations: 0')).toEqual([
      ['invalid-value', '`max_iterations` should be at least 1', '0'],
    ]);
  });

  it('points a missing field at the key its reader names, and a null list item where it is written', () => {
    expect(problems('tools:\n  mcp:\n    - name: a\n      transport: {command: c}')).toEqual([
      ['missing-field', "`transport` requires 'type' (http, stdio)", 'transport'],
    ]);
    expect(problems('x: &n null\ntools:\n  mcp: [*n]').slice(1)).toEqual([
      ['invalid-value', 'MCP server 1 must be a mapping', '*n'],
    ]);
  });

  it('bounds polling counts once, an integer written as a float being no integer', () => {
    const found = problems(
      'spec_version: "0.4.0"',
      '\n  - type: platformchat\n    platform: slack\n    mode: polling\n    polling: {interval: -1, timeout: -2.0}',
    ).filter(([code]) => code === 'invalid-value');
    expect(found).toEqual([
      ['invalid-value', '`polling.interval` must not be negative', '-1'],
      ['invalid-value', '`polling.timeout` must be an integer', '-2.0'],
    ]);
  });
});
