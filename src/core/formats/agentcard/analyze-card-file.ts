import { detachString } from '../../text/detach-string.ts';
import { setOwn } from '../../own-property.ts';
import { isMap, isSeq } from 'yaml';
import { appendAll, problem, shiftDiagnostic, type RawDiagnostic } from '../../diagnostics.ts';
import { basename, extension, stem } from '../../text/paths.ts';
import { nodeRange, parseYaml, type ParsedYaml, type YamlVersion } from '../../text/parse-yaml.ts';
import type { CardType, Profile } from '../../model/agent-types.ts';
import type { CardSlice, SplitResult } from './card-slice.ts';
import { parseBody, type InlineMessage } from './parse-body.ts';
import type { RefSite } from './python-refs.ts';
import {
  splitMarkdownFastAgent,
  splitMarkdownRfc,
  type FrontmatterParser,
} from './split-markdown.ts';
import { splitYamlStream } from './split-yaml.ts';
import { validateFields, type FieldRange } from './validate-fields.ts';
import { nodeAt } from './validate-fields.ts';

import { CARD_EXTENSIONS, isCardPath } from './format.ts';
import { firstSuspectAfter, firstSuspectChar, type SuspectScan } from '../../text/suspect-chars.ts';

export { CARD_EXTENSIONS, isCardPath };

/**
 * One card of a file after the per-file stage: everything that depends only on the card's own text.
 * Load-set work (names across files, references, history files) happens later. Offsets are absolute.
 */
export interface CardDraft {
  index: number;
  from: number;
  to: number;
  /** End of the header (closing `---` line or document end): the card's "title" range for the UI. */
  headerTo: number;
  bodyFrom: number;
  bodyTo: number;
  /** The frontmatter / YAML document text range (equal ends when the card has none). */
  yamlFrom: number;
  yamlTo: number;
  name: string | undefined;
  nameRange: [number, number];
  type: CardType | undefined;
  fields: Record<string, unknown>;
  ranges: Record<string, FieldRange>;
  instruction: string | null;
  instructionFromBody: boolean;
  inlineMessages: InlineMessage[];
  refSites: RefSite[];
  /** Every agent name the card's workflow fields reference, at its list item or value. */
  agentRefs: AgentRef[];
  /** Ranges of the `messages` entries (one per entry; a single string is entry 0). */
  messageRanges: Array<[number, number]>;
  /**
   * Ranges of the `servers` entries, one per list item: a name's value, or the key of a `- name: {…}`
   * entry (an item of another shape: the item).
   */
  serverRanges: Array<[number, number]>;
  diagnostics: RawDiagnostic[];
}

/** A reference to another agent by name, from a workflow field. */
export interface AgentRef {
  field: string;
  name: string;
  from: number;
  to: number;
}

/** Workflow fields that name other agents, per type (what fast-agent's validation scan follows). */
const AGENT_REF_FIELDS: Partial<Record<CardType, readonly string[]>> = {
  agent: ['agents'],
  router: ['agents'],
  orchestrator: ['agents'],
  iterative_planner: ['agents'],
  chain: ['sequence'],
  parallel: ['fan_out', 'fan_in'],
  evaluator_optimizer: ['generator', 'evaluator'],
  MAKER: ['worker'],
};

/** The per-file result: its cards and the problems of the file itself. */
export interface CardFileAnalysis {
  cards: CardDraft[];
  diagnostics: RawDiagnostic[];
  fatal: boolean;
}

/**
 * Caches used by re-checks. `parse` is consulted for every frontmatter and YAML document; `cards`, when
 * given, keeps each card's draft by its own text and context, so an edit in a 1,000-card bundle
 * re-analyses only the card it touched (the others are re-used, their offsets shifted).
 */
export interface AnalysisCaches {
  parse: FrontmatterParser;
  cards?: CardDrafts;
}

