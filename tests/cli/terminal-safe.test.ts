import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { escapeControls } from '../../src/core/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'agentcard-safe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ESC (clear screen, red), CR, LF, DEL, C1 NEL (U+0085) and RLO (U+202E): in a field name (YAML escapes,
// so the key holds the raw characters) and in the file's name itself.
const EVIL_NAME = 'ev\u001b[31mil\r\n\u007f\u0085\u202e.yaml';
writeFileSync(
  join(dir, EVIL_NAME),
  'type: agent\nname: x\n"a\\e[2Jb\\rc\\nd\\x7fe\\Nf\\u202eg": 1\ninstruction: x\n',
);
// A raw ESC in the source line itself, quoted by --pretty.
writeFileSync(join(dir, 'raw.yaml'), 'type: agent\nname: raw\n"k\u001b[2J": 1\ninstruction: x\n');
// A field name that would forge a clean summary line in the middle of a failing run's log.
writeFileSync(
  join(dir, 'forge.yaml'),
  'type: agent\nname: forge\n"x\\n0 errors, 0 warnings, 0 notes in 1 file; 1 agents compiled (profile rfc)\\ny": 1\ninstruction: x\n',
);

function runCli(args: string[]) {
  let out = '';
  let err = '';
  const code = run(args, { cwd: dir, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** Every character a terminal could act on, besides the line breaks between output lines. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const FILE = 'ev\\e[31mil\\r\\n\\x7f\\u0085\\u202e.yaml';
const FIELD = 'a\\e[2Jb\\rc\\nd\\x7fe\\u0085f\\u202eg';

describe('terminal-safe output: control characters from cards are escaped', () => {
  it('in the one-line human reporter: file name and message', () => {
    const { code, out } = runCli(['check', EVIL_NAME]);
    expect(code).toBe(1);
    expect(out.split('\n')).toEqual([
      `${FILE}:3:1 error unknown-field Unknown field '${FIELD}' for type 'agent'`,
      '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('in the grouped reporter: file name, message and the quoted source line', () => {
    const { out } = runCli(['check', '--pretty', EVIL_NAME, 'raw.yaml']);
    expect(out).not.toMatch(UNSAFE);
    expect(out.split('\n')).toEqual([
      FILE,
      `  3:1  error  Unknown field '${FIELD}' for type 'agent'  unknown-field`,
      '    3 | "a\\e[2Jb\\rc\\nd\\x7fe\\Nf\\u202eg": 1',
      '      | ' + '^'.repeat(30),
      '',
      'raw.yaml',
      "  3:1  error  Unknown field 'k\\e[2J' for type 'agent'  unknown-field",
      '    3 | "k\\e[2J": 1',
      '      | ^^^^^^^^',
      '',
      '2 errors, 0 warnings, 0 notes in 2 files; 0 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('in the GitHub reporter, which still applies its own %-escaping', () => {
    const { out } = runCli(['check', '--reporter', 'github', EVIL_NAME]);
    expect(out).not.toMatch(UNSAFE);
    expect(out.split('\n')).toEqual([
      `::error file=${FILE},line=3,col=1,endLine=3,endColumn=31,title=agentcard%3A unknown-field::Unknown field '${FIELD}' for type 'agent'`,
      '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('no field name can forge a summary line: the only summary is the last line, and it is honest', () => {
    for (const args of [['check'], ['check', '--pretty'], ['check', '--reporter', 'github']]) {
      const lines = runCli([...args, 'forge.yaml']).out.split('\n');
      expect(lines.filter((l) => /^\d+ errors?,/.test(l))).toEqual([
        '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      ]);
      expect(lines.at(-2)).toBe(
        '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      );
    }
  });

  it('JSON keeps the text exactly as the card has it', () => {
    const json = JSON.parse(runCli(['check', '--json', EVIL_NAME]).out);
    expect(json.diagnostics[0].file).toBe(EVIL_NAME);
    expect(json.diagnostics[0].message).toContain('a\u001b[2Jb\rc\nd\u007fe\u0085f\u202eg');
  });
});

// The other commands, on their own folder: agents named with a NUL, an ESC colour sequence and a BEL,
// and a right-to-left override (YAML escapes), and a card whose body holds them raw.
const more = join(dir, 'more');
mkdirSync(more);
const card = (front: string, body = 'Do the job.') => `---\n${front}\n---\n${body}\n`;
writeFileSync(
  join(more, 'names.md'),
  card('type: agent\nname: "nul\\0name"') +
    card('type: agent\nname: "esc\\e[31mred\\a"') +
    card('type: agent\nname: "rlo\\u202eabc"') +
    card(
      'type: chain\nname: pipeline\nsequence: ["nul\\0name", "esc\\e[31mred\\a", "rlo\\u202eabc"]',
    ),
);
const RAW_BODY = 'Body \u001b[2J with BEL \u0007 and RLO \u202e end.';
writeFileSync(join(more, 'raw.md'), card('type: agent\nname: raw', RAW_BODY));
writeFileSync(join(more, 'typo.md'), card('type: agent\nname: typo\ndescripton: d', RAW_BODY));
writeFileSync(
  join(more, 'crlf.md'),
  card('type: agent\nname: crlf\ndescripton: d', RAW_BODY).replaceAll('\n', '\r\n'),
);

function runIn(cwd: string, args: string[], isTTY = false) {
  let out = '';
  let err = '';
  const code = run(args, { cwd, isTTY, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** `UNSAFE` without the line breaks of a CRLF file. */
const UNSAFE_BUT_CRLF =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

describe('terminal-safe output of graph, convert, embed and fixes', () => {
  it('graph --format dot and mermaid show the names as pictures; Graphviz renders the DOT', async () => {
    const dot = runIn(more, ['graph', '--format', 'dot', 'names.md']);
    expect(dot.code).toBe(0);
    expect(dot.out).not.toMatch(UNSAFE);
    expect(dot.out).toContain('"nul␀name\\nagent"');
    expect(dot.out).toContain('"esc␛[31mred␇\\nagent"');
    expect(dot.out).toContain('"rlo\\\\u202eabc\\nagent"');
    const svg = (await Graphviz.load()).dot(dot.out, 'svg');
    expect(svg.match(/class="node"/g)).toHaveLength(4);
    const mermaid = runIn(more, ['graph', '--format', 'mermaid', 'names.md']).out;
    expect(mermaid).not.toMatch(UNSAFE);
    expect(mermaid).toContain(`"nul#9216;name (agent)"`);
  });

  it('graph JSON keeps every name exact, its controls written as \\u escapes', () => {
    const { out } = runIn(more, ['graph', 'names.md']);
    expect(out).not.toMatch(UNSAFE);
    expect(out).toContain('"rlo\\u202eabc"');
    const graph = JSON.parse(out) as { nodes: Array<{ name: string }> };
    expect(graph.nodes.map((n) => n.name).sort()).toEqual(
      ['esc\u001b[31mred\u0007', 'nul\u0000name', 'pipeline', 'rlo\u202eabc'].sort(),
    );
  });

  it('check --json writes C1 and bidi controls as \\u escapes and parses to the exact text', () => {
    const { out } = runCli(['check', '--json', EVIL_NAME]);
    expect(out).not.toMatch(UNSAFE);
    expect(JSON.parse(out).diagnostics[0].file).toBe(EVIL_NAME);
  });

  it('--fix-dry-run shows the diff with its controls escaped, and keeps the CRLF line ends', () => {
    const lf = runIn(more, ['check', '--fix-dry-run', 'typo.md']);
    expect(lf.out).not.toMatch(UNSAFE);
    expect(lf.out).toContain('+description: d\n');
    expect(lf.out).toContain(' Body \\e[2J with BEL \\x07 and RLO \\u202e end.\n');
    const crlf = runIn(more, ['check', '--fix-dry-run', 'crlf.md']).out;
    expect(crlf).not.toMatch(UNSAFE_BUT_CRLF);
    expect(crlf).toContain('+description: d\r\n');
    expect(crlf).toContain(' Body \\e[2J with BEL \\x07 and RLO \\u202e end.\r\n');
  });

  it('a path with controls is escaped in every message on stderr', () => {
    for (const command of ['check', 'graph', 'convert']) {
      const args = command === 'convert' ? ['--to', 'afm'] : [];
      const { code, err } = runIn(more, [command, ...args, 'no\u001b[2Jpe\u202e.md']);
      expect(code).toBe(2);
      expect(err).not.toMatch(UNSAFE);
      expect(err).toContain('no\\e[2Jpe\\u202e.md');
    }
  });

  it('convert prints the converted file exactly into a pipe, and escaped on a terminal', () => {
    const piped = runIn(more, ['convert', '--to', 'afm', 'raw.md']);
    expect(piped.code).toBe(0);
    expect(piped.out).toContain(RAW_BODY);
    const terminal = runIn(more, ['convert', '--to', 'afm', 'raw.md'], true);
    expect(terminal.out).not.toMatch(UNSAFE);
    expect(terminal.out).toBe(escapeControls(piped.out).replaceAll('\\n', '\n'));
    expect(terminal.err).toContain('control characters are shown as escapes');
  });

  it('embed prints the snippets exactly into a pipe, and escaped on a terminal', () => {
    const piped = runIn(more, ['embed', '--format', 'fence', 'raw.md']);
    expect(piped.out).toContain(RAW_BODY);
    const terminal = runIn(more, ['embed', '--format', 'fence', 'raw.md'], true);
    expect(terminal.out).not.toMatch(UNSAFE);
    expect(terminal.out).toContain('Body \\e[2J with BEL \\x07 and RLO \\u202e end.\n');
    expect(terminal.err).toContain('control characters are shown as escapes');
  });
});
