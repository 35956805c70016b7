import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

test('the playground opens with its title and logs no console error', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();

  await expect(playground.heading).toBeVisible();
  await expect(playground.heading).toHaveText('AgentCard Playground');
  expect(playground.errors).toEqual([]);
});
