/** Test ids of the embed view, shared by its components and the Playwright specs (beside the app's `TEST_IDS`). */
export const EMBED_TEST_IDS = {
  root: 'embed',
  fileTab: 'embed-file-tab',
  /** The name of the only file, shown instead of tabs. */
  file: 'embed-file',
  openLink: 'embed-open-link',
  loadButton: 'embed-load-button',
  waiting: 'embed-waiting',
  counts: 'embed-counts',
} as const;
