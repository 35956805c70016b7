import { describe, expect, it } from 'vitest';
import { checkLoadSet, type CheckResult } from '../../load-set/check-load-set.ts';
import type { Profile } from '../../model/agent-types.ts';
import { fixAll } from '../fix-all.ts';
import { applyFixes, type Fix } from '../fix.ts';

type Files = Record<string, string>;

/** The portability fixes of a check, by the code of the problem that carries them. */
function fixes(files: Files, profile: Profile, code?: string): Fix[] {
  return checkLoadSet(files, { profile })
    .diagnostics.filter((d) => code === undefined || d.code === code)
    .flatMap((d) => d.fixes ?? [])
    .filter((f) => f.portability === true);
}

/** The one fix (distinct by title) the problems of `code` carry. */
function onlyFix(files: Files, profile: Profile, code: string): Fix {
  const found = fixes(files, profile, code);
  expect(new Set(found.map((f) => f.title)).size, found.map((f) => f.title).join('\n')).toBe(1);
  return found[0]!;
}

function apply(files: Files, fix: Fix): Files {
  return Object.fromEntries(applyFixes(new Map(Object.entries(files)), [fix]).files);
}

function errors(result: CheckResult): string[] {
  return result.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
}

const fast = (files: Files) => checkLoadSet(files, { profile: 'fast-agent' });
const rfc = (files: Files) => checkLoadSet(files, { profile: 'rfc' });
const agent = (result: CheckResult, name: string) => result.compiled.find((a) => a.name === name)!;
/** A compiled agent's AgentConfig. */
const config = (result: CheckResult, name: string) =>
  (agent(result, name).data as { config: Record<string, unknown> }).config;

const MD_BUNDLE = `---
type: agent
name: reader
---
Read the page.

---
type: agent
name: writer
model: haiku
---
Write the post.


`;

describe('bundle split', () => {
  it('splits a Markdown bundle on the rfc note: the first card stays, the others get <name>.md', () => {
    const fix = onlyFix({ 'cards/b.md': MD_BUNDLE }, 'rfc', 'portability');
    expect(fix.safe).toBe(true);
    expect(fix.title).toContain("keep 'reader' here, move 'writer' to writer.md");
    const out = apply({ 'cards/b.md': MD_BUNDLE }, fix);
    expect(out).toEqual({
      'cards/b.md': '---\ntype: agent\nname: reader\n---\nRead the page.\n',
      'cards/writer.md': '---\ntype: agent\nname: writer\nmodel: haiku\n---\nWrite the post.\n',
    });
    const after = fast(out);
    expect(errors(after)).toEqual([]);
    expect(after.agents.map((a) => a.name).sort()).toEqual(['reader', 'writer']);
    expect(config(after, 'writer')).toMatchObject({
      instruction: 'Write the post.',
      model: 'haiku',
    });
  });

  it('is not safe when a card has no name or its file name is taken', () => {
    const unnamed = MD_BUNDLE.replace('name: writer\n', '');
    const fix = onlyFix({ 'b.md': unnamed }, 'rfc', 'portability');
    expect(fix.safe).toBe(false);
    expect(fix.edits.map((e) => e.file)).toEqual(['b-2.md', 'b.md']);
    const taken = onlyFix(
      { 'b.md': MD_BUNDLE, 'writer.md': '---\nname: w\n---\n' },
      'rfc',
      'portability',
    );
    expect(taken.safe).toBe(false);
    expect(taken.edits[0]!.file).toBe('writer-2.md');
  });

  it('follows the edits of a bundle: the text and the name of a card, a file that appears', () => {
    const split = (files: Files) => {
      const fix = onlyFix(files, 'rfc', 'portability');
      return { safe: fix.safe, moved: fix.edits.slice(0, -1).map((e) => [e.file, e.insert]) };
    };
    const writer = (body: string, name = 'writer') =>
      `---\ntype: agent\nname: ${name}\nmodel: haiku\n---\n${body}\n`;
    expect(split({ 'keep/b.md': MD_BUNDLE })).toEqual({
      safe: true,
      moved: [['keep/writer.md', writer('Write the post.')]],
    });
    const longer = MD_BUNDLE.replace('the post', 'the long post');
    expect(split({ 'keep/b.md': longer })).toEqual({
      safe: true,
      moved: [['keep/writer.md', writer('Write the long post.')]],
    });
    expect(split({ 'keep/b.md': MD_BUNDLE, 'keep/writer.md': 'taken' })).toEqual({
      safe: false,
      moved: [['keep/writer-2.md', writer('Write the post.')]],
    });
    const renamed = MD_BUNDLE.replace('name: writer', 'name: author');
    expect(split({ 'keep/b.md': renamed })).toEqual({
      safe: true,
      moved: [['keep/author.md', writer('Write the post.', 'author')]],
    });
    expect(split({ 'keep/b.md': MD_BUNDLE }).moved[0]![0]).toBe('keep/writer.md');
  });

  it('splits a YAML stream on the fast-agent refusal of a second document', () => {
    const text =
      'type: agent\nname: one\ninstruction: One.\n---\ntype: agent\nname: two\ninstruction: Two.\n';
    const fix = onlyFix({ 's.yaml': text }, 'fast-agent', 'yaml-syntax');
    const out = apply({ 's.yaml': text }, fix);
    expect(out).toEqual({
      's.yaml': 'type: agent\nname: one\ninstruction: One.\n',
      'two.yaml': '---\ntype: agent\nname: two\ninstruction: Two.\n',
    });
    expect(errors(fast(out))).toEqual([]);
  });

  it('in the fast-agent profile, an error inside a swallowed card offers the split, not a card fix', () => {
    const text = `${MD_BUNDLE}---\ntype: agent\nname: third\n---\nHi.\n---USER\nhello\n`;
    const found = fixes({ 'b.md': text }, 'fast-agent', 'inline-history');
    expect(found.map((f) => f.title)).toEqual([
      expect.stringMatching(/^Split this Markdown bundle/),
    ]);
  });
});

