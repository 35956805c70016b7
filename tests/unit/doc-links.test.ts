import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's heading anchors: lower-cased, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = text.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/\sid="([^"]+)"/g)) found.add(id!);
  return found;
}

const pages = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('links in the README and docs/', () => {
  for (const page of pages) {
    it(`resolve from ${relative(ROOT, page)}`, () => {
      const text = readFileSync(page, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
      const broken: string[] = [];
      for (const match of text.matchAll(/\]\(([^)\s]+)\)|\bsrc="([^"]+)"/g)) {
        const target = match[1] ?? match[2]!;
        if (/^[a-z]+:/i.test(target)) continue;
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const path = file === '' ? page : join(dirname(page), file);
        if (!existsSync(path)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && !anchors(readFileSync(path, 'utf8')).has(anchor))
          broken.push(`${target}: no heading or id "${anchor}"`);
      }
      expect(broken).toEqual([]);
    });
  }
});
