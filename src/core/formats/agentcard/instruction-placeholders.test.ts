import { describe, expect, it } from 'vitest';
import { instructionSegments } from './instruction-placeholders.ts';
import { FAST_AGENT_DEFAULT_INSTRUCTION } from './load-instruction.ts';

const placeholders = (text: string) =>
  instructionSegments(text)
    .filter((s) => s.placeholder)
    .map((s) => [s.text, s.placeholder!.when]);

describe('placeholders of an instruction', () => {
  it('finds each placeholder of the default instruction, all filled at run time', () => {
    expect(placeholders(FAST_AGENT_DEFAULT_INSTRUCTION)).toEqual([
      ['{{serverInstructions}}', 'run'],
      ['{{agentSkills}}', 'run'],
      ['{{file_silent:AGENTS.md}}', 'run'],
      ['{{env}}', 'run'],
      ['{{model_specific}}', 'run'],
      ['{{currentDate}}', 'run'],
    ]);
  });

  it('gives the text back when the segments are joined', () => {
    for (const text of [
      FAST_AGENT_DEFAULT_INSTRUCTION,
      '',
      'plain',
      '{{a}}',
      'x{{a}}{{b}}y',
      '{{ {{a}} }}',
    ])
      expect(
        instructionSegments(text)
          .map((s) => s.text)
          .join(''),
      ).toBe(text);
  });

  it('marks {{url:…}} as filled at load, and skips escaped templates', () => {
    expect(
      placeholders('a {{url:https://x.org/p}} \\{{serverInstructions}} {{url:ftp://y}}'),
    ).toEqual([
      ['{{url:https://x.org/p}}', 'load'],
      ['{{url:ftp://y}}', 'run'],
    ]);
  });

  it('says what fills a known placeholder, a file template and an unknown name', () => {
    const meaning = (text: string) => instructionSegments(text)[0]!.placeholder!.meaning;
    expect(meaning('{{serverInstructions}}')).toMatch(/MCP servers/);
    expect(meaning('{{file:docs/a.md}}')).toMatch(/docs\/a\.md.*fails when it is missing/);
    expect(meaning('{{file_silent:AGENTS.md}}')).toMatch(/AGENTS\.md.*nothing when it is missing/);
    expect(meaning('{{policy}}')).toMatch(/named policy.*stays as written/);
    expect(meaning('{{url:https://x.org}}')).toMatch(/fetches nothing/);
  });
});
