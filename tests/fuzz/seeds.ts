import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a seed is, which decides how its mutations are checked. */
export type SeedRole = 'md-card' | 'yaml-card' | 'md-history' | 'json-history' | 'config';

/** One seed text for mutation, with where it came from (for failure reports) and what it is. */
export interface Seed {
  name: string;
  text: string;
  role: SeedRole;
}

/** The role of a file by its name and, for Markdown, whether it opens with a history delimiter. */
export function roleOf(name: string, text: string): SeedRole {
  if (/\.json$/i.test(name)) return 'json-history';
  if (/(^|\/)fastagent\.(config|secrets)\.yaml$/i.test(name)) return 'config';
  if (/\.ya?ml$/i.test(name)) return 'yaml-card';
  return /^\uFEFF?\s*---(USER|ASSISTANT|SYSTEM|RESOURCE)\b/.test(text) ? 'md-history' : 'md-card';
}

const SAMPLE_EXTENSIONS = /\.(md|ya?ml|json)$/i;

/**
 * Every `.md`/`.yaml`/`.yml`/`.json` file under the shared sample cards (read in place, never copied into
 * the repository), sorted by path so a seed picks the same inputs on every machine. Undefined when the
 * folder is absent (it exists only beside the team's checkouts).
 */
export function loadSampleSeeds(): Seed[] | undefined {
  const root = fileURLToPath(new URL('../../../shared/samples/agentcard/cards/', import.meta.url));
  if (!existsSync(root)) return undefined;
  const paths = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(root, entry))
    .filter((path) => SAMPLE_EXTENSIONS.test(path) && statSync(path).isFile())
    .sort();
  return paths.map((path) => {
    const name = `samples/${relative(root, path)}`;
    const text = readFileSync(path, 'utf8');
    return { name, text, role: roleOf(name, text) };
  });
}

/** Small hand-written seeds covering each input kind, so the fuzzer has material without the samples. */
export const INLINE_SEEDS: readonly Seed[] = (
  [
    {
      name: 'inline/agent.md',
      text: [
        '---',
        'type: agent',
        'name: helper',
        'model: sonnet',
        'servers: [fs]',
        'messages: history.md',
        'function_tools:',
        '  - tools.py:fn',
        'request_params: {max_tokens: 100, temperature: 0.5}',
        '---',
        'You are helpful.',
        '',
        '---',
        '',
        'A horizontal rule above.',
        '',
      ].join('\n'),
    },
    {
      name: 'inline/bundle.md',
      text: [
        '---',
        'type: chain',
        'name: pipeline',
        'sequence: [writer, critic]',
        '---',
        'Chain notes.',
        '---',
        'type: agent',
        'name: writer',
        'use_history: true',
        '---',
        '---SYSTEM',
        'Write things.',
        '---USER',
        'Hello',
        '---ASSISTANT',
        'Hi!',
        '---',
        'type: agent',
        'name: critic',
        'tool_hooks:',
        '  before_tool_call: tools.py:fn',
        '---',
        'Criticise. ${HOME} {{file:notes.txt}}',
        '',
      ].join('\n'),
    },
    {
      name: 'inline/router.yaml',
      text: [
        'type: router',
        'name: switchboard',
        'agents:',
        '  - helper',
        '  - missing',
        'instruction: |',
        '  Route requests.',
        '  ---',
        '  Still the instruction.',
        'lifecycle_hooks:',
        '  on_start: pkg.mod:start',
        '',
      ].join('\n'),
    },
    {
      name: 'inline/stream.yaml',
      text: [
        '%YAML 1.2',
        '---',
        'type: agent',
        'name: &n first',
        'tools: {fs: [read, write]}',
        '...',
        '---',
        'type: parallel',
        'name: fan',
        'fan_out: [first, *n]',
        'fan_in: first',
        '---',
        '# only a comment',
        '---',
        'type: MAKER',
        'name: maker',
        'worker: first',
        'k: 3',
        '',
      ].join('\n'),
    },
    {
      name: 'inline/history.md',
      text: [
        '---USER',
        'What is this?',
        '---ASSISTANT',
        'A test.',
        '---RESOURCE',
        'notes.txt',
        '---USER',
        '',
        '',
      ].join('\n'),
    },
    {
      name: 'inline/history.json',
      text: JSON.stringify({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { role: 'assistant', content: 'hello' },
          { role: 'user', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
          { role: 'system', content: 'dropped?' },
        ],
      }),
    },
    {
      name: 'inline/fastagent.config.yaml',
      text: [
        'default_model: sonnet',
        'mcp:',
        '  servers:',
        '    fs:',
        '      command: npx',
        '      args: [fs]',
        '    web: {url: "http://x"}',
        '',
      ].join('\n'),
    },
    {
      name: 'inline/evaluator.md',
      text: [
        '',
        '  ---  ',
        'type: evaluator_optimizer',
        'name: loop',
        'generator: writer',
        'evaluator: critic',
        'min_rating: GOOD',
        'anchors: &a [1, 2, 3]',
        'more: [*a, *a]',
        '---',
        '---SYSTEM',
        'Improve.',
        '',
      ].join('\n'),
    },
  ] satisfies Array<Omit<Seed, 'role'>>
).map((seed) => ({ ...seed, role: roleOf(seed.name, seed.text) }));
