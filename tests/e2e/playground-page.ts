/**
 * Page object for the playground: what a user sees and does, so specs read as user stories.
 */
import type { Locator, Page } from '@playwright/test';

/** The playground page, with every console error and uncaught exception it produced. */
export class PlaygroundPage {
  /** The page's main heading. */
  readonly heading: Locator;
  /** Console errors and uncaught exceptions, in order, since this object was made. */
  readonly errors: string[] = [];

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`uncaught: ${error.message}`));
  }

  /** Opens the playground and waits until it has loaded. */
  async open(): Promise<void> {
    await this.page.goto('/', { waitUntil: 'load' });
  }
}
