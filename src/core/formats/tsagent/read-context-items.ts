/**
 * Rules and references: `.mdt` files of an agent folder (YAML frontmatter + GFM text) and the `rules` /
 * `references` lists of the YAML file. Both become `ContextItem`s, checked with TsAgent's rules.
 */
import { parseYaml } from '../../text/parse-yaml.ts';
import { basename } from '../../text/paths.ts';
import { didYouMean } from '../../text/did-you-mean.ts';
import { INCLUDE_MODES, CONTEXT_ITEM_KEYS } from './config-schema.ts';
import type { Findings } from './findings.ts';
import type { TsAgentCode } from './codes.ts';
import { warnUnknownKeys } from './check-definition.ts';
import { valueOf, yamlTree, type LocatedNode } from './located-tree.ts';

/** The include mode of a rule or reference. */
export type IncludeMode = (typeof INCLUDE_MODES)[number];

/** A rule or reference as TsAgent would load it. */
export interface ContextItem {
  kind: 'rule' | 'reference';
  name: string;
  description: string;
  /** 0–999 (TsAgent reads 0 and a missing value as 500). */
  priorityLevel: number;
  include: IncludeMode;
  text: string;
  file: string;
  /** The item's range in `file` (the whole `.mdt` file, or the list entry of the YAML file). */
  from: number;
  to: number;
  /** Where the item's name is given (its `name` value), else `[from, from]`. */
  nameFrom: number;
  nameTo: number;
}

const MDT_KEYS = ['name', 'description', 'priorityLevel', 'include'];
const DEFAULT_PRIORITY = 500;
/** TsAgent's include mode when none is given. */
export const DEFAULT_INCLUDE: IncludeMode = 'manual';

/**
 * Reads one `.mdt` file the way TsAgent 1.2 does: the text is split on `---\n`, so the file must start
 * with `---\n` and the frontmatter ends at the next `---\n` (even glued to a `}` on the same line, as
 * TsAgent's own writer puts it). A file TsAgent skips gets `tsagent-mdt-skipped` and yields nothing.
 */
export function readMdt(
  kind: ContextItem['kind'],
  file: string,
  text: string,
  findings: Findings,
): ContextItem | undefined {
  const skip = (why: string, from = 0, to = Math.min(text.length, 3)) => {
    findings.add(
      file,
      'tsagent-mdt-skipped',
      `TsAgent skips this ${kind} without a word: ${why}`,
      from,
      Math.max(Math.min(to, text.length), Math.min(from + 1, text.length)),
    );
    return undefined;
  };
  if (text.startsWith('---\r\n'))
    return skip('it has CRLF line ends (TsAgent splits on `---\\n`); save it with LF line ends');
  if (!text.startsWith('---\n'))
    return skip('it has no `---` frontmatter (the file must start with a `---` line)');
  const close = text.indexOf('---\n', 4);
  if (close === -1) return skip('its frontmatter is never closed by a `---` line', 0, 3);
  const body = text.slice(close + 4);
  const parsed = parseYaml(text.slice(4, close), 4, '1.2');
  for (const d of parsed.diagnostics)
    // parseYaml raises the core's YAML codes only.
    findings.add(file, d.code as TsAgentCode, d.message, d.from, d.to, d.severity);
  if (!parsed.ok || !parsed.doc) return undefined;
  const front = parsed.empty ? undefined : yamlTree(parsed.doc.contents, parsed.doc, 4);
  if (front !== undefined && front.kind !== 'object') {
    findings.at(file, front, 'invalid-value', 'The frontmatter must be a mapping of fields');
    return undefined;
  }
  if (body.trim() === '')
    return skip('it has no text after the frontmatter (`Text is required`)', close, close + 3);
  if (front?.kind === 'object') warnFrontmatterKeys(front, file, findings);
  const name = readName(front, file, findings) ?? basename(file).replace(/\.mdt$/i, '');
  const item = readFields(front, kind, name, file, findings);
  if (!item) return undefined;
  const nameNode = valueOf(front, 'name');
  return {
    ...item,
    text: body,
    file,
    from: 0,
    to: text.length,
    nameFrom: nameNode?.from ?? 0,
    nameTo: nameNode?.to ?? 0,
  };
}

/** Warns on frontmatter keys TsAgent ignores, naming what replaced the retired `enabled`. */
function warnFrontmatterKeys(
  front: LocatedNode & { kind: 'object' },
  file: string,
  findings: Findings,
): void {
  warnUnknownKeys(front, [...MDT_KEYS, 'enabled'], file, findings, 'TsAgent ignores it');
  const enabled = front.byKey.get('enabled');
  if (enabled)
    findings.add(
      file,
      'unknown-field',
      'TsAgent no longer reads `enabled`; say `include: always`, `manual` or `agent`',
      enabled.keyFrom,
      Math.max(enabled.keyTo, enabled.keyFrom + 1),
      'warning',
    );
}

