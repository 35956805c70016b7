/**
 * Synthetic AgentCard bundles for the benchmark: 1,000 cards written once as a Markdown bundle and once
 * as a YAML multi-document bundle. The text is made up here from small word lists with a seeded
 * generator, so every run (and every machine) gets the same bytes.
 *
 * Most cards are agents (`model`, `servers`, `tools`, `use_history`, about 1 KB of prose); every tenth
 * is a chain whose `sequence` names earlier agents. Some bodies hold `---` horizontal rules (which the
 * Markdown splitter must try, and reject, as card boundaries) and `---SYSTEM` blocks.
 */

/**
 * One card, independent of its file format.
 * @typedef {object} BenchCard
 * @property {'agent' | 'chain'} type
 * @property {string} name
 * @property {string} description
 * @property {string} [model]
 * @property {string[]} [servers]
 * @property {Record<string, string[]>} [tools]
 * @property {boolean} [useHistory]
 * @property {string[]} [sequence]
 * @property {string} body Prose, lines joined with `\n`, no trailing newline.
 */

/**
 * A rendered bundle and where each card's prose lies in it.
 * @typedef {object} Bundle
 * @property {string} text
 * @property {Array<{ from: number, to: number }>} prose Per card, `[from, to)` offsets of its prose
 *   (the Markdown body, or the YAML `instruction` block with its indentation).
 */

const CARD_COUNT = 1000;
const SEED = 0x5eed_ac01;
const PROSE_CHARS = 640;

const ADJECTIVES =
  'amber brisk civic dusty eager fluent gentle hollow ivory jolly keen lucid mellow nimble'
    .concat(' orderly patient quiet rapid steady tidy upbeat vivid wary young zesty')
    .split(' ');
const NOUNS = 'ledger harbor atlas beacon cipher dossier engine folio garden herald index journal'
  .concat(
    ' kettle lantern matrix notary oracle pilot quarry relay scribe tally umpire vessel warden',
  )
  .split(' ');
const MODELS = [
  'sonnet',
  'haiku',
  'openai.gpt-4.1',
  'openai.gpt-4.1-mini',
  'generic.llama3.2:latest',
];
const SERVERS = {
  filesystem: ['read_file', 'write_file', 'list_directory', 'search_files'],
  fetch: ['fetch', 'fetch_markdown'],
  git: ['git_status', 'git_diff', 'git_log', 'git_show'],
  calendar: ['list_events', 'create_event'],
  tracker: ['open_ticket', 'close_ticket', 'comment', 'assign'],
};
const VERBS = 'gather sort compare summarise check record weigh draft review trace flag verify'
  .concat(' outline rank merge quote explain measure collect annotate')
  .split(' ');
const OBJECTS = 'the open tickets|each incoming request|the weekly figures|every cited source'
  .concat('|the draft reply|recent commits|the shared calendar|customer notes|the release plan')
  .concat('|pending invoices|the style guide|meeting minutes|the error budget|supplier quotes')
  .split('|');
const MANNERS = 'carefully|in plain words|before anything else|without guessing|in order of urgency'
  .concat('|with short quotes|one item at a time|against the previous week|for the reader|briefly')
  .split('|');
const CLOSINGS = 'When unsure, ask one short question instead of assuming.|Keep every answer under'
  .concat(' two hundred words.|Mention which source each fact came from.|Never change a file')
  .concat(' without saying so first.|Prefer lists to long paragraphs.|Say plainly when a step')
  .concat(' failed and why.')
  .split('|');
const HEADINGS = ['## Steps', '## Tone', '## Limits', '## Output', '## Sources'];

/**
 * Builds the 1,000 cards: deterministic for a given seed.
 * @param {number} [seed]
 * @returns {BenchCard[]}
 */