/** The drafts a re-check may re-use (see `cachedCard`). */
export class CardDrafts {
  /**
   * Drafts by what they depend on besides their text (profile, file kind, bundle or path, header
   * layout), then by the card's text. Two levels, so a lookup hashes the card's text slice but never
   * copies it into a longer key.
   */
  readonly byText = new Map<string, Map<string, CardDraft>>();
  /**
   * The last card read at each place (by file, then card number), with its text and context: most cards
   * of a re-checked bundle are where they were, and comparing a text with the one read there costs far
   * less than hashing it for `byText` (about 4 ms a keystroke for the 1 MB bench bundle). Nothing is
   * built per card to look a place up: no key string, no context string.
   */
  readonly byPlace = new Map<string, Array<PlacedDraft | undefined>>();
  /** Each file's last encoding scan: a re-check scans only what changed (`firstSuspectAfter`). */
  readonly encoding = new Map<string, SuspectScan>();
  /** The characters of card text in `byText`, and how many it may hold before `prune`. */
  private chars = 0;
  private limit = MAX_STALE_CHARS;

  /** Keeps `draft` in `byText` for a card of text `own` in the context `key`. */
  keep(key: string, own: string, draft: CardDraft): void {
    if (this.chars + own.length > this.limit) this.prune();
    let drafts = this.byText.get(key);
    if (!drafts) this.byText.set(key, (drafts = new Map<string, CardDraft>()));
    drafts.set(own, draft);
    this.chars += own.length;
  }

  /**
   * Drops the drafts of texts no place holds any longer: each keystroke in a card adds a version of it
   * (a draft holds about 16 times its text), and with 1 MB cards (a fast-agent Markdown bundle is one card)
   * keeping them all grew by megabytes a keystroke. The limit is then what is still held plus
   * `MAX_STALE_CHARS`, so that a large load-set is not pruned at every card.
   */
  private prune(): void {
    this.byText.clear();
    this.chars = 0;
    for (const places of this.byPlace.values())
      for (const p of places) {
        if (!p) continue;
        const key = `${p.file}|${p.yamlAt}|${p.bodyAt}`;
        let drafts = this.byText.get(key);
        if (!drafts) this.byText.set(key, (drafts = new Map<string, CardDraft>()));
        if (!drafts.has(p.own)) this.chars += p.own.length;
        drafts.set(p.own, p.draft);
      }
    this.limit = this.chars + MAX_STALE_CHARS;
  }
}

/** The last draft read at a place of a file, with what it was read from (see `CardDrafts.byPlace`). */
interface PlacedDraft {
  own: string;
  /** The file's part of the context: profile, file kind, and the path or `*` for a bundle. */
  file: string;
  /** Where the card's YAML and body start, from the card's start (the card's part of the context). */
  yamlAt: number;
  bodyAt: number;
  draft: CardDraft;
}

/**
 * Most characters of card text a cache keeps drafts of beyond those of the cards in place (versions typed
 * over, cards removed) before it drops them (`prune`): a few hundred edits of a 1 KB card, a few MB.
 */
const MAX_STALE_CHARS = 256_000;
/** Most files whose card places (or encoding scans) a cache keeps before it starts over. */
const MAX_CACHED_FILES = 2_000;

/** The name a single-card file gets when its card has no `name`: the file stem, spaces to `_`. */
export function defaultCardName(path: string): string {
  return normalizeName(stem(path));
}

/** fast-agent's name normalisation: strip, then every space becomes `_`. */
export function normalizeName(name: string): string {
  return name.trim().replace(/ /g, '_');
}

/**
 * Analyses one card file on its own: splits it into cards, validates each card's fields, reads bodies and
 * collects Python reference sites. Never throws.
 */
export function analyzeCardFile(
  path: string,
  text: string,
  profile: Profile,
  caches?: AnalysisCaches,
): CardFileAnalysis {
  const parse = caches?.parse ?? parseYaml;
  const ext = extension(path);
  const refusal = refuseFile(path, text, ext);
  if (refusal) return { cards: [], diagnostics: [refusal], fatal: true };
  const isYaml = ext === '.yaml' || ext === '.yml';
  let split: SplitResult;
  if (isYaml) split = splitYamlStream(text, versionFor(profile), profile === 'rfc', parse);
  else
    split = profile === 'rfc' ? splitMarkdownRfc(text, parse) : splitMarkdownFastAgent(text, parse);
  const diagnostics = [...split.diagnostics, ...checkEncoding(text, suspectIn(path, text, caches))];
  const bundle = split.cards.length > 1;
  if (bundle && profile === 'rfc') diagnostics.push(bundlePortability(text, split, isYaml));
  const cache = caches?.cards;
  const file: CardFile = { text, path, profile, isYaml, bundle };
  const cards = cache
    ? cachedCards(file, split.cards, cache)
    : split.cards.map((slice, index) => analyzeCard(file, slice, index));
  return { cards, diagnostics, fatal: split.fatal };
}

