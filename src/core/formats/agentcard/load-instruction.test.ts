import { describe, expect, it } from 'vitest';
import { checkLoadSet, type CheckOptions } from '../../load-set/check-load-set.ts';
import { CARD_TYPES } from '../../model/agent-types.ts';
import {
  applyLoadTemplates,
  FAST_AGENT_DEFAULT_INSTRUCTION,
  fastAgentDate,
  localCalendarDate,
} from './load-instruction.ts';

/** A card of each type with every field its type requires, and no instruction. */
const BARE: Record<(typeof CARD_TYPES)[number], string> = {
  agent: 'type: agent\nname: x\n',
  chain: 'type: chain\nname: x\nsequence: [a]\n',
  parallel: 'type: parallel\nname: x\nfan_out: [a]\n',
  evaluator_optimizer: 'type: evaluator_optimizer\nname: x\ngenerator: a\nevaluator: a\n',
  router: 'type: router\nname: x\nagents: [a]\n',
  orchestrator: 'type: orchestrator\nname: x\nagents: [a]\n',
  iterative_planner: 'type: iterative_planner\nname: x\nagents: [a]\n',
  MAKER: 'type: MAKER\nname: x\nworker: a\n',
};

function compile(files: Record<string, string>, options: CheckOptions) {
  const result = checkLoadSet(
    { 'a.yaml': 'type: agent\nname: a\ninstruction: A.\n', ...files },
    options,
  );
  const agent = result.compiled.find((a) => a.name === 'x');
  const config = agent?.data['config'] as {
    instruction: unknown;
    default_request_params: Record<string, unknown>;
  };
  const notes = result.diagnostics.filter((d) => d.file === 'x.yaml' || d.file === 'x.md');
  return { config, notes, errors: result.diagnostics.filter((d) => d.severity === 'error') };
}

