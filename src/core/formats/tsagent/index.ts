/**
 * The TsAgent format (TeamSparkAI/tsagent, npm `@tsagent/core`), in its two shapes:
 * - the **agent directory** (1.2): `tsagent.json`, `prompt.md`, `rules/*.mdt` and `refs/*.mdt` (the docs
 *   say `references/`; both are read). The folder of a `tsagent.json` is one unit.
 * - the **single YAML file** (1.3): the same fields plus `systemPrompt`, `rules` and `references` inline;
 *   recognised by its content (`metadata:` with `settings:`, `systemPrompt:` or `mcpServers:` at top level).
 */
import { parseYaml, type ParsedYaml } from '../../text/parse-yaml.ts';
import { basename, dirname } from '../../text/paths.ts';
import { outsideRootProblem } from '../../model/read-hook.ts';
import type {
  FormatAgent,
  FormatAnalysis,
  FormatContext,
  FormatModule,
  FormatUnit,
} from '../format-module.ts';
import { checkDefinition } from './check-definition.ts';
import { checkServers } from './check-servers.ts';
import { checkTools } from './check-tools.ts';
import { compileAgent } from './compile-agent.ts';
import type { TsAgentShape } from './config-schema.ts';
import { confirmElided, elideNumberLists, toOriginal } from './elide-number-lists.ts';
import { Findings } from './findings.ts';
import type { TsAgentCode } from './codes.ts';
import { jsonTree, stringAt, valueOf, yamlTree, type LocatedNode } from './located-tree.ts';
import { readMdt, readYamlItems, type ContextItem } from './read-context-items.ts';
import { ENTRY, isTsAgentYaml, tsAgentRecord, YAML_PATH } from './format.ts';
import { detectorOf } from '../format-record.ts';
import { TSAGENT_CODES } from './codes.ts';

export { isTsAgentYaml };

/** The TsAgent format. */
export const tsAgentFormat: FormatModule<typeof TSAGENT_CODES> = {
  ...detectorOf(tsAgentRecord),
  codes: TSAGENT_CODES,
  analyze: (unit, context) =>
    basename(unit.entry) === ENTRY ? analyzeFolder(unit, context) : analyzeYaml(unit),
};

/**
 * Reads an agent directory: every file of the unit, by its place in the folder. A `prompt.md` outside the
 * load-set is read through `context` (the command line passes the disk when given only `tsagent.json`).
 */
function analyzeFolder(unit: FormatUnit, context: FormatContext): FormatAnalysis {
  const findings = new Findings();
  const entry = unit.entry;
  const folder = dirname(entry);
  const prefix = folder === '' ? '' : `${folder}/`;
  const files = readFolderFiles(unit, folder, findings);
  const prompt = files.prompt ?? context.read(`${prefix}prompt.md`);
  const text = unit.files[entry] ?? '';
  const parsed = jsonTree(text);
  if (!parsed.ok) {
    findings.add(entry, 'tsagent-json-syntax', parsed.message, parsed.from, parsed.to);
  }
  if (prompt === undefined && context.refused?.(`${prefix}prompt.md`)) {
    const { message } = outsideRootProblem(`${prefix}prompt.md`, 0, 0);
    findings.add(entry, 'path-outside-root', message, 0, Math.min(1, text.length));
  } else if (prompt === undefined)
    findings.add(
      entry,
      'tsagent-missing-prompt',
      `The agent folder has no prompt.md (its system prompt)${folder === '' ? '' : `: add ${folder}/prompt.md`}`,
      0,
      Math.min(1, text.length),
    );
  checkDuplicateItems(files.rules, findings);
  checkDuplicateItems(files.references, findings);
  if (!parsed.ok) return finish(unit, { agents: [], diagnostics: findings.list }, 'folder');
  const agent = readAgent(parsed.root, entry, text, 'folder', findings, {
    systemPrompt: prompt ?? null,
    rules: files.rules,
    references: files.references,
    elidedNumbers: 0,
    fallbackName: basename(folder) || 'tsagent',
  });
  return finish(unit, { agents: agent ? [agent] : [], diagnostics: findings.list }, 'folder');
}

/** The files of an agent directory other than `tsagent.json`, read by their place in the folder. */
interface FolderFiles {
  prompt: string | undefined;
  rules: ContextItem[];
  references: ContextItem[];
}

/**
 * Reads the unit's files other than the entry, in path order: `prompt.md`, `rules/*.mdt`, and
 * `refs/*.mdt` or `references/*.mdt` (warned: TsAgent does not read it); any other file is reported ignored.
 */