/** What every card of a file is read with. */
interface CardFile {
  text: string;
  path: string;
  profile: Profile;
  isYaml: boolean;
  bundle: boolean;
}

/** The problem of a file that is no card file at all (a skill manifest, another extension). */
function refuseFile(path: string, text: string, ext: string): RawDiagnostic | undefined {
  if (basename(path) === 'SKILL.md')
    return problem(
      'skill-manifest',
      'SKILL.md is an Agent Skill manifest, not an AgentCard',
      0,
      Math.min(text.length, 3),
    );
  if (!CARD_EXTENSIONS.includes(ext))
    return problem(
      'unsupported-file',
      `Unsupported card file extension '${ext || '(none)'}': cards are ${CARD_EXTENSIONS.join(', ')}`,
      0,
      0,
    );
  return undefined;
}

/** The rfc profile's note on a bundle, at its second card's first line: fast-agent reads one card a file. */
function bundlePortability(text: string, split: SplitResult, isYaml: boolean): RawDiagnostic {
  const second = split.cards[1]!;
  const newline = text.indexOf('\n', second.from);
  const end = newline === -1 ? second.to : newline - (text[newline - 1] === '\r' ? 1 : 0);
  const message = isYaml
    ? 'fast-agent 0.10.9 fails on a multi-document YAML file (one card per file); this bundle needs the rfc profile'
    : "fast-agent 0.10.9 reads only a Markdown file's first card: this card and the ones after it become part of the first card's instruction";
  return problem('portability', message, second.from, end);
}

/** `analyzeCard` for each of `slices` through the drafts cache: an unchanged card's draft is re-used, shifted. */
function cachedCards(file: CardFile, slices: readonly CardSlice[], cache: CardDrafts): CardDraft[] {
  // Everything a draft depends on besides its own text: profile, file kind, whether the file is a bundle,
  // and (for a single card, whose name defaults to the file name) the path; then the card's header layout.
  const { profile, isYaml, bundle, path } = file;
  const context = `${profile}|${isYaml ? 'y' : 'm'}|${bundle ? '*' : path}`;
  let places = cache.byPlace.get(path);
  if (!places) {
    if (cache.byPlace.size >= MAX_CACHED_FILES) cache.byPlace.clear();
    cache.byPlace.set(path, (places = []));
  }
  places.length = Math.min(places.length, slices.length);
  const placed = places;
  return slices.map((slice, index) => {
    const yamlAt = slice.yaml === null ? 0 : slice.yamlFrom - slice.from;
    const bodyAt = slice.bodyFrom - slice.from;
    const own = file.text.slice(slice.from, slice.to);
    const last = placed[index];
    if (
      last &&
      last.yamlAt === yamlAt &&
      last.bodyAt === bodyAt &&
      last.file === context &&
      last.own === own
    )
      return shiftDraft(last.draft, slice.from - last.draft.from, index);
    const key = `${context}|${yamlAt}|${bodyAt}`;
    let draft = cache.byText.get(key)?.get(own);
    // A copy of the text, so that neither the cache nor the place keeps the whole file's text alive.
    const copy = detachString(own);
    if (draft) draft = shiftDraft(draft, slice.from - draft.from, index);
    else {
      draft = detachDraft(analyzeCard(file, slice, index));
      cache.keep(key, copy, draft);
    }
    placed[index] = { own: copy, file: context, yamlAt, bodyAt, draft };
    return draft;
  });
}

/**
 * `draft` with copies of the strings it took from the file's text (the instruction, inline messages and
 * problem messages that quote the body): a cached draft lives on after its file's text changes, and a
 * slice of that text would keep every version of the file alive, 1 MB a keystroke in a 1 MB bundle. Its
 * fields and names come from the YAML cache, whose parses are made from copies already.
 */
