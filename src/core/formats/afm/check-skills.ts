/**
 * `skills`: where the agent's Agent Skills are, validated with `skillsSchema`; the `local` paths are read
 * for the load-set lookup.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import {
  isMissingKeyIssue,
  isUnknownKeyIssue,
  issueKeys,
  pairAt,
  schemaAt,
} from '../valibot-issues.ts';
import { skillsSchema } from './frontmatter-schema.ts';
import type { Entry } from './node-checks.ts';
import { nodeReader, reportKeyTypes, reportUnknownKeys, schemaIssues } from './schema-issues.ts';
import type { RuleContext } from './shape.ts';

/** Checks the value of the top-level `skills` field and reads its `local` paths. */
export function checkSkills(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const list = c.resolve(entry.value);
  const what = (i: number) => `skill source ${i + 1}`;
  for (const issue of schemaIssues(c, skillsSchema, list)) {
    const keys = issueKeys(issue);
    const index = Number(keys[0]);
    const item = isSeq(list) ? c.resolve(list.items[index]) : undefined;
    if (keys.length === 0) c.report('invalid-value', '`skills` must be a list', list);
    else if (keys.length === 1) c.report('invalid-value', `${what(index)} must be a mapping`, item);
    else if (isUnknownKeyIssue(issue))
      reportUnknownKeys(c, item, schemaAt(skillsSchema, [index]), what(index));
    else if (isMissingKeyIssue(issue))
      c.report('missing-field', `${what(index)} requires '${keys[1]}'`, c.range(item));
    else {
      const field = String(keys[1]);
      const { pair, node } = pairAt(list, keys, nodeReader(c));
      if (c.isNull(node))
        c.report('missing-field', `${what(index)} requires '${field}'`, c.resolve(pair?.key));
      else if (field === 'type' && isScalar(node) && typeof node.value === 'string')
        c.report('invalid-value', `Unknown skill source type '${node.value}' (only 'local')`, node);
      else c.report('invalid-value', `\`skills[].${field}\` must be a string`, node);
    }
  }
  if (!isSeq(list)) return;
  list.items.forEach((node, i) => {
    const item = c.resolve(node);
    if (!isMap(item)) return;
    reportKeyTypes(c, item, what(i));
    const path = pairAt(item, ['path'], nodeReader(c)).node;
    if (isScalar(path) && typeof path.value === 'string')
      ctx.skillPaths.push({ path: path.value, node: path });
  });
}
