/**
 * The frontmatter rules of AFM: reads the file's shape, then checks every field by that shape's rules
 * (agent details, model, execution, interfaces, tools, skills). Fields of the other shape are
 * `afm-mixed-shape`; draft constructs the reference implementation rejects get an `afm-draft-shape`
 * warning that says how to migrate.
 */
import type { YAMLMap } from 'yaml';
import { checkAuth } from './check-auth.ts';
import { checkDraftInterface, checkInterfaces } from './check-interfaces.ts';
import { checkSkills } from './check-skills.ts';
import { checkTools } from './check-tools.ts';
import type { Entry, NodeChecker, Range } from './node-checks.ts';
import {
  COMMON_FIELDS,
  CURRENT_ONLY_FIELDS,
  detectShape,
  DRAFT_ONLY_FIELDS,
  isCurrent,
  type AfmShape,
  type RuleContext,
} from './shape.ts';

/** Spec versions this checker knows. */
export const KNOWN_SPEC_VERSIONS = ['0.3.0', '0.4.0'];
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const STRING_FIELDS = [
  'name',
  'description',
  'author',
  'license',
  'namespace',
  'iconUrl',
  'icon_url',
];

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
  const current = isCurrent(shape);
  const own: readonly string[] = current ? CURRENT_ONLY_FIELDS : DRAFT_ONLY_FIELDS;
  const other: readonly string[] = current ? DRAFT_ONLY_FIELDS : CURRENT_ONLY_FIELDS;
  const fields = c.fields(root, [...COMMON_FIELDS, ...own], 'the frontmatter', (e) => {
    if (!other.includes(e.key)) return false;
    const which = current ? 'the draft shape' : 'the current shape';
    const hint =
      e.key === 'namespace'
        ? '; the current shape has no namespace: remove it'
        : e.key === 'iconUrl'
          ? '; write `icon_url`'
          : e.key === 'interface'
            ? '; write `interfaces: [{type: …}]`'
            : e.key === 'icon_url'
              ? '; the draft shape writes `iconUrl`'
              : '';
    c.report(
      'afm-mixed-shape',
      `'${e.key}' is a field of ${which}, but this file is written in the ${current ? 'current' : 'draft'} shape${hint}`,
      e.keyRange,
    );
    return true;
  });
  for (const [key, entry] of fields) checkField(ctx, key, entry);
  return { shape, httpAllowed: ctx.httpAllowed, skillPaths: ctx.skillPaths };
}

function checkField(ctx: RuleContext, key: string, entry: Entry): void {
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
    case 'spec_version': {
      const s = c.str(value, '`spec_version`');
      if (s !== undefined && !KNOWN_SPEC_VERSIONS.includes(s))
        c.report(
          'afm-spec-version',
          `spec_version '${s}' is not one this checker knows (${KNOWN_SPEC_VERSIONS.join(', ')}); it is checked as 0.3.0`,
          value,
        );
      return;
    }
    case 'version': {
      const s = c.str(value, '`version`');
      if (s !== undefined && !SEMVER.test(s))
        c.report(
          'invalid-value',
          '`version` should be a semantic version MAJOR.MINOR.PATCH',
          value,
          'warning',
        );
      return;
    }
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
      return checkProvider(ctx, entry);
    case 'model':
      return checkModel(ctx, entry);
    case 'tools':
      return checkTools(ctx, entry);
    case 'interface':
      return checkDraftInterface(ctx, entry);
    case 'interfaces':
      return checkInterfaces(ctx, entry);
    case 'skills':
      return checkSkills(ctx, entry);
  }
}

function checkProvider(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`provider`');
  if (!map) return;
  const current = isCurrent(ctx.shape);
  const fields = c.fields(
    map,
    current ? ['name', 'url'] : ['organization', 'url'],
    '`provider`',
    (e) => {
      if (e.key !== (current ? 'organization' : 'name')) return false;
      c.report(
        'afm-mixed-shape',
        current
          ? '`provider.organization` is the draft shape; the current shape writes `provider.name`'
          : '`provider.name` is the current shape; the draft shape writes `provider.organization`',
        e.keyRange,
      );
      return true;
    },
  );
  for (const [key, e] of fields) c.str(e.value, `\`provider.${key}\``);
  const organization = fields.get('organization');
  if (organization)
    c.report(
      'afm-draft-shape',
      'Draft shape: the reference implementation rejects `provider.organization`; migrate by renaming it to `provider.name`',
      organization.keyRange,
    );
}

function checkModel(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`model`');
  if (!map) return;
  const current = isCurrent(ctx.shape);
  const allowed = current
    ? ['name', 'provider', 'url', 'authentication']
    : ['name', 'url', 'authentication'];
  const fields = c.fields(map, allowed, '`model`', (e) => {
    if (current || e.key !== 'provider') return false;
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
