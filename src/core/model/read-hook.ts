/**
 * The `readFile` hook's answers. The hook is the boundary between the pure core and whatever holds files
 * beyond the load-set (the disk on the command line, nothing in the browser): the core asks for files that
 * cards name (histories, `---RESOURCE` files, `{{file:…}}` templates, Python files, `fastagent.config.yaml`,
 * a TsAgent folder's `prompt.md`), and the hook decides what may be read.
 */
import { problem, type RawDiagnostic } from '../diagnostics.ts';

/**
 * The hook's answer when it will not read a path:
 * - `outside-root`: the path lies outside the load-set root (or is not a regular file). The core reports
 *   `path-outside-root` at the reference and goes on without the content.
 * - `too-large`: the file has `size` bytes, more than the host reads (`limit` bytes). The core reports
 *   `input-too-large` on the file.
 */
export type ReadRefusal =
  | { readonly refused: 'outside-root' }
  | { readonly refused: 'too-large'; readonly size: number; readonly limit: number };

/**
 * Reads a file outside the load-set by load-set path (`/`-separated, normalised; may start with `../` or
 * `/`). Returns the text, undefined when there is no such file, or a `ReadRefusal`. Must not throw, and
 * must answer `OUTSIDE_ROOT` for a refused path whether or not it exists, so that the diagnostic tells an
 * attacker nothing about files outside the root.
 */
export type ReadFileHook = (path: string) => string | undefined | ReadRefusal;

/** The refusal for a path outside the load-set root (one frozen value; compare with `isRefusal`). */
export const OUTSIDE_ROOT: ReadRefusal = Object.freeze({ refused: 'outside-root' });

/** True when a hook's answer is a refusal rather than text or "absent". */
export function isRefusal(answer: unknown): answer is ReadRefusal {
  return typeof answer === 'object' && answer !== null && Object.hasOwn(answer, 'refused');
}

/**
 * The `path-outside-root` warning for a reference at `[from, to)` to `target` (its load-set path). Worded
 * from the reference alone, never from what is on the disk.
 */
export function outsideRootProblem(target: string, from: number, to: number): RawDiagnostic {
  return problem(
    'path-outside-root',
    `${target} is outside the load-set root (or not a regular file), so it is not read`,
    from,
    to,
  );
}
