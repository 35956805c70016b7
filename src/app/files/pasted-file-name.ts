/**
 * Naming pasted text by what it is, so the checker reads it in the right format: the name's extension
 * is what picks Markdown or YAML for an AgentCard, `.afm.md` for AFM and `tsagent.json` for a TsAgent
 * agent; the other formats are recognised from the content under any name.
 */
import { FORMAT_REGISTRY } from '../../core/index.ts';

/** How much of the pasted text is looked at. */
const MAX_SNIFF_CHARS = 64 * 1024;

/**
 * The file name for pasted `text`:
 * - JSON (`{` first): the name of the first format whose paste rule (its registry record's `paste`) claims
 *   it, e.g. `tsagent.json` for a TsAgent agent file (`metadata` and `settings` objects), else `pasted.json`
 *   (A2A cards and history files are recognised by their content).
 * - A YAML stream of cards (`---` first, every document a mapping with a top-level `type` key):
 *   `pasted.yaml`.
 * - Frontmatter (`---` first, followed by a body): a Markdown paste rule's name (`pasted.afm.md` when it
 *   is AFM), else `pasted.md`.
 * - Top-level `key:` lines without `---` first (a YAML card, an OpenAgentSpec): `pasted.yaml`.
 * - Anything else (prose, a history): `pasted.md`.
 * Pure; never throws.
 */
export function pastedFileName(text: string): string {
  const head = text.slice(0, MAX_SNIFF_CHARS).replace(/^\uFEFF/, '');
  const start = head.trimStart();
  if (start.startsWith('{')) return pasteName('.json', text) ?? 'pasted.json';
  if (/^---[ \t]*\r?\n/.test(start)) {
    if (isYamlCardStream(start)) return 'pasted.yaml';
    return pasteName('.md', start) ?? 'pasted.md';
  }
  return /^[\w-]+[ \t]*:/m.test(start) ? 'pasted.yaml' : 'pasted.md';
}

/** True when every document between `---` lines is a mapping with a top-level `type:` key. */
function isYamlCardStream(text: string): boolean {
  const documents = text
    .split(/^---[ \t]*$/m)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return (
    documents.length > 0 &&
    documents.every(
      (doc) =>
        /^type[ \t]*:/m.test(doc) &&
        doc
          .split(/\r?\n/)
          .every((line) => line.trim() === '' || /^([\w-]+[ \t]*:|[ \t#-])/.test(line)),
    )
  );
}

/** The name of the first format whose paste rule for `ending` files claims `text`, if any. */
function pasteName(ending: string, text: string): string | undefined {
  return FORMAT_REGISTRY.pasteRules(ending).find((rule) => rule.claims(text))?.name;
}
