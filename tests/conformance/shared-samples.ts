import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';

/** The shared samples folder (`../shared/samples` beside the project), or undefined when absent. */
export function samplesDir(...parts: string[]): string | undefined {
  const dir = fileURLToPath(new URL(`../../../shared/samples/${parts.join('/')}`, import.meta.url));
  if (existsSync(dir)) return dir;
  console.log(
    `skipped: ../shared/samples/${parts.join('/')} is not here (it exists only beside the team's checkouts)`,
  );
  return undefined;
}

/** Reads a file as UTF-8, or undefined. */
export function readIfFile(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** Card files directly inside a folder, as load-set paths relative to `root`. */
export function topLevelCards(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|markdown|ya?ml)$/i.test(e.name))
    .map((e) =>
      relative(root, join(root, dir, e.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}
