/**
 * The one "Examples" scratch workspace: every example opens in it, so opening examples adds at most one
 * workspace. It is known by a fixed id. While it holds an example exactly as shipped (same name, files and
 * formats) it is unedited and the next example simply replaces it; once the user has changed it, the model
 * asks first and keeps the changed version as a workspace of its own (`keptCopy`).
 */
import type { Profile } from '../../core/index.ts';
import { EXAMPLES, type Example } from '../examples.ts';
import { makeWorkspace } from './workspace-files.ts';
import type { Workspace } from './workspace-types.ts';

/** The id of the Examples scratch workspace. */
export const EXAMPLES_WORKSPACE_ID = 'examples';

/** The name of the scratch workspace while it holds `example`: "Chain bundle (example)". */
export function exampleWorkspaceName(example: Example): string {
  return `${example.title} (example)`;
}

/**
 * The scratch workspace holding `example`: the fixed id, and `base`'s revision and reload mode when it replaces
 * a stored one (so that its save is a compare-and-set on that revision), else revision 0.
 */
export function exampleWorkspace(
  example: Example,
  profile: Profile,
  base?: Pick<Workspace, 'revision' | 'reloadMode'>,
): Workspace {
  const ws = makeWorkspace(exampleWorkspaceName(example), example.files, example.active, profile);
  return {
    ...ws,
    id: EXAMPLES_WORKSPACE_ID,
    revision: base?.revision ?? 0,
    reloadMode: base?.reloadMode ?? ws.reloadMode,
  };
}

/**
 * The example `ws` holds unedited (its name, files and chosen formats as the example opened them), or
 * undefined when the user changed any of them. The profile, reload mode and which file is shown do not count.
 */
export function uneditedExample(ws: Workspace): Example | undefined {
  if (Object.keys(ws.formats ?? {}).length > 0) return undefined;
  return EXAMPLES.find((e) => exampleWorkspaceName(e) === ws.name && sameFiles(e.files, ws.files));
}

/**
 * The edited scratch workspace as a workspace of its own (a new id, never saved): named "… (edited)" when it
 * still had the example's name, else by the name the user gave it. Files, formats, settings and undo
 * history go with it.
 */
export function keptCopy(ws: Workspace): Workspace {
  const named = EXAMPLES.some((e) => exampleWorkspaceName(e) === ws.name);
  const copy = makeWorkspace(
    named ? `${ws.name} (edited)` : ws.name,
    ws.files,
    ws.active,
    ws.profile,
  );
  copy.reloadMode = ws.reloadMode;
  if (ws.formats) copy.formats = { ...ws.formats };
  if (ws.history) copy.history = { ...ws.history };
  return copy;
}

function sameFiles(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
  );
}
