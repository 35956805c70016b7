/** The templates pass: `{{file:…}}` in a card's instruction must name a file of the load-set. */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { CardDraft } from '../../formats/agentcard/analyze-card-file.ts';
import type { Profile } from '../../model/agent-types.ts';
import { resolvePath } from '../../text/paths.ts';
import { isRefusal, outsideRootProblem, type ReadFileHook } from '../../model/read-hook.ts';

/**
 * The problems of `{{file:path}}` templates in `draft`'s instruction: each path is relative to the
 * load-set root (fast-agent's scan). A missing file fails the card in the fast-agent profile and is a
 * `portability` note in the rfc profile (which defines no templates); a refused one is `path-outside-root`.
 */
export function checkTemplateFiles(
  draft: CardDraft,
  lookup: ReadFileHook,
  profile: Profile,
): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const instruction = draft.instruction;
  if (!instruction) return out;
  for (const name of fileTemplates(instruction)) {
    const target = resolvePath('', name.trim());
    const text = lookup(target);
    if (typeof text === 'string') continue;
    const [from, to] = draft.ranges['instruction']?.value ?? [
      draft.bodyFrom,
      Math.max(draft.bodyFrom + 1, draft.bodyTo),
    ];
    if (isRefusal(text)) {
      out.push(outsideRootProblem(target, from, to));
      continue;
    }
    out.push(
      profile === 'fast-agent'
        ? problem(
            'instruction-file-not-found',
            `Instruction file not found: {{file:${name}}} -> ${target}`,
            from,
            to,
          )
        : problem(
            'portability',
            `fast-agent 0.10.9 fails this card: {{file:${name}}} names ${target}, which is not in the load-set`,
            from,
            to,
          ),
    );
  }
  return out;
}

/** The paths of `{{file:…}}` templates in `text`, scanned with indexOf (a regex backtracks quadratically). */
function fileTemplates(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let at = text.indexOf('{{file:');
  while (at !== -1 && out.length < 100) {
    const close = text.indexOf('}}', at + 7);
    if (close === -1) break;
    const inner = text.slice(at + 7, close);
    if (inner !== '' && !inner.includes('}') && !seen.has(inner)) {
      seen.add(inner);
      out.push(inner);
    }
    at = text.indexOf('{{file:', close + 2);
  }
  return out;
}