describe('inline history blocks', () => {
  const CARD = `---
type: agent
name: sizer
---
---SYSTEM
Estimate sizes.

---USER
the moon

---ASSISTANT
Large.
`;

  it('moves the blocks to <name>.history.md listed in messages, keeping the system text', () => {
    const files = { 'a/sizer.md': CARD };
    const fix = onlyFix(files, 'rfc', 'portability');
    expect(fix.safe).toBe(true);
    expect(onlyFix(files, 'fast-agent', 'inline-history').edits).toEqual(fix.edits);
    const out = apply(files, fix);
    expect(out).toEqual({
      'a/sizer.md':
        '---\ntype: agent\nname: sizer\nmessages: sizer.history.md\n---\nEstimate sizes.\n',
      'a/sizer.history.md': '---USER\nthe moon\n\n---ASSISTANT\nLarge.\n',
    });
    const before = agent(rfc(files), 'sizer');
    const after = fast(out);
    expect(errors(after)).toEqual([]);
    expect(agent(after, 'sizer').history).toEqual(before.history);
    expect(config(after, 'sizer')['instruction']).toBe('Estimate sizes.');
  });

  it('lists the new file after the messages files the card already has', () => {
    const files = {
      'c.md': CARD.replace('name: sizer\n', 'name: sizer\nmessages: old.md\n'),
      'old.md': '---USER\nfirst\n',
    };
    const out = apply(files, onlyFix(files, 'rfc', 'portability'));
    expect(out['c.md']).toContain('messages:\n  - old.md\n  - sizer.history.md\n---\n');
    const after = agent(fast(out), 'sizer').history.map((m) => m.content);
    expect(after).toEqual(['first', 'the moon', 'Large.']);
  });

  it('is not safe when a message holds a line a history file reads as a delimiter', () => {
    const files = { 'c.md': CARD.replace('the moon', 'the moon\n  ---ASSISTANT') };
    expect(onlyFix(files, 'rfc', 'portability').safe).toBe(false);
  });

  it('drops the blocks of a chain (no messages in fast-agent), not safe', () => {
    const text = '---\ntype: chain\nname: c\nsequence: [x]\n---\n---USER\nhello\n';
    const files = { 'c.md': text, 'x.md': '---\nname: x\n---\nX.\n' };
    const fix = onlyFix(files, 'fast-agent', 'inline-history');
    expect(fix.safe).toBe(false);
    expect(fix.title).toContain('a chain has no `messages:`');
    const out = apply(files, fix);
    expect(out['c.md']).toBe('---\ntype: chain\nname: c\nsequence: [x]\n---\n');
    expect(errors(fast(out))).toEqual([]);
  });
});

