import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import { dirname, extension, resolvePath } from '../../load-set/paths.ts';
import { isRefusal, outsideRootProblem, type ReadFileHook } from '../../load-set/read-hook.ts';
import type { Profile } from '../../model/agent-types.ts';

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

/** Reads files of the load-set (or the host) by normalised path: see `ReadFileHook`. */
export type ReadFile = ReadFileHook;

/**
 * Classifies a reference per the RFC: a left side with `/` or `\` or ending in `.py` is a file path
 * (relative to the card's folder); otherwise a module path. fast-agent knows only the file form.
 */
export function classifyRef(
  ref: string,
  cardPath: string,
  profile: Profile,
): Omit<PythonRef, 'kind' | 'slot' | 'status'> {
  const trimmed = ref.trim();
  const colon = trimmed.lastIndexOf(':');
  if (colon <= 0 || colon === trimmed.length - 1) return { ref, form: 'invalid' };
  const left = trimmed.slice(0, colon);
  const callable = trimmed.slice(colon + 1).trim();
  const isFile =
    /[\\/]/.test(left) || left.toLowerCase().endsWith('.py') || profile === 'fast-agent';
  if (!isFile) return { ref, form: 'module', module: left, callable };
  return { ref, form: 'file', file: resolvePath(dirname(cardPath), left), callable };
}

/**
 * Resolves every reference site of a card as far as a backend-less checker can, reporting each as
 * `unresolved-python-ref` (never silently accepted). A file-form function tool whose file is missing is
 * an error in the fast-agent profile (its validation scan fails) and part of the warning in the RFC one.
 */
export function resolveRefs(
  sites: RefSite[],
  cardPath: string,
  cardName: string,
  profile: Profile,
  read: ReadFile,
): { refs: PythonRef[]; diagnostics: RawDiagnostic[] } {
  const refs: PythonRef[] = [];
  const diagnostics: RawDiagnostic[] = [];
  for (const site of sites) {
    const ref: PythonRef = {
      kind: site.kind,
      slot: site.slot,
      status: 'unresolved',
      ...classifyRef(site.ref, cardPath, profile),
    };
    refs.push(ref);
    const strictScan = profile === 'fast-agent' && site.kind === 'function_tools';
    if (ref.form === 'invalid') {
      diagnostics.push(
        problem(
          strictScan ? 'invalid-value' : 'unresolved-python-ref',
          `Python reference '${site.ref}' of '${cardName}' is not of the form \`file.py:function\` or \`package.module:function\``,
          site.from,
          site.to,
          strictScan ? 'error' : 'warning',
        ),
      );
      continue;
    }
    if (ref.form === 'module') {
      const note =
        profile === 'rfc'
          ? '; fast-agent 0.10.9 has no module form and would look for a file named ' +
            `'${ref.module}'`
          : '';
      diagnostics.push(
        problem(
          'unresolved-python-ref',
          `'${cardName}': module reference '${site.ref}' is not resolved (no Python backend)${note}`,
          site.from,
          site.to,
        ),
      );
      if (profile === 'rfc')
        diagnostics.push(
          problem(
            'portability',
            `fast-agent 0.10.9 reads '${site.ref}' as a file path, not a module`,
            site.from,
            site.to,
          ),
        );
      continue;
    }
    const answer = read(ref.file!);
    if (isRefusal(answer)) {
      ref.fileFound = false;
      diagnostics.push(outsideRootProblem(ref.file!, site.from, site.to));
      continue;
    }
    const source = answer;
    ref.fileFound = source !== undefined;
    if (source !== undefined) {
      ref.defFound = definesFunction(source, ref.callable!);
      const state = ref.defFound
        ? `defines \`${ref.callable}\``
        : `has no top-level \`def ${ref.callable}\``;
      diagnostics.push(
        problem(
          'unresolved-python-ref',
          `'${cardName}': '${site.ref}' is not resolved (no Python backend); ${ref.file} ${state}`,
          site.from,
          site.to,
        ),
      );
      if (!ref.defFound) {
        diagnostics.push(
          problem(
            'python-def-not-found',
            `${ref.file} has no top-level \`def ${ref.callable}\``,
            site.from,
            site.to,
            strictScan ? 'error' : 'warning',
          ),
        );
      }
      continue;
    }
    diagnostics.push(
      problem(
        'unresolved-python-ref',
        `'${cardName}': '${site.ref}' is not resolved (no Python backend); ${ref.file} is not in the load-set`,
        site.from,
        site.to,
      ),
    );
    if (strictScan)
      diagnostics.push(
        problem(
          'python-file-not-found',
          `Function tool file not found: ${ref.file}`,
          site.from,
          site.to,
        ),
      );
    if (extension(ref.file!) !== '.py' && profile === 'rfc') {
      diagnostics.push(
        problem('portability', `fast-agent 0.10.9 expects a .py file here`, site.from, site.to),
      );
    }
  }
  return { refs, diagnostics };
}

/** True when `source` has a top-level `def name(` or `async def name(`. */
export function definesFunction(source: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:async[ \\t]+)?def[ \\t]+${escaped}[ \\t]*\\(`, 'm').test(source);
}