function readFolderFiles(unit: FormatUnit, folder: string, findings: Findings): FolderFiles {
  const prefix = folder === '' ? '' : `${folder}/`;
  const out: FolderFiles = { prompt: undefined, rules: [], references: [] };
  for (const path of Object.keys(unit.files).sort()) {
    const text = unit.files[path]!;
    const rel = path.slice(prefix.length);
    if (path === unit.entry) continue;
    if (rel === 'prompt.md') {
      out.prompt = text;
      continue;
    }
    const [dir, name, ...rest] = rel.split('/');
    if (rest.length === 0 && name !== undefined && name.endsWith('.mdt')) {
      if (dir === 'rules') {
        const item = readMdt('rule', path, text, findings);
        if (item) out.rules.push(item);
        continue;
      }
      if (dir === 'refs' || dir === 'references') {
        if (dir === 'references')
          findings.add(
            path,
            'tsagent-references-folder',
            'TsAgent 1.2 reads references from `refs/`; it does not see this file (the docs say `references/`)',
            0,
            Math.min(3, text.length),
          );
        const item = readMdt('reference', path, text, findings);
        if (item) out.references.push(item);
        continue;
      }
    }
    findings.add(
      path,
      'tsagent-ignored-file',
      `Not part of the TsAgent agent in ${folder === '' ? 'this folder' : `'${folder}'`} (it reads tsagent.json, prompt.md, rules/*.mdt and refs/*.mdt); ignored`,
      0,
      Math.min(1, text.length),
    );
  }
  return out;
}

/** Reads the single YAML file, through the fast path for inline embeddings when it applies. */
function analyzeYaml(unit: FormatUnit): FormatAnalysis {
  const findings = new Findings();
  const file = unit.entry;
  const text = unit.files[file] ?? '';
  const elided = elideNumberLists(text);
  let parsed: ParsedYaml | undefined;
  let elidedNumbers = 0;
  let map = (p: number) => p;
  if (elided.lists.length > 0) {
    const fast = parseYaml(elided.text, 0, '1.2');
    if (fast.ok && fast.doc && confirmElided(fast.doc, elided)) {
      parsed = fast;
      elidedNumbers = elided.numbers;
      map = (p) => toOriginal(elided, p);
    }
  }
  parsed ??= parseYaml(text, 0, '1.2');
  for (const d of parsed.diagnostics)
    // parseYaml raises the core's YAML codes only.
    findings.add(file, d.code as TsAgentCode, d.message, map(d.from), map(d.to), d.severity);
  if (!parsed.ok || !parsed.doc)
    return finish(unit, { agents: [], diagnostics: findings.list }, 'yaml');
  const root = yamlTree(parsed.doc.contents, parsed.doc, 0, map);
  const systemPrompt = stringAt(root, 'systemPrompt') ?? null;
  const rules = readYamlItems(valueOf(root, 'rules'), 'rule', file, findings);
  const references = readYamlItems(valueOf(root, 'references'), 'reference', file, findings);
  checkDuplicateItems(rules, findings);
  checkDuplicateItems(references, findings);
  const agent = readAgent(root, file, text, 'yaml', findings, {
    systemPrompt,
    rules,
    references,
    elidedNumbers,
    fallbackName: basename(file).replace(YAML_PATH, ''),
  });
  return finish(unit, { agents: agent ? [agent] : [], diagnostics: findings.list }, 'yaml');
}

/** Checks the definition and compiles it; undefined when it is not a mapping at all. */
function readAgent(
  root: LocatedNode,
  file: string,
  text: string,
  shape: TsAgentShape,
  findings: Findings,
  parts: {
    systemPrompt: string | null;
    rules: ContextItem[];
    references: ContextItem[];
    elidedNumbers: number;
    fallbackName: string;
  },
): FormatAgent | undefined {
  const mode = checkDefinition(root, file, shape, findings);
  if (root.kind !== 'object') return undefined;
  const metadata = valueOf(root, 'metadata');
  const given = stringAt(metadata, 'name');
  const name = given !== undefined && given.trim() !== '' ? given : parts.fallbackName;
  const servers = checkServers(valueOf(root, 'mcpServers'), file, shape, mode, findings);
  const mcpTools = checkTools(valueOf(metadata, 'tools'), name, file, text, findings);
  const { data, extras } = compileAgent({ shape, name, root, mode, servers, mcpTools, ...parts });
  const headerTo = shape === 'yaml' ? (metadata?.to ?? text.length) : text.length;
  return { name, file, from: 0, to: text.length, headerTo, data, extras };
}

/** Warns about a rule or reference whose name an earlier one of the same kind already has. */
function checkDuplicateItems(items: readonly ContextItem[], findings: Findings): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (!seen.has(item.name)) {
      seen.add(item.name);
      continue;
    }
    findings.add(
      item.file,
      'tsagent-duplicate-name',
      `Another ${item.kind} is named '${item.name}'; TsAgent keeps only one of them`,
      item.nameFrom,
      Math.max(item.nameTo, item.nameFrom + 1),
      'warning',
    );
  }
}

/** Adds the shape, keeps every range inside its file's text and orders the diagnostics by place. */
function finish(unit: FormatUnit, analysis: FormatAnalysis, shape: TsAgentShape): FormatAnalysis {
  for (const d of analysis.diagnostics) {
    const length = unit.files[d.file]?.length ?? 0;
    d.from = Math.min(Math.max(0, d.from), length);
    d.to = Math.min(Math.max(d.from, d.to), length);
  }
  analysis.diagnostics.sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.from - b.from ||
      a.to - b.to ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  analysis.shape =
    shape === 'yaml'
      ? 'TsAgent YAML file (@tsagent/core 1.3)'
      : 'TsAgent agent directory (@tsagent/core 1.2)';
  return analysis;
}
