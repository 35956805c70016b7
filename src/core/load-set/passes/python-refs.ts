/**
 * The Python-references pass: every Python reference of a card (function tools, hooks, command
 * handlers) is classified and, for the file form, looked up in the load-set. Nothing is imported (there
 * is no Python here), so each is reported `unresolved-python-ref`, never silently accepted.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { PythonRef, RefSite } from '../../formats/agentcard/python-refs.ts';
import type { Profile } from '../../model/agent-types.ts';
import { dirname, extension, resolvePath } from '../../text/paths.ts';
import { isRefusal, outsideRootProblem, type ReadFileHook } from '../../model/read-hook.ts';

/** What checking one card's references needs: the card and the check. */
interface RefChecking {
  cardPath: string;
  cardName: string;
  profile: Profile;
  read: ReadFileHook;
  diagnostics: RawDiagnostic[];
}

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
 * Resolves every reference site of a card (`cardPath`, named `cardName`) as far as a backend-less checker
 * can, reporting each as `unresolved-python-ref`. A file-form function tool whose file is missing is an
 * error in the fast-agent profile (its validation scan fails) and part of the warning in the RFC one.
 * Answers the classified references and the problems, in site order. Never throws.
 */
export function resolveRefs(
  sites: readonly RefSite[],
  cardPath: string,
  cardName: string,
  profile: Profile,
  read: ReadFileHook,
): { refs: PythonRef[]; diagnostics: RawDiagnostic[] } {
  const refs: PythonRef[] = [];
  const c: RefChecking = { cardPath, cardName, profile, read, diagnostics: [] };
  for (const site of sites) {
    const ref: PythonRef = {
      kind: site.kind,
      slot: site.slot,
      status: 'unresolved',
      ...classifyRef(site.ref, cardPath, profile),
    };
    refs.push(ref);
    if (ref.form === 'invalid') checkInvalid(site, c);
    else if (ref.form === 'module') checkModule(site, ref, c);
    else checkFile(site, ref, c);
  }
  return { refs, diagnostics: c.diagnostics };
}

/** True when `source` has a top-level `def name(` or `async def name(`. */
export function definesFunction(source: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:async[ \\t]+)?def[ \\t]+${escaped}[ \\t]*\\(`, 'm').test(source);
}

/** fast-agent's validation scan fails a card on a bad function tool; elsewhere it is a warning. */
function isStrictScan(site: RefSite, profile: Profile): boolean {
  return profile === 'fast-agent' && site.kind === 'function_tools';
}

function checkInvalid(site: RefSite, c: RefChecking): void {
  const strictScan = isStrictScan(site, c.profile);
  c.diagnostics.push(
    problem(
      strictScan ? 'invalid-value' : 'unresolved-python-ref',
      `Python reference '${site.ref}' of '${c.cardName}' is not of the form \`file.py:function\` or \`package.module:function\``,
      site.from,
      site.to,
      strictScan ? 'error' : 'warning',
    ),
  );
}

function checkModule(site: RefSite, ref: PythonRef, c: RefChecking): void {
  const rfc = c.profile === 'rfc';
  const note = rfc
    ? '; fast-agent 0.10.9 has no module form and would look for a file named ' + `'${ref.module}'`
    : '';
  c.diagnostics.push(
    problem(
      'unresolved-python-ref',
      `'${c.cardName}': module reference '${site.ref}' is not resolved (no Python backend)${note}`,
      site.from,
      site.to,
    ),
  );
  if (rfc)
    c.diagnostics.push(
      problem(
        'portability',
        `fast-agent 0.10.9 reads '${site.ref}' as a file path, not a module`,
        site.from,
        site.to,
      ),
    );
}

function checkFile(site: RefSite, ref: PythonRef, c: RefChecking): void {
  const file = ref.file!;
  const answer = c.read(file);
  if (isRefusal(answer)) {
    ref.fileFound = false;
    c.diagnostics.push(outsideRootProblem(file, site.from, site.to));
    return;
  }
  ref.fileFound = answer !== undefined;
  if (answer !== undefined) checkDefinition(site, ref, answer, c);
  else checkMissingFile(site, file, c);
}

function checkDefinition(site: RefSite, ref: PythonRef, source: string, c: RefChecking): void {
  ref.defFound = definesFunction(source, ref.callable!);
  const state = ref.defFound
    ? `defines \`${ref.callable}\``
    : `has no top-level \`def ${ref.callable}\``;
  c.diagnostics.push(
    problem(
      'unresolved-python-ref',
      `'${c.cardName}': '${site.ref}' is not resolved (no Python backend); ${ref.file} ${state}`,
      site.from,
      site.to,
    ),
  );
  if (!ref.defFound)
    c.diagnostics.push(
      problem(
        'python-def-not-found',
        `${ref.file} has no top-level \`def ${ref.callable}\``,
        site.from,
        site.to,
        isStrictScan(site, c.profile) ? 'error' : 'warning',
      ),
    );
}

function checkMissingFile(site: RefSite, file: string, c: RefChecking): void {
  c.diagnostics.push(
    problem(
      'unresolved-python-ref',
      `'${c.cardName}': '${site.ref}' is not resolved (no Python backend); ${file} is not in the load-set`,
      site.from,
      site.to,
    ),
  );
  if (isStrictScan(site, c.profile))
    c.diagnostics.push(
      problem('python-file-not-found', `Function tool file not found: ${file}`, site.from, site.to),
    );
  if (extension(file) !== '.py' && c.profile === 'rfc')
    c.diagnostics.push(
      problem('portability', `fast-agent 0.10.9 expects a .py file here`, site.from, site.to),
    );
}
