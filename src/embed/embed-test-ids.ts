/** Test ids of the embed view, shared by its components and the Playwright specs (beside the app's `TEST_IDS`). */
export const EMBED_TEST_IDS = {
  root: 'embed',
  fileTab: 'embed-file-tab',
  /** The name of the only file, shown instead of tabs. */
  file: 'embed-file',
  openLink: 'embed-open-link',
  /** `load=click`: the Try it button, the page around it and the card's code before the playground loads. */
  loadButton: 'embed-load-button',
  staticView: 'embed-static',
  staticCode: 'embed-static-code',
  waiting: 'embed-waiting',
  counts: 'embed-counts',
} as const;