/**
 * Reads the `rules` or `references` list of the YAML file (already schema-checked): the items TsAgent
 * would load, with the checks the schema does not make.
 */
export function readYamlItems(
  list: LocatedNode | undefined,
  kind: ContextItem['kind'],
  file: string,
  findings: Findings,
): ContextItem[] {
  const out: ContextItem[] = [];
  if (list?.kind !== 'array') return out;
  for (const node of list.items) {
    if (node.kind !== 'object') continue;
    warnUnknownKeys(node, CONTEXT_ITEM_KEYS, file, findings, 'TsAgent drops it');
    const name = readName(node, file, findings);
    const textNode = valueOf(node, 'text');
    if (name === undefined || textNode?.kind !== 'scalar' || typeof textNode.value !== 'string')
      continue;
    // The schema has reported every bad value already: read quietly.
    const item = readFields(node, kind, name, file, undefined);
    const nameNode = valueOf(node, 'name')!;
    if (item)
      out.push({
        ...item,
        text: textNode.value,
        file,
        from: node.from,
        to: node.to,
        nameFrom: nameNode.from,
        nameTo: nameNode.to,
      });
  }
  return out;
}

function readName(
  front: LocatedNode | undefined,
  file: string,
  findings: Findings,
): string | undefined {
  const node = valueOf(front, 'name');
  if (node === undefined) return undefined;
  if (node.kind === 'scalar' && typeof node.value === 'string' && node.value.trim() !== '')
    return node.value;
  findings.at(file, node, 'invalid-value', '`name` must be a non-empty string');
  return undefined;
}

function readFields(
  front: LocatedNode | undefined,
  kind: ContextItem['kind'],
  name: string,
  file: string,
  report: Findings | undefined,
): Pick<ContextItem, 'kind' | 'name' | 'description' | 'priorityLevel' | 'include'> | undefined {
  // Each field is read (and reported) even when an earlier one is invalid.
  const description = readDescription(valueOf(front, 'description'), file, report);
  const priorityLevel = readPriority(valueOf(front, 'priorityLevel'), file, report);
  const include = readInclude(valueOf(front, 'include'), file, report);
  if (description === undefined || priorityLevel === undefined || include === undefined)
    return undefined;
  return { kind, name, description, priorityLevel, include };
}

/** The description ('' when absent or null), or undefined when it is not a string. */
function readDescription(
  node: LocatedNode | undefined,
  file: string,
  report: Findings | undefined,
): string | undefined {
  if (node === undefined) return '';
  if (node.kind === 'scalar' && typeof node.value === 'string') return node.value;
  if (node.kind === 'scalar' && node.value === null) return '';
  report?.at(file, node, 'invalid-value', '`description` must be a string');
  return undefined;
}

/**
 * The priority level (the default when absent, or 0 as TsAgent reads it), or undefined when it is not an
 * integer from 0 to 999.
 */
function readPriority(
  node: LocatedNode | undefined,
  file: string,
  report: Findings | undefined,
): number | undefined {
  if (node === undefined) return DEFAULT_PRIORITY;
  const value = node.kind === 'scalar' ? node.value : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    report?.at(file, node, 'invalid-value', '`priorityLevel` must be an integer from 0 to 999');
    return undefined;
  }
  if (value < 0 || value > 999) {
    report?.at(file, node, 'invalid-value', 'Priority level must be between 0 and 999');
    return undefined;
  }
  if (value === 0) {
    report?.at(
      file,
      node,
      'tsagent-priority-zero',
      '`priorityLevel: 0` is read as 500 (TsAgent uses `priorityLevel || 500`); use 1 for the highest priority',
    );
    return DEFAULT_PRIORITY;
  }
  return value;
}

/** The include mode (the default when absent), or undefined when it is not one of the modes. */
function readInclude(
  node: LocatedNode | undefined,
  file: string,
  report: Findings | undefined,
): IncludeMode | undefined {
  if (node === undefined) return DEFAULT_INCLUDE;
  const value = node.kind === 'scalar' ? node.value : undefined;
  if (typeof value === 'string' && (INCLUDE_MODES as readonly string[]).includes(value))
    return value as IncludeMode;
  const suggestion = typeof value === 'string' ? didYouMean(value, INCLUDE_MODES) : undefined;
  report?.at(
    file,
    node,
    'invalid-value',
    `\`include\` must be one of: ${INCLUDE_MODES.join(', ')}${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
  );
  return undefined;
}
