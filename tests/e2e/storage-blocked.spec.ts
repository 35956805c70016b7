import { expect, test, type BrowserContext } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const CARD_WITH_TYPO = `---
type: agnet
name: offline
---
Works without storage.
`;

/** Ways a browser refuses IndexedDB, each installed before any page script runs. */
const BLOCKERS: { name: string; install: (context: BrowserContext) => Promise<unknown> }[] = [
  {
    name: 'indexedDB.open throws',
    install: (context) =>
      context.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException(
            'The user denied permission to access the database.',
            'SecurityError',
          );
        };
      }),
  },
  {
    name: 'indexedDB.open fails asynchronously',
    install: (context) =>
      context.addInitScript(() => {
        // A request that fails, as Firefox's private mode used to answer (its handlers are plain fields).
        IDBFactory.prototype.open = () => {
          const request = {
            error: new DOMException('Storage is disabled.', 'InvalidStateError'),
            result: undefined,
            onerror: null as ((event: Event) => void) | null,
          };
          setTimeout(() => request.onerror?.(new Event('error')));
          return request as unknown as IDBOpenDBRequest;
        };
      }),
  },
  {
    name: 'window.indexedDB is missing',
    install: (context) =>
      context.addInitScript(() => {
        delete (window as { indexedDB?: unknown }).indexedDB;
        Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
      }),
  },
];

test.describe('When the browser blocks storage', () => {
  for (const blocker of BLOCKERS) {
    test(`(${blocker.name}) a banner says saving is off and editing and checking still work`, async ({
      page,
      context,
    }) => {
      await blocker.install(context);
      const playground = new PlaygroundPage(page);
      await playground.open();

      await expect(playground.banner(/Saving is off/)).toBeVisible();

      await playground.replaceText(CARD_WITH_TYPO);
      await playground.waitForChecked();
      await expect(playground.diagnostics('unknown-type')).toHaveCount(1);
      await expect(playground.errorSquiggles).toHaveCount(1);

      await playground.replaceText(CARD_WITH_TYPO.replace('agnet', 'agent'));
      await playground.waitForChecked();
      await expect(playground.diagnostics('unknown-type')).toHaveCount(0);
      await expect(playground.errorSquiggles).toHaveCount(0);
      await playground.expectText(CARD_WITH_TYPO.replace('agnet', 'agent'));
      expect(playground.errors).toEqual([]);
    });
  }

  test('the status line does not claim the work is saved', async ({ page, context }) => {
    await BLOCKERS[0]!.install(context);
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expect(playground.banner(/Saving is off/)).toBeVisible();

    await playground.replaceText(CARD_WITH_TYPO);
    await playground.waitForChecked();
    // Once the autosave has run (the status no longer says "unsaved"), it must say the truth.
    await expect(playground.status).not.toContainText('unsaved');
    expect(await playground.status.textContent()).toContain('not saved (in memory)');
  });
});
