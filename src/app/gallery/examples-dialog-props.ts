import type { Example } from '../examples.ts';

/** The props of `ExamplesDialog.svelte`, typed here so the app can name them without loading the dialog. */
export interface ExamplesDialogProps {
  /** The id of the example the Examples workspace shows unedited now, if it is the open workspace. */
  current?: string | undefined;
  /** An example was chosen (the dialog has closed). */
  onpick: (example: Example) => void;
  /** The dialog closed, with or without a choice. */
  onclose: () => void;
}
