import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { CardDraft } from './analyze-card-file.ts';
import type { Profile } from '../../model/agent-types.ts';

/**
 * fast-agent 0.10.9's built-in instruction, which every card type gets when the card gives none (the
 * deprecated `smart` type too). It is a template: the `{{…}}` placeholders are left for run time, also
 * `{{currentDate}}`, which fast-agent expands at load only in a card's own instruction.
 */
export const FAST_AGENT_DEFAULT_INSTRUCTION =
  'You are a helpful AI Agent.\n\n{{serverInstructions}}\n{{agentSkills}}\n{{file_silent:AGENTS.md}}\n{{env}}\n\n' +
  'Mermaid diagrams between code fences are supported.\n\n{{model_specific}}\n\nThe current date is {{currentDate}}.';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Writes a calendar date (`YYYY-MM-DD`) the way fast-agent renders `{{currentDate}}` (Python's
 * `%d %B %Y`): two-digit day, English month name, year, e.g. `2025-07-24` → `24 July 2025`.
 * Throws a RangeError for anything that is not a real `YYYY-MM-DD` date (a programmer error: the date comes
 * from the caller's clock, never from a card).
 */
export function fastAgentDate(today: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const valid =
    m !== null &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!valid) throw new RangeError(`today must be a date written YYYY-MM-DD, got ${String(today)}`);
  return `${m[3]} ${MONTHS[month - 1]} ${m[1]}`;
}

/** The local calendar date of `now` as `YYYY-MM-DD` (what the command line and the playground pass as `today`). */
export function localCalendarDate(now: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}

/** An instruction after fast-agent's load-time templates, and the `{{url:…}}` templates it would fetch. */
export interface LoadedInstruction {
  text: string;
  /** Each `{{url:…}}` template as written, in order; left in `text` (nothing is fetched here). */
  urls: string[];
}

const ESCAPE = /\\\{\{|\\\}\}/g;
const URL_TEMPLATE = /\{\{url:(https?:\/\/[^}]+)\}\}/g;

/**
 * Applies fast-agent's load-time templates to a card's own instruction: `{{currentDate}}` becomes
 * `date` (already written as fast-agent writes it; left as is when undefined) and `{{url:http(s)://…}}`
 * is found but kept. `\{{` and `\}}` escape a template and stay in the text as written. Pure.
 */
export function applyLoadTemplates(text: string, date: string | undefined): LoadedInstruction {
  // As fast-agent does: hide the escapes behind markers (two characters the text lacks), substitute,
  // then put the escapes back.
  const [open, close] = markersAbsentFrom(text);
  let out = text.replace(ESCAPE, (escape) => (escape === '\\{{' ? open : close));
  if (date !== undefined) out = out.replaceAll('{{currentDate}}', date);
  const restore = (s: string) => s.replaceAll(open, '\\{{').replaceAll(close, '\\}}');
  const urls = [...out.matchAll(URL_TEMPLATE)].map((m) => restore(m[0]));
  return { text: restore(out), urls };
}

function markersAbsentFrom(text: string): [string, string] {
  const found: string[] = [];
  for (let code = 0xe000; found.length < 2; code++) {
    const c = String.fromCharCode(code);
    if (!text.includes(c)) found.push(c);
  }
  return [found[0]!, found[1]!];
}

/**
 * The instruction a card compiles to, with notes about it. `fast-agent` profile: a card without an
 * instruction gets {@link FAST_AGENT_DEFAULT_INSTRUCTION}; a card's own instruction goes through
 * {@link applyLoadTemplates} (`date` as fast-agent writes it, or undefined to keep `{{currentDate}}`),
 * with a `url-template` note per `{{url:…}}`. `rfc` profile: the instruction is the card's own, or null
 * with a `default-instruction` note on the card. `source` is the text of the card's file, used only to
 * point the notes. Never throws.
 */
export function compileInstruction(
  draft: CardDraft,
  profile: Profile,
  date: string | undefined,
  source: string,
): { instruction: string | null; diagnostics: RawDiagnostic[] } {
  const own = draft.instruction;
  if (own === null) {
    if (profile === 'fast-agent')
      return { instruction: FAST_AGENT_DEFAULT_INSTRUCTION, diagnostics: [] };
    const [from, to] = draft.nameRange;
    const note = problem(
      'default-instruction',
      'No instruction: the RFC has no default, so `instruction` compiles to null; fast-agent 0.10.9 would use its built-in default instruction ("You are a helpful AI Agent." and placeholders it fills at run time)',
      from,
      to,
    );
    return { instruction: null, diagnostics: [note] };
  }
  if (profile !== 'fast-agent') return { instruction: own, diagnostics: [] };
  const loaded = applyLoadTemplates(own, date);
  const [rangeFrom, rangeTo] = instructionRange(draft);
  const diagnostics: RawDiagnostic[] = [];
  let searchFrom = rangeFrom;
  for (const url of loaded.urls) {
    const at = source.indexOf(url, searchFrom);
    const found = at !== -1 && at + url.length <= rangeTo;
    if (found) searchFrom = at + url.length;
    diagnostics.push(
      problem(
        'url-template',
        `fast-agent fetches ${url} when it loads the card and puts the page's text in its place; the checker fetches nothing and leaves the template as written`,
        found ? at : rangeFrom,
        found ? at + url.length : rangeTo,
      ),
    );
  }
  return { instruction: loaded.text, diagnostics };
}

/** Where the card's own instruction is written: the `instruction` value, else the body. */
function instructionRange(draft: CardDraft): [number, number] {
  const field = draft.ranges['instruction']?.value;
  if (field && !draft.instructionFromBody) return field;
  return [draft.bodyFrom, Math.max(draft.bodyFrom + 1, draft.bodyTo)];
}