describe('instruction attribute and body', () => {
  const CARD =
    '---\nname: both\ninstruction: From the attribute.\nmodel: haiku\n---\nFrom the body.\n';

  it('joins them into the body, attribute first, as the RFC does (safe)', () => {
    const files = { 'both.md': CARD };
    const fix = onlyFix(files, 'rfc', 'portability');
    expect(fix.safe).toBe(true);
    expect(onlyFix(files, 'fast-agent', 'instruction-conflict').edits).toEqual(fix.edits);
    const out = apply(files, fix);
    expect(out['both.md']).toBe(
      '---\nname: both\nmodel: haiku\n---\nFrom the attribute.\nFrom the body.\n',
    );
    const after = fast(out);
    expect(errors(after)).toEqual([]);
    expect(config(after, 'both')['instruction']).toBe(config(rfc(files), 'both')['instruction']);
  });

  it('is not offered while the body still has history blocks', () => {
    const files = { 'both.md': `${CARD}---USER\nhi\n` };
    const titles = fixes(files, 'rfc').map((f) => f.title);
    expect(titles.some((t) => t.startsWith('Join'))).toBe(false);
    expect(titles.some((t) => t.startsWith('Move the inline history'))).toBe(true);
  });
});

describe('tool_hooks list', () => {
  it('becomes a mapping with the first hook as before_tool_call; the rest are comments (not safe)', () => {
    const text =
      'name: h\ntool_hooks:\n  - hooks.py:audit\n  - hook: hooks.py:limit\n    predicate: "x"\nmodel: haiku\n';
    const files = { 'h.yaml': text, 'hooks.py': 'def audit():\n    pass\n' };
    const fix = onlyFix(files, 'rfc', 'portability');
    expect(fix.safe).toBe(false);
    expect(onlyFix(files, 'fast-agent', 'invalid-value').edits).toEqual(fix.edits);
    const out = apply(files, fix);
    expect(out['h.yaml']).toBe(
      'name: h\ntool_hooks:\n  before_tool_call: hooks.py:audit\n' +
        '  # not carried over (one reference per hook point): hooks.py:limit\n' +
        '  # dropped from hooks.py:limit: predicate (fast-agent has no hook filters)\nmodel: haiku\n',
    );
    expect(errors(fast(out))).toEqual([]);
  });
});

describe('inline server config', () => {
  const CARD =
    'name: s\nservers:\n  - clock:\n      tools: [now]\n  - web\n  - api:\n      transport: http\n      url: http://localhost:9/mcp\n';

  it('becomes server names plus tools filters; the settings stay in the card as a comment', () => {
    const files = { 's.yaml': CARD };
    const fix = onlyFix(files, 'rfc', 'portability');
    expect(fix.safe).toBe(false);
    expect(fix.title).toContain(
      'their settings are kept as a comment in the card: add them to fastagent.config.yaml under mcp.servers',
    );
    const out = apply(files, fix);
    expect(out['s.yaml']).toBe(
      'name: s\nservers:\n  - clock\n  - web\n  - api\n' +
        '# for fastagent.config.yaml under mcp.servers (fast-agent takes server names only):\n' +
        '#   api: {"transport":"http","url":"http://localhost:9/mcp"}\n' +
        'tools:\n  clock:\n    - now\n',
    );
    const after = fast(out);
    expect(errors(after)).toEqual([]);
    const before = config(rfc(files), 's');
    expect(config(after, 's')).toMatchObject({
      servers: before['servers'],
      tools: before['tools'],
    });
  });

  it('keeps each comment on one line whatever the settings hold (no line break YAML 1.1 reads)', () => {
    const hostile =
      'name: s\nservers:\n  - "x\\u0085y: 1\\nz":\n      url: "a\\u2028b\\rc\\u0085d"\n';
    const fix = onlyFix({ 's.yaml': hostile }, 'rfc', 'portability');
    const out = apply({ 's.yaml': hostile }, fix)['s.yaml']!;
    const comments = out.split('\n').filter((l) => l.startsWith('#'));
    expect(comments).toHaveLength(2);
    expect(comments.join('')).not.toMatch(/[\r\u0085\u2028\u2029]/);
    expect(comments[1]).toBe('#   x\\u0085y: 1\\nz: {"url":"a\\u2028b\\rc\\u0085d"}');
  });

  it('adds the settings to a fastagent.config.yaml of the load-set', () => {
    const config =
      'mcp:\n  servers:\n    web:\n      url: http://web/mcp\n    clock:\n      command: clock\n';
    const files = { 'cards/s.yaml': CARD, 'fastagent.config.yaml': config };
    const fix = onlyFix(files, 'fast-agent', 'invalid-value');
    expect(fix.title).toContain('adds api to fastagent.config.yaml under mcp.servers');
    const out = apply(files, fix);
    expect(out['fastagent.config.yaml']).toBe(
      `${config}    api:\n      transport: http\n      url: http://localhost:9/mcp\n`,
    );
    const after = fast(out);
    expect(after.diagnostics.map((d) => d.code)).toEqual([]);
  });
});