function detachDraft(draft: CardDraft): CardDraft {
  if (draft.instruction !== null) draft.instruction = detachString(draft.instruction);
  for (const m of draft.inlineMessages) m.text = detachString(m.text);
  for (const d of draft.diagnostics) d.message = detachString(d.message);
  return draft;
}

function versionFor(profile: Profile): YamlVersion {
  return profile === 'fast-agent' ? '1.1' : '1.2';
}

/** Reads one card of `file`: its fields validated, its name, its instruction and its references. */
function analyzeCard(file: CardFile, slice: CardSlice, index: number): CardDraft {
  const { text, profile, isYaml } = file;
  const headerTo = isYaml ? slice.to : slice.bodyFrom;
  const firstLineEnd = text.indexOf('\n', slice.from);
  const anchor: [number, number] = [
    slice.from,
    Math.max(slice.from + 1, firstLineEnd === -1 ? slice.to : firstLineEnd),
  ];
  const validated = validateFields(slice.yaml, profile, anchor, isYaml);
  const draft: CardDraft = {
    index,
    from: slice.from,
    to: slice.to,
    headerTo,
    bodyFrom: slice.bodyFrom,
    bodyTo: slice.bodyTo,
    yamlFrom: slice.yamlFrom,
    yamlTo: slice.yamlTo,
    name: undefined,
    nameRange: validated.ranges['name']?.value ?? anchor,
    type: validated.type,
    fields: validated.fields,
    ranges: validated.ranges,
    instruction: null,
    instructionFromBody: false,
    inlineMessages: [],
    refSites: [],
    agentRefs: [],
    messageRanges: [],
    serverRanges: [],
    diagnostics: validated.diagnostics,
  };
  readName(draft, file, slice, anchor);
  readInstruction(draft, file, slice);
  if (draft.type !== undefined) {
    draft.refSites = collectRefSites(slice.yaml, validated.fields);
    draft.agentRefs = collectAgentRefs(slice.yaml, draft.type, validated.fields);
    draft.messageRanges = collectMessageRanges(slice.yaml, validated.fields['messages']);
    draft.serverRanges = collectServerRanges(slice.yaml, validated.fields['servers']);
  }
  return draft;
}

/** Sets `draft.name`: its `name` normalised, else (one card a file) the file's; a bundle's card needs one. */
function readName(
  draft: CardDraft,
  file: CardFile,
  slice: CardSlice,
  anchor: [number, number],
): void {
  const rawName = draft.fields['name'];
  if (typeof rawName === 'string') draft.name = normalizeName(rawName);
  else if (draft.ranges['name'] === undefined) {
    if (file.bundle && (slice.yaml === null || slice.yaml.ok)) {
      draft.diagnostics.push(
        problem('missing-name', 'Every card of a bundle needs a `name`', anchor[0], anchor[1]),
      );
    } else {
      draft.name = defaultCardName(file.path);
    }
  }
}

/**
 * Sets the draft's instruction (the `instruction` field, the body's, or both joined, which fast-agent
 * rejects) and inline messages from the body.
 */
function readInstruction(draft: CardDraft, file: CardFile, slice: CardSlice): void {
  const { text, profile } = file;
  const field = draft.fields['instruction'];
  const attribute = typeof field === 'string' ? field.trim() : null;
  const body =
    slice.bodyFrom < slice.bodyTo ? parseBody(text, slice.bodyFrom, slice.bodyTo, profile) : null;
  if (body) {
    appendAll(draft.diagnostics, body.diagnostics);
    draft.inlineMessages = body.messages;
  }
  const fromBody = body?.instruction ?? null;
  if (attribute !== null && fromBody !== null) {
    const [from, to] = draft.ranges['instruction']!.key;
    draft.diagnostics.push(
      profile === 'fast-agent'
        ? problem(
            'instruction-conflict',
            "Instruction cannot be given both in the body and in the 'instruction' field",
            from,
            to,
          )
        : problem(
            'portability',
            "fast-agent 0.10.9 rejects an instruction given both in the body and in the 'instruction' field (the RFC joins them)",
            from,
            to,
          ),
    );
    draft.instruction = `${attribute}\n${fromBody}`;
  } else {
    draft.instruction = attribute ?? fromBody;
  }
  draft.instructionFromBody = fromBody !== null;
}

