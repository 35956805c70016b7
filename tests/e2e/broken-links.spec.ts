import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const OWN_CARD = `---
type: agent
name: keeper
---
Work that a broken link must not replace.
`;

/** Flips one character of the payload, halfway along, to another base64url character. */
function flipMiddle(link: string): string {
  const start = link.indexOf('#v1:') + '#v1:'.length;
  const at = start + Math.floor((link.length - start) / 2);
  const flipped = link[at] === 'A' ? 'B' : 'A';
  return link.slice(0, at) + flipped + link.slice(at + 1);
}

/** Cuts the payload in half. */
function truncate(link: string): string {
  const start = link.indexOf('#v1:') + '#v1:'.length;
  return link.slice(0, start + Math.floor((link.length - start) / 2));
}

const BROKEN: { name: string; make: (link: string) => string; message: RegExp }[] = [
  { name: 'a character changed in the middle', make: flipMiddle, message: /damaged|incomplete/ },
  { name: 'the second half cut off', make: truncate, message: /incomplete|end is missing/ },
  { name: 'an unknown format version', make: () => '/#v2:abc', message: /format "v2"/ },
];

// What the banner says for only stray characters after #v1: and for nothing after it is checked by the unit
// tests of AgentModel (src/app/state/agent-model.test.ts); this story shows such a banner in the page.
test.describe('Opening a broken link', () => {
  test('a damaged, a cut or an unknown-version link explains why and opens the last workspace', async ({
    page,
  }) => {
    // One workspace and one link for every kind of damage: opening a broken link must leave both as
    // they were, which each step checks before the next one relies on it.
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('keeper.md');
    await playground.replaceText(OWN_CARD);
    const files = await playground.filePaths();
    const link = await playground.shareLink();
    await playground.waitForSaved();

    for (const broken of BROKEN) {
      await test.step(`with ${broken.name}`, async () => {
        await page.goto('about:blank');
        await playground.open(broken.make(link));

        const banner = playground.banner(/could not be opened/);
        await expect(banner).toBeVisible();
        await expect(banner).toHaveText(broken.message);
        await expect(banner).toHaveAttribute('role', 'alert');
        expect(await playground.filePaths()).toEqual(files);
        await expect(playground.activeFile).toHaveText('keeper.md');
        await playground.expectText(OWN_CARD);
        expect(await playground.workspaceOptions()).not.toContainEqual(
          expect.stringMatching(/\(shared\)/),
        );
      });
    }
    expect(playground.errors).toEqual([]);
  });
});
