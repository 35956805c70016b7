/**
 * Fixes for AgentCard names: a bundle's card without a `name` gets one derived from the file and its
 * position; a card whose name is taken gets the first free `_2`, `_3`… suffix. Neither is safe: the
 * name is the user's own, and other cards may mean to refer to it.
 */
import type { CardDraft } from '../formats/agentcard/analyze-card-file.ts';
import { normalizeName } from '../formats/agentcard/analyze-card-file.ts';
import { stem } from '../text/paths.ts';
import { replaceFix, yamlScalar, type Fix } from './fix.ts';

/** `base` when it is not in `taken`, else the first of `base_2`, `base_3`… that is not. */
export function freeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/**
 * Where a `name:` line can go in the card's frontmatter / YAML document: the start of its first content
 * line (after a YAML document's `---` marker, blank lines and comments), when that is an unindented
 * block-mapping key (not a flow `{…}`, a list or indented keys, where a new line would change the
 * structure); the end of the YAML when it has no content. Undefined otherwise.
 */
function nameInsertPoint(text: string, draft: CardDraft): number | undefined {
  let at = draft.yamlFrom;
  if (at > 0 && text[at - 1] !== '\n') return undefined;
  while (at < draft.yamlTo) {
    const end = text.indexOf('\n', at);
    if (end === -1 || end >= draft.yamlTo) break;
    const line = text.slice(at, end).trimEnd();
    if (line !== '' && line !== '---' && !line.startsWith('#')) break;
    at = end + 1;
  }
  const first = text.slice(at, draft.yamlTo).split('\n')[0]!;
  if (first.trim() === '') return at;
  return /^[A-Za-z_"'][^\t]*:(\s|$)/.test(first) ? at : undefined;
}

/**
 * The fix for `missing-name` on `draft` (a card of the bundle `path`, whose text is `text`): insert
 * `name: <stem>_<position>` (made free of `taken`, which gains it) at the top of its frontmatter.
 */
export function missingNameFixes(
  path: string,
  text: string,
  draft: CardDraft,
  taken: Set<string>,
): Fix[] | undefined {
  const at = nameInsertPoint(text, draft);
  if (at === undefined) return undefined;
  const name = freeName(`${normalizeName(stem(path))}_${draft.index + 1}`, taken);
  taken.add(name);
  return [replaceFix(`Name the card '${name}'`, false, at, at, `name: ${yamlScalar(name)}\n`)];
}

/**
 * The fix for `duplicate-name` on a card named `name` whose `name` value spans `from`..`to`: rename it to
 * the first free `name_2`, `name_3`… (`taken` gains it). Undefined when the card has no `name` field
 * (its name comes from the file).
 */
export function duplicateNameFixes(
  draft: CardDraft,
  name: string,
  taken: Set<string>,
): Fix[] | undefined {
  if (draft.ranges['name'] === undefined || typeof draft.fields['name'] !== 'string')
    return undefined;
  const [from, to] = draft.nameRange;
  if (from >= to) return undefined;
  const renamed = freeName(name, taken);
  taken.add(renamed);
  return [replaceFix(`Rename to '${renamed}'`, false, from, to, yamlScalar(renamed))];
}
