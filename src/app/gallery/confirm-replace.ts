/**
 * The question asked before an example opens over the Examples workspace the user has changed (through the
 * playground's own dialog, `dialogs/questions.svelte.ts`). Answering yes keeps the changed version as a
 * workspace of its own, so nothing is lost either way.
 */
import { questions } from '../dialogs/questions.svelte.ts';
import type { Example } from '../examples.ts';

/** Asks whether to open `example` in place of the edited Examples workspace called `edited`. */
export function confirmExampleReplace(edited: string, example: Example): Promise<boolean> {
  return questions.confirm({
    title: 'Open another example?',
    message: `You have changed the Examples workspace ("${edited}"). Opening "${example.title}" keeps your version as a workspace of its own.`,
    confirmLabel: 'Open example',
  });
}
