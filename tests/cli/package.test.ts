/**
 * The package a docs author installs: `npm pack` builds what it needs (the `prepare` script) and the tarball
 * holds every `exports` target and the `agentcard` bin; installed with `--omit=dev` into an empty project it
 * pulls in only what the core, the CLI and the plugins import, and both plugins, the core and the command
 * work from there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangGuard } from '../setup/hang-guard.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
  dependencies: Record<string, string>;
};
const dir = mkdtempSync(join(tmpdir(), 'agentcard-package-'));
const project = join(dir, 'site');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs npm quietly; its stdout. */
function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What `npm pack --json` says of the tarball. */
function packReport(output: string): { filename: string; files: string[] } {
  // With scripts, their output comes before the JSON on stdout.
  const json = output.slice(output.search(/^\[/m));
  const [report] = JSON.parse(json) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { filename: report!.filename, files: report!.files.map((file) => file.path) };
}

/** Every file an `exports` target or the bin names (a `*` pattern: the files it matches in the tree). */
function expectedFiles(): string[] {
  const targets = [
    ...Object.values(manifest.bin),
    ...Object.values(manifest.exports).flatMap((target) =>
      typeof target === 'string' ? [target] : [target.types, target.default],
    ),
  ].map((target) => target.replace(/^\.\//, ''));
  return targets.flatMap((target) => {
    if (!target.includes('*')) return [target];
    const [folder, pattern] = [target.slice(0, target.lastIndexOf('/')), target.split('/').pop()!];
    const matcher = new RegExp(`^${pattern.replace(/\./g, '\\.').replace('*', '.+')}$`);
    return readdirSync(join(ROOT, folder))
      .filter((name) => matcher.test(name))
      .map((name) => `${folder}/${name}`);
  });
}

let tarball: string;

beforeAll(() => {
  // With its scripts: the packed package is built by them, not by this test.
  const packed = npm(['pack', '--json', '--pack-destination', dir], ROOT);
  tarball = join(dir, packReport(packed).filename);
  expect(existsSync(tarball)).toBe(true);
}, hangGuard(180_000));

describe('the packed package', () => {
  it(
    'lists every exports target, the JSON Schemas and the bin in npm pack --dry-run',
    () => {
      const { files } = packReport(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT));
      const expected = expectedFiles();
      expect(expected).toContain('dist-cli/markdown/remark.js');
      expect(expected).toContain('dist/agentcard-playground.js');
      expect(expected).toContain('public/schemas/v1/agentcard.schema.json');
      expect(expected.filter((file) => !files.includes(file))).toEqual([]);
      // Nothing of the app, the tests or the build's bookkeeping.
      expect(
        files.filter((file) => /^(src|tests|scripts)\/|tsbuildinfo|\.map$/.test(file)),
      ).toEqual([]);
    },
    hangGuard(120_000),
  );

  it(
    'installs with --omit=dev into a project where both plugins, the core and agentcard work',
    () => {
      mkdirSync(project);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'docs-site', version: '1.0.0', private: true, type: 'module' }),
      );
      npm(['install', '--omit=dev', '--prefer-offline', tarball], project);

      const installed = npm(['ls', '--all', '--parseable', '--omit=dev'], project)
        .trim()
        .split('\n')
        .slice(1)
        .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
      console.log(
        `installed packages with --omit=dev: ${installed.length} (${installed.join(', ')})`,
      );
      expect(installed.sort()).toEqual(
        [manifest.name, ...Object.keys(manifest.dependencies)].sort(),
      );

      const markdownIt = pathToFileURL(createRequire(import.meta.url).resolve('markdown-it')).href;
      writeFileSync(
        join(project, 'probe.mjs'),
        `import MarkdownIt from ${JSON.stringify(markdownIt)};
import markdownIt from 'agentcard-playground/markdown-it';
import remark from 'agentcard-playground/remark';
import { decodePermalink } from 'agentcard-playground/permalink';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const schema = require('agentcard-playground/schemas/v1/agentcard.schema.json');
const html = new MarkdownIt().use(markdownIt, { playground: 'https://play.example/' })
  .render('\`\`\`agentcard\\n---\\nname: a\\n---\\nHi.\\n\`\`\`\\n');
const permalink = /permalink="([^"]+)"/.exec(html)[1];
const tree = { type: 'root', children: [{ type: 'code', lang: 'agentcard', meta: null, value: 'Hi.' }] };
remark({})(tree);
const decoded = await decodePermalink(permalink);
console.log(JSON.stringify({
  src: /src="([^"]+)"/.exec(html)[1],
  files: decoded.ok ? decoded.envelope.files : null,
  remark: tree.children[0].data.hName,
  schema: typeof schema.$schema,
  element: require.resolve('agentcard-playground/element').endsWith('agentcard-playground.js'),
}));
`,
      );
      const probe = spawnSync('node', ['probe.mjs'], { cwd: project, encoding: 'utf8' });
      expect(probe.stderr).toBe('');
      expect(JSON.parse(probe.stdout)).toEqual({
        src: 'https://play.example/embed.html',
        files: { 'card.md': '---\nname: a\n---\nHi.\n' },
        remark: 'agentcard-playground',
        schema: 'string',
        element: true,
      });

      const bin = join(project, 'node_modules', '.bin', 'agentcard');
      expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout).toBe(
        `${manifest.version}\n`,
      );
      writeFileSync(
        join(project, 'card.md'),
        '---\ntype: agent\nname: sizer\nmodle: haiku\n---\nEstimate.\n',
      );
      const check = spawnSync(bin, ['check', '--json', 'card.md'], {
        cwd: project,
        encoding: 'utf8',
      });
      expect(check.status).toBe(1);
      expect(
        (JSON.parse(check.stdout) as { diagnostics: Array<{ code: string }> }).diagnostics.map(
          (d) => d.code,
        ),
      ).toEqual(['unknown-field']);
    },
    hangGuard(120_000),
  );
});