export function makeCards(seed = SEED) {
  const random = mulberry32(seed);
  const pick = (/** @type {readonly string[]} */ list) => list[Math.floor(random() * list.length)];
  /** @type {BenchCard[]} */
  const cards = [];
  /** @type {string[]} */
  const agentNames = [];
  for (let i = 0; i < CARD_COUNT; i++) {
    const name = `${pick(ADJECTIVES)}-${pick(NOUNS)}-${String(i).padStart(4, '0')}`;
    const description = `${capitalise(pick(VERBS))} ${pick(OBJECTS)} ${pick(MANNERS)}.`;
    const body = makeProse(random, pick, i);
    if (i % 10 === 9 && agentNames.length >= 4) {
      const sequence = [];
      const length = 2 + Math.floor(random() * 3);
      for (let k = 0; k < length; k++) sequence.push(pick(agentNames));
      cards.push({ type: 'chain', name, description, sequence, body });
      continue;
    }
    const servers = Object.keys(SERVERS).filter(() => random() < 0.5);
    if (servers.length === 0) servers.push('filesystem');
    /** @type {Record<string, string[]>} */
    const tools = {};
    for (const server of servers.slice(0, 2)) {
      tools[server] = SERVERS[/** @type {keyof typeof SERVERS} */ (server)].filter(
        () => random() < 0.6,
      );
    }
    cards.push({
      type: 'agent',
      name,
      description,
      model: pick(MODELS),
      servers,
      tools,
      useHistory: random() < 0.7,
      body,
    });
    agentNames.push(name);
  }
  return cards;
}

/**
 * The cards as one Markdown bundle: each card is a `---` frontmatter followed by its body.
 * @param {BenchCard[]} cards
 * @returns {Bundle}
 */
export function renderMarkdown(cards) {
  let text = '';
  /** @type {Bundle['prose']} */
  const prose = [];
  for (const card of cards) {
    text += `---\n${frontmatter(card).join('\n')}\n---\n\n`;
    prose.push({ from: text.length, to: text.length + card.body.length });
    text += `${card.body}\n\n`;
  }
  return { text, prose };
}

/**
 * The same cards as one YAML stream, one document per card, the prose as an `instruction: |` block.
 * @param {BenchCard[]} cards
 * @returns {Bundle}
 */
export function renderYaml(cards) {
  let text = '';
  /** @type {Bundle['prose']} */
  const prose = [];
  for (const card of cards) {
    text += `---\n${frontmatter(card).join('\n')}\ninstruction: |\n`;
    const block = card.body
      .split('\n')
      .map((line) => (line === '' ? '' : `  ${line}`))
      .join('\n');
    prose.push({ from: text.length, to: text.length + block.length });
    text += `${block}\n`;
  }
  return { text, prose };
}

/**
 * @param {BenchCard} card
 * @returns {string[]}
 */
function frontmatter(card) {
  const lines = [`type: ${card.type}`, `name: ${card.name}`, `description: ${card.description}`];
  if (card.sequence) {
    lines.push('sequence:', ...card.sequence.map((name) => `  - ${name}`));
    return lines;
  }
  lines.push(`model: ${card.model}`, 'servers:', ...(card.servers ?? []).map((s) => `  - ${s}`));
  lines.push('tools:');
  for (const [server, names] of Object.entries(card.tools ?? {})) {
    lines.push(`  ${server}: [${names.join(', ')}]`);
  }
  lines.push(`use_history: ${card.useHistory}`);
  return lines;
}

/**
 * About PROSE_CHARS characters of instructions in paragraphs, with a heading and a short list. Card
 * `index` decides the extras, so the mix is the same at any seed: every 7th body has a `---` rule,
 * every 9th opens with `---SYSTEM`, every 11th has a `---SYSTEM` block after its first paragraph.
 * @param {() => number} random
 * @param {(list: readonly string[]) => string} pick
 * @param {number} index
 */
function makeProse(random, pick, index) {
  /** @type {string[]} */
  const paragraphs = [];
  let size = 0;
  while (size < PROSE_CHARS) {
    const sentences = [];
    const count = 2 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++) {
      sentences.push(`${capitalise(pick(VERBS))} ${pick(OBJECTS)} ${pick(MANNERS)}.`);
    }
    sentences.push(pick(CLOSINGS));
    const paragraph = sentences.join(' ');
    paragraphs.push(paragraph);
    size += paragraph.length + 2;
  }
  const list = [0, 1, 2].map(() => `- ${capitalise(pick(VERBS))} ${pick(OBJECTS)}.`).join('\n');
  paragraphs.splice(1, 0, `${pick(HEADINGS)}\n\n${list}`);
  if (index % 7 === 3) paragraphs.splice(2, 0, '---');
  if (index % 11 === 5) paragraphs.splice(1, 0, '---SYSTEM');
  if (index % 9 === 4) paragraphs.unshift('---SYSTEM');
  return paragraphs.join('\n\n');
}

/** @param {string} word */
function capitalise(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed.
 * @param {number} seed
 */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