type AddSite = (
  kind: RefSite['kind'],
  slot: string,
  ref: unknown,
  path: Array<string | number>,
) => void;

/** Adds the sites of a list whose items are a reference or a mapping holding one under `key`. */
function addListed(add: AddSite, kind: RefSite['kind'], list: unknown[], key: string): void {
  list.forEach((entry, i) => {
    if (typeof entry === 'string') add(kind, String(i), entry, [kind, i]);
    else if (entry && typeof entry === 'object')
      add(kind, String(i), (entry as Record<string, unknown>)[key], [kind, i, key]);
  });
}

/** Finds every Python reference string in a card's fields, with the range of its YAML value. */
function collectRefSites(yaml: ParsedYaml | null, fields: Record<string, unknown>): RefSite[] {
  const sites: RefSite[] = [];
  const root = yaml?.doc?.contents;
  if (!yaml || !isMap(root)) return sites;
  const off = yaml.offset;
  const at = (path: Array<string | number>): [number, number] => {
    const node = root.get(path[0], true);
    const r = nodeAt(node, path.slice(1));
    return r ? [r[0] + off, r[1] + off] : [off, off];
  };
  const add: AddSite = (kind, slot, ref, path) => {
    if (typeof ref !== 'string') return;
    const [from, to] = at(path);
    sites.push({ kind, slot, ref, from, to });
  };
  const tools = fields['function_tools'];
  if (typeof tools === 'string') add('function_tools', '0', tools, ['function_tools']);
  else if (Array.isArray(tools)) addListed(add, 'function_tools', tools, 'entrypoint');
  const hooks = fields['tool_hooks'];
  if (Array.isArray(hooks)) addListed(add, 'tool_hooks', hooks, 'hook');
  else if (hooks && typeof hooks === 'object') {
    for (const [point, ref] of Object.entries(hooks))
      add('tool_hooks', point, ref, ['tool_hooks', point]);
  }
  const lifecycle = fields['lifecycle_hooks'];
  if (lifecycle && typeof lifecycle === 'object') {
    for (const [point, ref] of Object.entries(lifecycle))
      add('lifecycle_hooks', point, ref, ['lifecycle_hooks', point]);
  }
  const commands = fields['commands'];
  if (commands && typeof commands === 'object') {
    for (const [command, spec] of Object.entries(commands)) {
      if (spec && typeof spec === 'object')
        add('commands', command, (spec as Record<string, unknown>)['handler'], [
          'commands',
          command,
          'handler',
        ]);
    }
  }
  return sites;
}

function collectAgentRefs(
  yaml: ParsedYaml | null,
  type: CardType,
  fields: Record<string, unknown>,
): AgentRef[] {
  const refs: AgentRef[] = [];
  const root = yaml?.doc?.contents;
  if (!yaml || !isMap(root)) return refs;
  for (const field of AGENT_REF_FIELDS[type] ?? []) {
    const value = fields[field];
    const node = root.get(field, true);
    const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
    names.forEach((name, i) => {
      if (typeof name !== 'string') return;
      const r = typeof value === 'string' ? nodeAt(node, []) : nodeAt(node, [i]);
      const [from, to] = r ? [r[0] + yaml.offset, r[1] + yaml.offset] : [yaml.offset, yaml.offset];
      refs.push({ field, name: name.trim(), from, to });
    });
  }
  return refs;
}

function collectMessageRanges(yaml: ParsedYaml | null, value: unknown): Array<[number, number]> {
  const root = yaml?.doc?.contents;
  if (!yaml || !isMap(root) || value === undefined) return [];
  const node = root.get('messages', true);
  const count = typeof value === 'string' ? 1 : Array.isArray(value) ? value.length : 0;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    const r = typeof value === 'string' ? nodeAt(node, []) : nodeAt(node, [i]);
    out.push(r ? [r[0] + yaml.offset, r[1] + yaml.offset] : [yaml.offset, yaml.offset]);
  }
  return out;
}

