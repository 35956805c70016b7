/**
 * Reads one AFM file: splits it, parses the frontmatter with the project's YAML reader, checks the
 * fields by the file's shape, reads the Role / Instructions body, reports every `${…}` variable, and
 * compiles the agent. Pure; never throws on any text.
 */
import { isMap } from 'yaml';
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import { basename, dirname, resolvePath } from '../../load-set/paths.ts';
import { parseYaml } from '../../text/parse-yaml.ts';
import type {
  FormatAnalysis,
  FormatContext,
  FormatDiagnostic,
  FormatUnit,
} from '../format-module.ts';
import { checkFrontmatter, type FrontmatterReading } from './check-frontmatter.ts';
import { compileAfm, toJson } from './compile-afm.ts';
import { fieldAt, findVariables, variableJson } from './find-variables.ts';
import { NodeChecker, type Range } from './node-checks.ts';
import { readBody } from './read-body.ts';
import { SHAPE_LABELS } from './shape.ts';
import { splitAfm } from './split-afm.ts';

/** The agent identifier of an AFM path: its file name without `.afm.md` / `.afm` (else the last extension). */
export function afmIdentifier(path: string): string {
  const name = basename(path);
  const lower = name.toLowerCase();
  if (lower.endsWith('.afm.md')) return name.slice(0, -7);
  if (lower.endsWith('.afm')) return name.slice(0, -4);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Analyses the unit's entry file as AFM. */
export function analyzeAfm(unit: FormatUnit, context: FormatContext): FormatAnalysis {
  const path = unit.entry;
  const text = unit.files[path] ?? '';
  const diagnostics: FormatDiagnostic[] = [];
  const firstLineEnd = Math.max(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const top: Range = [0, firstLineEnd];
  const identifier = afmIdentifier(path);
  checkIdentifier(identifier, top, diagnostics, path);

  const split = splitAfm(text);
  for (const d of split.diagnostics) diagnostics.push({ ...d, file: path });
  if (split.fatal) return { agents: [], diagnostics };

  let meta: Record<string, unknown> = {};
  let reading: FrontmatterReading = { shape: 'common', httpAllowed: [], skillPaths: [] };
  let usable = true;
  let doc = null;
  const fm = split.frontmatter;
  if (fm) {
    const parsed = parseYaml(text.slice(fm.yamlFrom, fm.yamlTo), fm.yamlFrom, '1.2');
    for (const d of parsed.diagnostics) diagnostics.push({ ...d, file: path });
    const root = parsed.doc?.contents ?? null;
    if (!parsed.ok || !parsed.doc) usable = false;
    else if (root !== null && !isMap(root)) {
      const r = root.range;
      const from = r ? fm.yamlFrom + r[0] : fm.open.start;
      const to = r ? Math.max(fm.yamlFrom + r[1], from + 1) : fm.open.end;
      diagnostics.push({
        ...problem(
          'frontmatter-not-mapping',
          'The frontmatter must be a mapping of fields (`key: value` lines)',
          from,
          to,
        ),
        file: path,
      });
      usable = false;
    } else if (root !== null) {
      doc = parsed.doc;
      const found: RawDiagnostic[] = [];
      const c = new NodeChecker(parsed.doc, fm.yamlFrom, found, [fm.open.start, fm.open.end]);
      reading = checkFrontmatter(c, root);
      for (const d of found) diagnostics.push({ ...d, file: path });
      const value = parsed.value;
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        meta = value as Record<string, unknown>;
    }
  }

  const anchor: Range = fm ? [fm.close.start, fm.close.end] : top;
  const body = readBody(text, split.lines, split.bodyLine, anchor);
  for (const d of body.diagnostics) diagnostics.push({ ...d, file: path });

  const variables = findVariables(text, fm ? fm.close.next : 0);
  for (const v of variables) {
    if (v.where === 'frontmatter' && doc && fm) {
      const field = fieldAt(doc, fm.yamlFrom, v.from);
      if (field !== undefined) v.field = field;
    }
    const where = v.field ?? v.where;
    const prefix = v.prefix === '' ? 'no prefix (an environment variable)' : `prefix '${v.prefix}'`;
    diagnostics.push({
      ...problem(
        'afm-variable',
        `Variable ${v.text} in ${where}, ${prefix}: left for the runtime to resolve`,
        v.from,
        v.to,
      ),
      file: path,
    });
    if (v.prefix === 'http' && !reading.httpAllowed.some(([a, b]) => v.from >= a && v.to <= b))
      diagnostics.push({
        ...problem(
          'afm-http-variable-misplaced',
          `${v.text}: \`http:\` variables read the incoming request, so they may appear only in a webhook or platformchat \`prompt\``,
          v.from,
          v.to,
        ),
        file: path,
      });
    else if (v.prefix !== '' && v.prefix !== 'env' && v.prefix !== 'http')
      diagnostics.push({
        ...problem(
          'afm-unsupported-prefix',
          `Prefix '${v.prefix}:' is implementation-defined; the reference implementation supports only env: and http: and fails on it`,
          v.from,
          v.to,
        ),
        file: path,
      });
  }

  for (const skill of reading.skillPaths) {
    const folder = resolvePath(dirname(path), skill.path.trim());
    const prefix = folder === '' ? '' : `${folder}/`;
    const found = context.paths.some(
      (p) => p.startsWith(prefix) && (p.endsWith('/SKILL.md') || p === `${prefix}SKILL.md`),
    );
    if (!found) {
      const node = skill.node as { range?: [number, number, number] };
      const from = fm && node.range ? fm.yamlFrom + node.range[0] : 0;
      const to = fm && node.range ? fm.yamlFrom + node.range[1] : 0;
      diagnostics.push({
        ...problem(
          'afm-skills-not-found',
          `No SKILL.md under '${folder || '.'}' in the load-set`,
          from,
          to,
        ),
        file: path,
      });
    }
  }

  const shape = SHAPE_LABELS[reading.shape];
  if (!usable) return { shape, agents: [], diagnostics };
  const given = typeof meta['name'] === 'string' ? meta['name'].trim() : '';
  const name = given !== '' ? given : identifier;
  const { data, extras } = compileAfm({
    meta,
    shape: reading.shape,
    name,
    role: body.role,
    instructions: body.instructions,
    variables: variables.map(variableJson),
  });
  extras['identifier'] = toJson(identifier);
  return {
    shape,
    agents: [
      {
        name,
        file: path,
        from: 0,
        to: text.length,
        headerTo: fm ? fm.close.next : text.length,
        data,
        extras,
      },
    ],
    diagnostics,
  };
}

function checkIdentifier(id: string, at: Range, out: FormatDiagnostic[], file: string): void {
  if (id === '' || !/^\p{L}/u.test(id)) {
    out.push({
      ...problem(
        'afm-invalid-identifier',
        `The file name '${id}' is the agent identifier and must start with a letter (not a digit, a special character or whitespace)`,
        at[0],
        at[1],
      ),
      file,
    });
    return;
  }
  if (!/^[a-z][a-z0-9_-]*$/.test(id))
    out.push({
      ...problem(
        'afm-identifier-style',
        `The file name '${id}' is best written in lowercase letters, digits and hyphens`,
        at[0],
        at[1],
      ),
      file,
    });
}
