/**
 * The frontmatter rules of AFM: reads the file's shape, then checks every field by that shape's rules. A
 * current-shape file (and one with only the fields every shape shares) is validated with
 * `frontmatterSchema`, whose issues `frontmatter-issues.ts` words, and the named checks of
 * `frontmatter-checks.ts`. A draft-shape file is validated alike with `draftFrontmatterSchema`,
 * `draft-issues.ts` and `draft-checks.ts`: fields of the current shape are `afm-mixed-shape`, and each
 * draft construct the reference implementation rejects gets an `afm-draft-shape` warning that says how to
 * migrate.
 */
import * as v from 'valibot';
import type { YAMLMap } from 'yaml';
import { plainValue } from '../valibot-issues.ts';
import { checkDraftRules } from './draft-checks.ts';
import { reportDraftIssues } from './draft-issues.ts';
import { checkCurrentRules } from './frontmatter-checks.ts';
import { reportIssues } from './frontmatter-issues.ts';
import { FrontmatterPaths } from './frontmatter-paths.ts';
import { draftFrontmatterSchema, frontmatterSchema } from './frontmatter-schema.ts';
import type { NodeChecker, Range } from './node-checks.ts';
import { nodeReader } from './schema-issues.ts';
import { detectShape, isCurrent, type AfmShape, type RuleContext } from './shape.ts';

/** What checking a frontmatter found beyond its diagnostics. */
export interface FrontmatterReading {
  shape: AfmShape;
  httpAllowed: Range[];
  skillPaths: Array<{ path: string; node: unknown }>;
}

/** Checks the root mapping of a frontmatter; every problem goes to `c.diagnostics`. */
export function checkFrontmatter(c: NodeChecker, root: YAMLMap): FrontmatterReading {
  const { shape } = detectShape(c, root);
  const ctx: RuleContext = { c, shape, httpAllowed: [], skillPaths: [] };
  const value = plainValue(root, new Set(), nodeReader(c));
  if (isCurrent(shape)) {
    const p = new FrontmatterPaths(c, root);
    reportIssues(p, v.safeParse(frontmatterSchema, value).issues ?? []);
    checkCurrentRules(ctx, p);
  } else {
    const p = new FrontmatterPaths(c, root, draftFrontmatterSchema);
    reportDraftIssues(p, v.safeParse(draftFrontmatterSchema, value).issues ?? []);
    checkDraftRules(p);
  }
  return { shape, httpAllowed: ctx.httpAllowed, skillPaths: ctx.skillPaths };
}