function collectServerRanges(yaml: ParsedYaml | null, value: unknown): Array<[number, number]> {
  const root = yaml?.doc?.contents;
  if (!yaml || !isMap(root) || !Array.isArray(value)) return [];
  const node = root.get('servers', true);
  if (!isSeq(node)) return [];
  return node.items.map((item) => {
    const target = isMap(item) && item.items.length === 1 ? item.items[0]!.key : item;
    const r = nodeRange(target);
    return r ? [r[0] + yaml.offset, r[1] + yaml.offset] : [yaml.offset, yaml.offset];
  });
}

/** The first suspect character of `text`, the file `path`, through the caches' last scan of that file. */
function suspectIn(path: string, text: string, caches: AnalysisCaches | undefined): number {
  const scans = caches?.cards?.encoding;
  if (!scans) return firstSuspectChar(text);
  const previous = scans.get(path);
  if (previous?.text === text) return previous.at;
  const at = previous ? firstSuspectAfter(previous, text) : firstSuspectChar(text);
  if (scans.size >= MAX_CACHED_FILES) scans.clear();
  scans.set(path, { text, at });
  return at;
}

/** Reports the first NUL byte, replacement character (undecodable bytes) or unpaired surrogate. */
function checkEncoding(text: string, at: number): RawDiagnostic[] {
  if (at === -1) return [];
  const char = text[at];
  if (char === '\uFFFD') {
    return [
      problem(
        'encoding',
        'The text holds bytes that are not valid UTF-8 (shown as U+FFFD); fast-agent cannot read the file',
        at,
        at + 1,
        'error',
      ),
    ];
  }
  const what = char === '\0' ? 'a NUL byte' : 'an unpaired UTF-16 surrogate';
  return [problem('encoding', `The text holds ${what}`, at, at + 1)];
}

/** The draft each shifted copy was made from (the one `analyzeCard` wrote), for `draftOrigin`. */
const origins = new WeakMap<CardDraft, CardDraft>();

/**
 * The draft that `draft` is a moved copy of (the card as `analyzeCard` read it), or `draft` itself. Two
 * drafts with the same origin have the same text, fields and problems, at other offsets (and card numbers): a later
 * stage may key work that depends on the card's own text by the origin (see `compile-memo.ts`).
 */
export function draftOrigin(draft: CardDraft): CardDraft {
  return origins.get(draft) ?? draft;
}

/**
 * A cached draft moved by `delta` characters (the text before it changed length) and numbered `index`: a
 * copy, whose origin is remembered (`draftOrigin`), or the draft itself when nothing changes.
 */
function shiftDraft(draft: CardDraft, delta: number, index: number): CardDraft {
  if (delta === 0 && draft.index === index) return draft;
  const shifted = movedDraft(draft, delta, index);
  origins.set(shifted, draftOrigin(draft));
  return shifted;
}

/** A copy of `draft` with every offset moved by `delta` and the number `index`. */
function movedDraft(draft: CardDraft, delta: number, index: number): CardDraft {
  const pair = (r: [number, number]): [number, number] => [r[0] + delta, r[1] + delta];
  const ranges: Record<string, FieldRange> = {};
  for (const [key, r] of Object.entries(draft.ranges))
    setOwn(ranges, key, { key: pair(r.key), value: pair(r.value) });
  return {
    ...draft,
    index,
    from: draft.from + delta,
    to: draft.to + delta,
    headerTo: draft.headerTo + delta,
    bodyFrom: draft.bodyFrom + delta,
    bodyTo: draft.bodyTo + delta,
    yamlFrom: draft.yamlFrom + delta,
    yamlTo: draft.yamlTo + delta,
    nameRange: pair(draft.nameRange),
    ranges,
    inlineMessages: draft.inlineMessages.map((m) => ({
      ...m,
      from: m.from + delta,
      to: m.to + delta,
    })),
    refSites: draft.refSites.map((r) => ({ ...r, from: r.from + delta, to: r.to + delta })),
    agentRefs: draft.agentRefs.map((r) => ({ ...r, from: r.from + delta, to: r.to + delta })),
    messageRanges: draft.messageRanges.map(pair),
    serverRanges: draft.serverRanges.map(pair),
    diagnostics: draft.diagnostics.map((d) => shiftDiagnostic(d, delta)),
  };
}
