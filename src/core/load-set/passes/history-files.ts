/**
 * The history-files pass: the files a card names in `messages` are read as histories (and, in the rfc
 * profile, are not cards), and their messages join the compiled agent's `history`.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { CardDraft } from '../../formats/agentcard/analyze-card-file.ts';
import type { FormatAnalysis } from '../../formats/format-module.ts';
import type { parseHistory } from '../../history/parse-history.ts';
import type { HistoryMessage, HistoryPart } from '../../history/history-message.ts';
import { dirname, resolvePath } from '../../text/paths.ts';
import { fileTargetProblem } from '../../fixes/file-targets.ts';
import type { Fix } from '../../fixes/fix.ts';
import { withFixes } from '../../fixes/typo-fix.ts';
import { isRefusal, outsideRootProblem, type ReadFileHook } from '../../model/read-hook.ts';

/** One message of a compiled agent's history, its parts flattened to text. */
export type FlatMessage = { role: 'user' | 'assistant'; content: string };

/** Parses a history file (through the checker's cache). */
export type HistoryParser = (
  path: string,
  text: string,
  read: ReadFileHook,
) => ReturnType<typeof parseHistory>;

/**
 * The load-set paths that the cards of `analyses` name in `messages` (a file naming itself excluded),
 * each `messages` value read through `read` (the fast-agent profile expands the environment in it).
 */
export function historyTargets(
  analyses: ReadonlyMap<string, FormatAnalysis>,
  read: (value: unknown) => unknown = (value) => value,
): Set<string> {
  const targets = new Set<string>();
  for (const [path, analysis] of analyses)
    for (const card of analysis.drafts ?? [])
      for (const entry of messageEntries(read(card.fields['messages']))) {
        const target = resolvePath(dirname(path), entry);
        if (target !== path) targets.add(target);
      }
  return targets;
}

/**
 * Loads the history of `draft` (a card of `file`): the files it names in `messages`, in order, then its
 * inline messages. A missing, refused or failing file adds a problem to `problems` at the entry; the
 * history file's own diagnostics are reported in that file.
 */
export function loadHistory(
  draft: CardDraft,
  file: string,
  lookup: ReadFileHook,
  parse: HistoryParser,
  problems: RawDiagnostic[],
  report: (file: string, d: RawDiagnostic) => void,
): { files: string[]; messages: FlatMessage[] } {
  const files: string[] = [];
  const messages: FlatMessage[] = [];
  const range = draft.ranges['messages'];
  messageEntries(draft.fields['messages']).forEach((entry, i) => {
    const target = resolvePath(dirname(file), entry.trim());
    files.push(target);
    const [from, to] = range ? (draft.messageRanges?.[i] ?? range.value) : draft.nameRange;
    const text = lookup(target);
    if (isRefusal(text)) {
      problems.push(outsideRootProblem(target, from, to));
      return;
    }
    if (text === undefined) {
      problems.push(
        withFixes(
          problem('messages-file-not-found', `History file not found: ${target}`, from, to),
          createHistoryFixes(target),
        ),
      );
      return;
    }
    const parsed = parse(target, text, lookup);
    for (const d of parsed.diagnostics) report(target, d);
    if (parsed.diagnostics.some((d) => d.severity === 'error'))
      problems.push(problem('history-invalid', `History file ${target} failed to load`, from, to));
    for (const message of parsed.messages) messages.push(flatten(message));
  });
  for (const message of draft.inlineMessages)
    messages.push({ role: message.role, content: message.text });
  return { files, messages };
}

/** The text of an empty history in the format `path`'s extension picks (JSON for `.json`). */
export function emptyHistory(path: string): string {
  return path.toLowerCase().endsWith('.json') ? '{"messages": []}\n' : '';
}

/**
 * The fix for a missing history file `target` (a load-set path): create it with an empty history. None
 * when no fix may create that path (`fileTargetProblem`): it leaves the load-set root (absolute, or `..`
 * above it), names a folder, lies in a dot-folder (`.git/index.lock`) or is no valid file name.
 */
export function createHistoryFixes(target: string): Fix[] | undefined {
  if (fileTargetProblem(target) !== undefined) return undefined;
  return [
    {
      title: `Create ${target} with an empty history`,
      safe: false,
      edits: [{ file: target, from: 0, to: 0, insert: emptyHistory(target) }],
    },
  ];
}

function messageEntries(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function flatten(message: HistoryMessage): FlatMessage {
  return { role: message.role, content: message.content.map(describePart).join('\n') };
}

function describePart(part: HistoryPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'resource':
      return part.text ?? `[resource ${part.uri}]`;
    case 'resource_link':
      return `[resource link ${part.uri}]`;
    case 'image':
      return `[image${part.uri ? ` ${part.uri}` : ''}]`;
    case 'audio':
      return `[audio ${part.mimeType}]`;
  }
}
