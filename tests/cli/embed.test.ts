import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePermalink } from '../../src/core/index.ts';
import { run } from '../../src/cli/main.ts';
import markdownItAgentcard from '../../src/markdown/markdown-it.ts';
import { readEmbeds } from '../../src/markdown/plugin-cases.ts';

const dir = mkdtempSync(join(tmpdir(), 'agentcard-embed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'team'));
const CHAT = '---\ntype: agent\nname: chat\nmessages: team/history.md\n---\nChat.\n';
const HISTORY = '---user\nHello\n';
writeFileSync(join(dir, 'chat.md'), CHAT);
writeFileSync(join(dir, 'team', 'history.md'), HISTORY);

function cli(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = run(args, { cwd: dir, env, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('agentcard link', () => {
  it('prints the permalink of the files, the first shown first', async () => {
    const { code, out } = cli(['link', '--profile', 'fast-agent', 'chat.md', 'team/history.md']);
    expect(code).toBe(0);
    expect(out).toMatch(/^#v1:[\w-]+\n$/);
    expect(await decodePermalink(out.trim())).toEqual({
      ok: true,
      envelope: {
        files: { 'chat.md': CHAT, 'team/history.md': HISTORY },
        active: 'chat.md',
        profile: 'fast-agent',
      },
    });
  });

  it('prints a whole link with --playground or AGENTCARD_PLAYGROUND', () => {
    expect(cli(['link', '--playground', 'https://p.example/tools/', 'chat.md']).out).toMatch(
      /^https:\/\/p\.example\/tools\/#v1:[\w-]+\n$/,
    );
    expect(cli(['link', 'chat.md'], { AGENTCARD_PLAYGROUND: 'https://q.example/' }).out).toMatch(
      /^https:\/\/q\.example\/#v1:/,
    );
  });

  it('is a usage error without files or with an unreadable one', () => {
    expect(cli(['link'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('give at least one FILE'),
    });
    expect(cli(['link', 'missing.md'])).toMatchObject({
      code: 2,
      err: expect.stringContaining("cannot read 'missing.md'"),
    });
  });
});

describe('agentcard embed', () => {
  it('prints a fence group that the Markdown plugin turns into the same workspace', async () => {
    const { code, out } = cli([
      'embed',
      '--format',
      'fence',
      '--view',
      'graph',
      'chat.md',
      'team/history.md',
    ]);
    expect(code).toBe(0);
    const [embed] = await readEmbeds(new MarkdownIt().use(markdownItAgentcard).render(out));
    expect(embed!.envelope?.files).toEqual({ 'chat.md': CHAT, 'team/history.md': HISTORY });
    expect(embed!.attributes['view']).toBe('graph');
  });

  it('prints the fence, the element and the iframe by default, pointing at the playground given', () => {
    const { out } = cli(['embed', '--playground', 'https://p.example/', 'chat.md']);
    expect(out).toContain('```agentcard file=chat.md\n');
    expect(out).toContain(
      '<script src="https://p.example/agentcard-playground.js" defer></script>',
    );
    expect(out).toMatch(/<agentcard-playground permalink="#v1:[\w-]+">/);
    expect(out).toMatch(/<iframe [^>]*src="https:\/\/p\.example\/embed\.html#v1:[\w-]+"/);
  });

  it('refuses a bad view or format', () => {
    expect(cli(['embed', '--view', 'Big View', 'chat.md']).code).toBe(2);
    expect(cli(['embed', '--format', 'pdf', 'chat.md']).err).toContain('--format');
  });

  it('has a help', () => {
    expect(cli(['embed', '--help']).out).toContain('Usage: agentcard embed [options] FILE...');
    expect(cli(['help', 'link']).out).toContain('Usage: agentcard link [options] FILE...');
  });
});
