import { expect, type Locator } from '@playwright/test';

/**
 * Checks that `button` opens `dialog` again when clicked right after the dialog closed, each way: Escape
 * (as `requestClose()` does it) and the dialog's Close button (its text, or its label, starts with
 * "Close"). The click comes in the same task as the close, before the dialog's close event (a task
 * later), which had left the app thinking the dialog was still shown, so the click was lost. The dialog
 * must be open once the click's microtasks have run, and still open after the late close event of the
 * one that closed. When `dialog` is not open yet, a click on `button` opens it first.
 */
export async function expectReopensRightAfterClose(
  button: Locator,
  dialog: Locator,
): Promise<void> {
  if (!(await dialog.isVisible())) {
    await button.click();
    await expect(dialog).toBeVisible();
  }
  for (const how of ['Escape', 'Close'] as const) {
    const reopened = await button.evaluate(async (opener, how) => {
      const open = document.querySelector<HTMLDialogElement>('dialog[open]')!;
      if (how === 'Escape') (open as HTMLDialogElement & { requestClose(): void }).requestClose();
      else
        [...open.querySelectorAll('button')]
          .find(
            (b) =>
              b.textContent?.trim() === 'Close' ||
              b.getAttribute('aria-label')?.startsWith('Close'),
          )!
          .click();
      (opener as HTMLButtonElement).click();
      for (let i = 0; i < 10; i++) await Promise.resolve();
      return document.querySelector('dialog[open]') !== null;
    }, how);
    expect(reopened, how).toBe(true);
    await button.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(dialog, how).toBeVisible();
  }
}
