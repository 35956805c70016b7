import { describe, expect, it } from 'vitest';
import { Questions } from './questions.svelte.ts';

describe('Questions', () => {
  it('shows a confirmation until it is answered, then resolves with the answer', async () => {
    const questions = new Questions();
    const asked = questions.confirm({ title: 'Delete', message: 'Sure?', confirmLabel: 'Delete' });
    expect(questions.current).toMatchObject({ kind: 'confirm', title: 'Delete' });
    if (questions.current?.kind === 'confirm') questions.current.answer(true);
    expect(await asked).toBe(true);
    expect(questions.current).toBeNull();
  });

  it('resolves a text question with the text, or null when cancelled', async () => {
    const questions = new Questions();
    const named = questions.askText({
      title: 'Rename',
      label: 'Name',
      value: 'a',
      confirmLabel: 'OK',
    });
    if (questions.current?.kind === 'text') questions.current.answer('b');
    expect(await named).toBe('b');
    const cancelled = questions.askText({
      title: 'Rename',
      label: 'Name',
      value: 'a',
      confirmLabel: 'OK',
    });
    questions.cancel();
    expect(await cancelled).toBeNull();
  });

  it('cancels the open question when another is asked, and takes only the first answer', async () => {
    const questions = new Questions();
    const first = questions.confirm({ title: '1', message: '', confirmLabel: 'Yes' });
    const open = questions.current;
    const second = questions.confirm({ title: '2', message: '', confirmLabel: 'Yes' });
    expect(await first).toBe(false);
    if (open?.kind === 'confirm') open.answer(true);
    expect(questions.current).toMatchObject({ title: '2' });
    questions.cancel();
    expect(await second).toBe(false);
  });
});
