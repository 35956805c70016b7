/**
 * The questions the playground asks (confirm a deletion, name a workspace), answered in its own modal dialog
 * (`QuestionDialog.svelte`) instead of the browser's `confirm()` and `prompt()`, which block the page, cannot be
 * styled or themed, and are skipped by some browsers. One question at a time: asking while one is open answers
 * the open one as cancelled first.
 */

/** A question to confirm or cancel. */
export interface ConfirmQuestion {
  kind: 'confirm';
  title: string;
  message: string;
  /** The label of the button that confirms (e.g. "Delete"). */
  confirmLabel: string;
}

/** A question answered with a line of text. */
export interface TextQuestion {
  kind: 'text';
  title: string;
  /** The label of the text field. */
  label: string;
  /** The text the field starts with. */
  value: string;
  confirmLabel: string;
}

/** A question and how to answer it: `true`/the text when confirmed, `false`/null when cancelled. */
export type OpenQuestion =
  | (ConfirmQuestion & { answer: (confirmed: boolean) => void })
  | (TextQuestion & { answer: (text: string | null) => void });

/** The questions asked so far: the open one, if any, which the dialog shows. */
export class Questions {
  /** The question shown now, or null. */
  current = $state<OpenQuestion | null>(null);

  /** Asks for confirmation; resolves to true when confirmed, false when cancelled (Escape, Cancel). */
  confirm(question: Omit<ConfirmQuestion, 'kind'>): Promise<boolean> {
    this.cancel();
    return new Promise((resolve) => {
      this.current = { ...question, kind: 'confirm', answer: this.answering(resolve) };
    });
  }

  /** Asks for a line of text; resolves to the text when confirmed, null when cancelled. */
  askText(question: Omit<TextQuestion, 'kind'>): Promise<string | null> {
    this.cancel();
    return new Promise((resolve) => {
      this.current = { ...question, kind: 'text', answer: this.answering(resolve) };
    });
  }

  /** Answers the open question, if any, as cancelled. */
  cancel(): void {
    const open = this.current;
    if (open?.kind === 'confirm') open.answer(false);
    else if (open?.kind === 'text') open.answer(null);
  }

  /** Wraps `resolve` so that the first answer closes the question and later ones do nothing. */
  private answering<T>(resolve: (value: T) => void): (value: T) => void {
    let answered = false;
    return (value) => {
      if (answered) return;
      answered = true;
      this.current = null;
      resolve(value);
    };
  }
}

/** The playground's questions (one dialog per page). */
export const questions = new Questions();
