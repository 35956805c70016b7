import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../index.ts';
import { expandEnv, expandInstruction } from './env.ts';

const ENV = { MODEL: 'haiku', EMPTY: '' };

describe('expandEnv (fast-agent resolve_env_vars)', () => {
  it('expands set variables, takes the default of unset ones and keeps an unset one without default', () => {
    expect(expandEnv('${MODEL} ${TEAM:ops} ${UNSET}', ENV)).toBe('haiku ops ${UNSET}');
  });

  it('reads the name up to the first } and splits it at the first :', () => {
    expect(expandEnv('${DESK-SHIFT:night} ${A:b:c} ${EMPTY:fallback} ${NONE:}', ENV)).toBe(
      'night b:c  ',
    );
  });

  it('expands values in lists and mappings, never the keys', () => {
    expect(expandEnv({ '${MODEL}': ['${MODEL}', 1, true, null] }, ENV)).toEqual({
      '${MODEL}': ['haiku', 1, true, null],
    });
  });
});

describe('expandInstruction', () => {
  const draft = (instruction: unknown, own: string | null, fromBody = false) => ({
    fields: { instruction },
    ranges: {
      instruction: { key: [0, 11] as [number, number], value: [13, 30] as [number, number] },
    },
    instruction: own,
    instructionFromBody: fromBody,
  });

  it('expands the field, then strips it, as fast-agent strips after expanding', () => {
    expect(expandInstruction(draft('${PAD:  x  }', '${PAD:  x  }'), ENV)).toEqual({
      instruction: 'x',
      diagnostics: [],
    });
  });

  it('reports an instruction that is blank only once expanded at the value', () => {
    const { instruction, diagnostics } = expandInstruction(draft('${EMPTY}', '${EMPTY}'), ENV);
    expect(instruction).toBe('');
    expect(diagnostics.map((d) => [d.code, d.severity, d.from, d.to])).toEqual([
      ['invalid-value', 'error', 13, 30],
    ]);
  });

  it('leaves the body part of a conflicting instruction as written', () => {
    expect(expandInstruction(draft('${MODEL}', '${MODEL}\nbody ${MODEL}', true), ENV)).toEqual({
      instruction: 'haiku\nbody ${MODEL}',
      diagnostics: [],
    });
  });
});

describe('the fast-agent profile reads `messages` with the environment expanded', () => {
  it('loads the history file a ${VAR:default} names, and gives it no not-a-card note', () => {
    const files = {
      'desk.md': '---\nname: desk\nmessages: "${DESK_HISTORY:notes.md}"\n---\nHelp.\n',
      'notes.md': 'Who is on shift?\n',
    };
    const paths = Object.keys(files);
    const result = checkLoadSet(files, {
      profile: 'fast-agent',
      env: {},
      cards: paths,
      discovered: paths,
    });
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([]);
    expect(result.compiled.find((a) => a.name === 'desk')?.history).toEqual([
      { role: 'user', content: 'Who is on shift?\n' },
    ]);
  });
});