describe('the instruction a card compiles to', () => {
  it('is fast-agent 0.10.9 default instruction for every card type without one (fast-agent profile)', () => {
    for (const [type, text] of Object.entries(BARE)) {
      const { config, notes, errors } = compile({ 'x.yaml': text }, { profile: 'fast-agent' });
      expect(errors, type).toEqual([]);
      expect(config.instruction, type).toBe(FAST_AGENT_DEFAULT_INSTRUCTION);
      expect(config.default_request_params['systemPrompt'], type).toBe(
        FAST_AGENT_DEFAULT_INSTRUCTION,
      );
      expect(notes, type).toEqual([]);
    }
    const { config } = compile(
      { 'x.md': '---\nname: x\n---\n---SYSTEM\n\n' },
      { profile: 'fast-agent' },
    );
    expect(config.instruction).toBe(FAST_AGENT_DEFAULT_INSTRUCTION);
  });

  it('keeps the default instruction a template, its {{currentDate}} for run time', () => {
    expect(
      FAST_AGENT_DEFAULT_INSTRUCTION.startsWith(
        'You are a helpful AI Agent.\n\n{{serverInstructions}}\n',
      ),
    ).toBe(true);
    const { config } = compile(
      { 'x.yaml': BARE.agent },
      { profile: 'fast-agent', today: '2025-07-24' },
    );
    expect(config.instruction).toBe(FAST_AGENT_DEFAULT_INSTRUCTION);
    expect(String(config.instruction).endsWith('The current date is {{currentDate}}.')).toBe(true);
  });

  it('is null for every card type without one in the rfc profile, with a note on the card naming the default', () => {
    for (const [type, text] of Object.entries(BARE)) {
      const { config, notes } = compile({ 'x.yaml': text }, { profile: 'rfc' });
      expect(config.instruction, type).toBeNull();
      expect(config.default_request_params['systemPrompt'], type).toBeUndefined();
      expect(
        notes.map((d) => [d.code, d.severity, d.line, d.column, d.endColumn, d.card]),
        type,
      ).toEqual([['default-instruction', 'info', 2, 7, 8, 'x']]);
      expect(notes[0]!.message).toContain('You are a helpful AI Agent.');
    }
  });

  it('has no default-instruction note when the card gives one', () => {
    expect(compile({ 'x.yaml': 'type: agent\nname: x\ninstruction: Hi.\n' }, {}).notes).toEqual([]);
    expect(compile({ 'x.md': '---\ntype: agent\nname: x\n---\nHi.\n' }, {}).notes).toEqual([]);
  });

  it('expands {{currentDate}} in a card own instruction to the given day, as fast-agent writes it', () => {
    const md = { 'x.md': '---\nname: x\n---\nToday is {{currentDate}}; again {{currentDate}}.\n' };
    const { config, notes } = compile(md, { profile: 'fast-agent', today: '2025-07-04' });
    expect(config.instruction).toBe('Today is 04 July 2025; again 04 July 2025.');
    expect(config.default_request_params['systemPrompt']).toBe(config.instruction);
    expect(notes).toEqual([]);
    const field = compile(
      { 'x.yaml': 'name: x\ninstruction: "On {{currentDate}}"\n' },
      {
        profile: 'fast-agent',
        today: '2024-02-29',
      },
    );
    expect(field.config.instruction).toBe('On 29 February 2024');
  });

  it('keeps {{currentDate}} as written without a day, and in the rfc profile', () => {
    const md = { 'x.md': '---\nname: x\n---\nToday is {{currentDate}}.\n' };
    expect(compile(md, { profile: 'fast-agent' }).config.instruction).toBe(
      'Today is {{currentDate}}.',
    );
    expect(compile(md, { profile: 'rfc', today: '2025-07-24' }).config.instruction).toBe(
      'Today is {{currentDate}}.',
    );
  });

  it('leaves run-time placeholders and escaped templates as written', () => {
    const md = {
      'x.md':
        '---\nname: x\n---\n{{currentDate}} {{serverInstructions}} {{file_silent:AGENTS.md}} \\{{currentDate}} {{ currentDate }}\n',
    };
    expect(compile(md, { profile: 'fast-agent', today: '2025-07-24' }).config.instruction).toBe(
      '24 July 2025 {{serverInstructions}} {{file_silent:AGENTS.md}} \\{{currentDate}} {{ currentDate }}',
    );
  });

  it('leaves {{url:…}} as written, with a note at each template that fast-agent would fetch it (fast-agent profile)', () => {
    const text =
      '---\ntype: agent\nname: x\n---\nRead {{url:https://example.com/a.md}}\nthen {{url:http://example.com/b}} and {{url:ftp://c}}.\n';
    const { config, notes } = compile({ 'x.md': text }, { profile: 'fast-agent' });
    expect(config.instruction).toBe(
      'Read {{url:https://example.com/a.md}}\nthen {{url:http://example.com/b}} and {{url:ftp://c}}.',
    );
    expect(
      notes.map((d) => [d.code, d.severity, d.line, d.column, d.endLine, d.endColumn]),
    ).toEqual([
      ['url-template', 'info', 5, 6, 5, 38],
      ['url-template', 'info', 6, 6, 6, 34],
    ]);
    expect(notes[0]!.message).toContain('https://example.com/a.md');
    const rfc = compile({ 'x.md': text }, { profile: 'rfc' });
    expect(rfc.notes).toEqual([]);
  });

  it('points the url note at the template inside an instruction field', () => {
    const text = 'name: x\ninstruction: |\n  See {{url:https://example.com/x}} now.\n';
    const { notes } = compile({ 'x.yaml': text }, { profile: 'fast-agent' });
    expect(notes.map((d) => [d.code, d.line, d.column, d.endColumn])).toEqual([
      ['url-template', 3, 7, 36],
    ]);
  });
});

describe('load-time templates', () => {
  it('write the date as Python %d %B %Y: two-digit day, English month, year', () => {
    expect(fastAgentDate('2025-07-24')).toBe('24 July 2025');
    expect(fastAgentDate('2026-01-05')).toBe('05 January 2026');
    expect(fastAgentDate('2024-12-31')).toBe('31 December 2024');
  });

  it('refuse a day that is not a real YYYY-MM-DD date at once (a programmer error)', () => {
    for (const bad of ['2025-7-24', '2025-02-30', '2025-13-01', '24 July 2025', ''])
      expect(() => fastAgentDate(bad), bad).toThrow(RangeError);
    expect(() => checkLoadSet({}, { today: 'yesterday' })).toThrow(RangeError);
  });

  it('take the local calendar day of a clock reading', () => {
    expect(localCalendarDate(new Date(2025, 6, 4, 23, 59))).toBe('2025-07-04');
    expect(localCalendarDate(new Date(999, 0, 1))).toBe('0999-01-01');
  });

  it('keep escapes as written and list the url templates they would fetch', () => {
    expect(applyLoadTemplates('\\{{url:https://a}} {{url:https://b}} \\}}', '1 May 2025')).toEqual({
      text: '\\{{url:https://a}} {{url:https://b}} \\}}',
      urls: ['{{url:https://b}}'],
    });
    const odd = 'x \ue000 {{currentDate}} \ue001 \\{{currentDate}}';
    expect(applyLoadTemplates(odd, 'D').text).toBe('x \ue000 D \ue001 \\{{currentDate}}');
  });
});
