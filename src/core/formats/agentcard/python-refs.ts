/**
 * Python references of a card (function tools, hooks, command handlers), as the card analysis collects
 * them. The load-set's Python-references pass (`load-set/passes/python-refs.ts`) classifies and checks
 * them against the load-set.
 */

/** Where a Python reference was written. */
export type PythonRefKind = 'function_tools' | 'tool_hooks' | 'lifecycle_hooks' | 'commands';

/**
 * One Python reference of a card, classified. Nothing is ever imported (there is no Python here), so
 * `status` is always `unresolved`; for the file form, `file` is the path resolved against the card's folder
 * and `fileFound` / `defFound` say what the load-set shows.
 */
export interface PythonRef {
  kind: PythonRefKind;
  /** The hook point, command name or list index the reference sits at. */
  slot: string;
  ref: string;
  form: 'module' | 'file' | 'invalid';
  module?: string;
  file?: string;
  callable?: string;
  status: 'unresolved';
  fileFound?: boolean;
  defFound?: boolean;
}

/** A reference string found in a card, with the absolute range of its YAML value. */
export interface RefSite {
  kind: PythonRefKind;
  slot: string;
  ref: string;
  from: number;
  to: number;
}
