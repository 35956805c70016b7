import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePermalink } from '../../src/permalink/permalink.ts';
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

  it('writes a file name with a backtick or an ampersand so the fence keeps it, and refuses one with a line break', async () => {
    const hostile = '<img src=x onerror=alert(1)>\n';
    writeFileSync(join(dir, 'a`b&amp;.md'), hostile);
    writeFileSync(join(dir, 'line\nbreak.md'), hostile);
    const fence = cli(['embed', '--format', 'fence', 'chat.md', 'a`b&amp;.md']);
    expect(fence.code).toBe(0);
    const html = new MarkdownIt({ html: true }).use(markdownItAgentcard).render(fence.out);
    expect(html).not.toContain('<img');
    const [embed] = await readEmbeds(html);
    expect(embed!.envelope?.files).toEqual({ 'chat.md': CHAT, 'a`b&amp;.md': hostile });

    const refused = cli(['embed', '--format', 'fence', 'chat.md', 'line\nbreak.md']);
    expect(refused).toMatchObject({ code: 2, out: '' });
    expect(refused.err).toMatch(
      /^agentcard embed: No agentcard fence: file 2's name has a line break/,
    );
    expect(refused.err).not.toContain('line\nbreak');
    // All three: the fence's place says why; the element still carries the files.
    const all = cli(['embed', 'chat.md', 'line\nbreak.md']);
    expect(all.code).toBe(0);
    expect(all.out).toContain('<!-- No agentcard fence: file 2');
    expect(all.out).toContain('<agentcard-playground permalink="#v1:');
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