describe('fields fast-agent removed', () => {
  it('removes history_mode (not safe: the setting is dropped)', () => {
    const files = { 'a.yaml': 'name: a\nhistory_mode: scratch\nmodel: haiku\n' };
    const fix = onlyFix(files, 'fast-agent', 'unknown-field');
    expect(fix.safe).toBe(false);
    expect(onlyFix(files, 'rfc', 'portability').edits).toEqual(fix.edits);
    expect(apply(files, fix)['a.yaml']).toBe('name: a\nmodel: haiku\n');
  });
});

describe('fixAll with the portability fixes', () => {
  const WORKSPACE: Files = {
    'team.md': `${MD_BUNDLE}---\ntype: agent\nname: critic\ninstruction: Be fair.\n---\nRate it.\n---USER\nrate this\n`,
    'tools.yaml':
      'name: tooled\nservers:\n  - clock:\n      tools: [now]\ntool_hooks:\n  - hooks.py:audit\n',
    'hooks.py': 'def audit():\n    pass\n',
    'stream.yaml': 'name: s1\n---\nname: s2\nhistory_mode: scratch\n',
  };

  it('leaves no error under the fast-agent profile, and a second run changes nothing', () => {
    const options = { portability: true, unsafe: true };
    const run = fixAll(WORKSPACE, { profile: 'fast-agent' }, options);
    expect(errors(run.result)).toEqual([]);
    expect(Object.keys(run.files).sort()).toEqual([
      'critic.history.md',
      'critic.md',
      'hooks.py',
      's2.yaml',
      'stream.yaml',
      'team.md',
      'tools.yaml',
      'writer.md',
    ]);
    expect(run.files['critic.md']).toBe(
      '---\ntype: agent\nname: critic\nmessages: critic.history.md\n---\nBe fair.\nRate it.\n',
    );
    expect(fixAll(run.files, { profile: 'fast-agent' }, options).applied).toEqual([]);
  });

  it("converts one card with every construct (the RFC's full agent example, its hooks as valid YAML)", () => {
    const card = `---
type: agent
name: pmo
servers:
  - clock:
      tools: [now]
  - files
function_tools:
  - tools.py:summarize
agents:
  - ny
history_mode: scratch
tool_hooks:
  - tools.py:audit
  - hook: tools.py:limit
    predicate: "true"
---

---SYSTEM
Get the reports.

---USER
Report, please.

---ASSISTANT
On it.
`;
    const files = {
      'pmo.md': card,
      'ny.md': '---\nname: ny\n---\nNY.\n',
      'tools.py': 'def summarize():\n    pass\n\ndef audit():\n    pass\n',
    };
    const run = fixAll(files, { profile: 'fast-agent' }, { portability: true, unsafe: true });
    expect(errors(run.result)).toEqual([]);
    expect(run.applied.map((f) => f.title.split(/[:(]/)[0]!.trim())).toEqual([
      'Use server names with `tools` filters',
      "Remove 'history_mode'",
      "Turn the `tool_hooks` list into fast-agent's mapping",
      'Move the inline history blocks to pmo.history.md',
    ]);
    expect(run.files['pmo.history.md']).toBe('---USER\nReport, please.\n\n---ASSISTANT\nOn it.\n');
    expect(agent(run.result, 'pmo').history.map((m) => m.content)).toEqual([
      'Report, please.',
      'On it.',
    ]);
  });

  it('applies no portability fix without `portability`, and only safe ones without `unsafe`', () => {
    expect(fixAll(WORKSPACE, { profile: 'fast-agent' }, { unsafe: true }).applied).toEqual([]);
    const safe = fixAll(WORKSPACE, { profile: 'fast-agent' }, { portability: true });
    expect(safe.applied.every((f) => f.safe)).toBe(true);
    expect(safe.files['stream.yaml']).toBe('name: s1\n');
  });
});
