/**
 * The frontmatter rules of AFM: reads the file's shape, then checks every field by that shape's rules. A
 * current-shape file (and one with only the fields every shape shares) is validated with
 * `frontmatterSchema`, whose issues `frontmatter-issues.ts` words, and the named checks of
 * `frontmatter-checks.ts`. A draft-shape file is read by hand (the schema describes the current shape):
 * fields of the current shape are `afm-mixed-shape`, and each draft construct the reference implementation
 * rejects gets an `afm-draft-shape` warning that says how to migrate.
 */
import * as v from 'valibot';
import type { YAMLMap } from 'yaml';
import { plainValue } from '../valibot-issues.ts';
import { checkAuth } from './check-auth.ts';
import { checkDraftInterface } from './check-interfaces.ts';
import { checkTools } from './check-tools.ts';
import { checkCurrentRules, checkSpecVersion, checkVersion } from './frontmatter-checks.ts';
import { reportIssues } from './frontmatter-issues.ts';
import { FrontmatterPaths } from './frontmatter-paths.ts';
import { frontmatterSchema } from './frontmatter-schema.ts';
import type { Entry, NodeChecker, Range } from './node-checks.ts';
import { nodeReader } from './schema-issues.ts';
import {
  COMMON_FIELDS,
  CURRENT_ONLY_FIELDS,
  detectShape,
  DRAFT_ONLY_FIELDS,
  isCurrent,
  type AfmShape,
  type RuleContext,
} from './shape.ts';

const STRING_FIELDS = ['name', 'description', 'author', 'license', 'namespace', 'iconUrl'];

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
  if (isCurrent(shape)) {
    const p = new FrontmatterPaths(c, root);
    const value = plainValue(root, new Set(), nodeReader(c));
    reportIssues(p, v.safeParse(frontmatterSchema, value).issues ?? []);
    checkCurrentRules(ctx, p);
  } else checkDraftFrontmatter(ctx, root);
  return { shape, httpAllowed: ctx.httpAllowed, skillPaths: ctx.skillPaths };
}

/** The draft shape's top-level fields, by hand. */
function checkDraftFrontmatter(ctx: RuleContext, root: YAMLMap): void {
  const { c } = ctx;
  const hints: Readonly<Record<string, string>> = {
    icon_url: '; the draft shape writes `iconUrl`',
  };
  const fields = c.fields(
    root,
    [...COMMON_FIELDS, ...DRAFT_ONLY_FIELDS],
    'the frontmatter',
    (e) => {
      if (!(CURRENT_ONLY_FIELDS as readonly string[]).includes(e.key)) return false;
      c.report(
        'afm-mixed-shape',
        `'${e.key}' is a field of the current shape, but this file is written in the draft shape${Object.hasOwn(hints, e.key) ? hints[e.key] : ''}`,
        e.keyRange,
      );
      return true;
    },
  );
  for (const [key, entry] of fields) checkDraftField(ctx, key, entry);
}

function checkDraftField(ctx: RuleContext, key: string, entry: Entry): void {
  const { c } = ctx;
  const value = c.resolve(entry.value);
  if (STRING_FIELDS.includes(key)) {
    const s = c.str(value, `\`${key}\``);
    if (key === 'name' && s !== undefined && s.trim() === '')
      c.report('invalid-value', '`name` must not be empty', value);
    if (key === 'namespace')
      c.report(
        'afm-draft-shape',
        'Draft shape: the reference implementation rejects `namespace`; migrate by removing it',
        entry.keyRange,
      );
    if (key === 'iconUrl')
      c.report(
        'afm-draft-shape',
        'Draft shape: the reference implementation rejects `iconUrl`; migrate by renaming it to `icon_url`',
        entry.keyRange,
      );
    return;
  }
  switch (key) {
    case 'spec_version':
      return checkSpecVersion(c, value, c.str(value, '`spec_version`'));
    case 'version':
      return checkVersion(c, value, c.str(value, '`version`'));
    case 'authors':
      c.strList(value, '`authors`');
      return;
    case 'max_iterations': {
      const n = c.int(value, '`max_iterations`');
      if (n !== undefined && n < 1)
        c.report('invalid-value', '`max_iterations` should be at least 1', value, 'warning');
      return;
    }
    case 'provider':
      return checkDraftProvider(ctx, entry);
    case 'model':
      return checkDraftModel(ctx, entry);
    case 'tools':
      return checkTools(ctx, entry);
    case 'interface':
      return checkDraftInterface(ctx, entry);
  }
}

function checkDraftProvider(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`provider`');
  if (!map) return;
  const fields = c.fields(map, ['organization', 'url'], '`provider`', (e) => {
    if (e.key !== 'name') return false;
    c.report(
      'afm-mixed-shape',
      '`provider.name` is the current shape; the draft shape writes `provider.organization`',
      e.keyRange,
    );
    return true;
  });
  for (const [key, e] of fields) c.str(e.value, `\`provider.${key}\``);
  const organization = fields.get('organization');
  if (organization)
    c.report(
      'afm-draft-shape',
      'Draft shape: the reference implementation rejects `provider.organization`; migrate by renaming it to `provider.name`',
      organization.keyRange,
    );
}

function checkDraftModel(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`model`');
  if (!map) return;
  const fields = c.fields(map, ['name', 'url', 'authentication'], '`model`', (e) => {
    if (e.key !== 'provider') return false;
    c.report(
      'afm-mixed-shape',
      '`model.provider` is a field of the current shape, not of the draft shape',
      e.keyRange,
    );
    return true;
  });
  for (const key of ['name', 'provider', 'url']) {
    const e = fields.get(key);
    if (e) c.str(e.value, `\`model.${key}\``);
  }
  const auth = fields.get('authentication');
  if (auth && !c.isNull(auth.value)) checkAuth(c, auth, 'model.authentication');
}
