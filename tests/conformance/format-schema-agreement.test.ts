import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../src/core/index.ts';
import { splitAfm } from '../../src/core/formats/afm/split-afm.ts';
import type { FormatId } from '../../src/core/formats/format-module.ts';
import { generateSchemas } from '../../src/core/schemas/generate-schemas.ts';
import { parseYaml } from '../../src/core/text/parse-yaml.ts';
import { samplesDir } from './shared-samples.ts';

// OpenAgentSpec is not here: its checker validates with the schema the JSON Schema is generated from
// (src/core/formats/openagentspec/spec-schema.test.ts), so the two cannot disagree.
// AFM's checker validates a current-shape file with the valibot schema its JSON Schema is generated from
// too (src/core/formats/afm/frontmatter-schema.test.ts), so for AFM this test no longer compares two
// rule sets: it checks the conversion. The published file must keep the valibot verdict where valibot and
// JSON Schema differ (the mapping guards, the authentication needs written as `if`/`then` with any-case
// patterns, optional-and-nullable fields), and the listed disagreements are what the core reads that the
// schema does not describe (the draft shape).
// Every sample of the other formats (../shared/samples/{afm,tsagent,a2a}), validated by a
// standard JSON Schema validator (ajv, strict mode) against its format's published schema, must get the
// verdict the core gives it on the rules a schema can express (the error codes listed per format). Where
// they differ, the sample is listed with the reason; each list must stay exact. A sample whose text does
// not parse (or an AFM file without frontmatter) has no value to give a schema and is left out.

/** One sample: its id, the schema it is read against, its value, and the load-set the core checks. */
interface Sample {
  id: string;
  schema: string;
  value: unknown;
  files: Record<string, string>;
}

/** One format's table: where its samples are, how they are read, which codes and disagreements. */
interface FormatTable {
  format: FormatId;
  /** The error codes of rules a schema can express (errors of other codes are not compared). */
  codes: readonly string[];
  samples(root: string): Sample[];
  /** Samples where the schema and the core disagree, with the reason. */
  disagreements: Record<string, string>;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    })
    .sort();
}

const rel = (root: string, path: string) => relative(root, path).split(sep).join('/');

/** The value of a YAML (or JSON) text, or undefined when it does not parse. */
function yamlValue(text: string): unknown {
  const parsed = parseYaml(text, 0, '1.2');
  return parsed.ok ? (parsed.value ?? null) : undefined;
}

const AFM: FormatTable = {
  format: 'afm',
  codes: [
    'unknown-field',
    'invalid-value',
    'missing-field',
    'frontmatter-not-mapping',
    'afm-mixed-shape',
    'afm-interface-mismatch',
    'afm-auth-missing-field',
  ],
  samples: (root) =>
    walk(root)
      .filter((path) => /\.afm(\.md)?$/.test(path))
      .flatMap((path) => {
        const text = readFileSync(path, 'utf8');
        const fm = splitAfm(text).frontmatter;
        if (!fm) return [];
        const value = yamlValue(text.slice(fm.yamlFrom, fm.yamlTo));
        if (value === undefined) return [];
        const id = rel(root, path);
        return [{ id, schema: 'afm.schema.json', value: value ?? {}, files: { [id]: text } }];
      }),
  disagreements: {
    'legacy-draft/math_tutor.draft-f44b20c-sec4.4.afm.md':
      'the draft shape (`namespace`): the core reads it and warns how to migrate (afm-draft-shape); the schema describes the current shape',
    'legacy-draft/research_service.draft-f44b20c-assembled.afm.md':
      'the draft shape (`interface`, `tools.mcp.servers`): the core reads it and warns how to migrate; the schema describes the current shape',
    'negative-synthetic/unknown_key.afm.md':
      '`namespace` makes the file a draft-shape file for the core (a warning); the schema refuses the field',
  },
};

const TSAGENT: FormatTable = {
  format: 'tsagent',
  codes: ['invalid-value', 'missing-field', 'frontmatter-not-mapping'],
  samples: (root) => {
    const out: Sample[] = [];
    for (const name of readdirSync(join(root, 'yaml-head')).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const text = readFileSync(join(root, 'yaml-head', name), 'utf8');
      const value = yamlValue(text);
      if (value !== undefined)
        out.push({
          id: `yaml-head/${name}`,
          schema: 'tsagent-yaml.schema.json',
          value,
          files: { [name]: text },
        });
    }
    for (const name of readdirSync(join(root, 'legacy-dir-derived')).sort()) {
      const dir = join(root, 'legacy-dir-derived', name);
      const files: Record<string, string> = {};
      for (const path of walk(dir)) files[`agent/${rel(dir, path)}`] = readFileSync(path, 'utf8');
      out.push(jsonSample(`legacy-dir-derived/${name}/tsagent.json`, files));
    }
    for (const name of readdirSync(join(root, 'legacy-docs')).sort()) {
      const text = readFileSync(join(root, 'legacy-docs', name), 'utf8');
      out.push(
        jsonSample(`legacy-docs/${name}`, {
          'agent/tsagent.json': text,
          'agent/prompt.md': 'You are a test agent.\n',
        }),
      );
    }
    return out.filter((s) => s.value !== undefined);
  },
  disagreements: {},
};

/** A directory-format sample: its `agent/tsagent.json` read as JSON (undefined when it is not JSON). */
function jsonSample(id: string, files: Record<string, string>): Sample {
  let value: unknown;
  try {
    value = JSON.parse(files['agent/tsagent.json'] ?? '');
  } catch {
    value = undefined;
  }
  return { id, schema: 'tsagent.schema.json', value, files };
}

const A2A: FormatTable = {
  format: 'a2a',
  codes: ['invalid-value', 'missing-field'],
  samples: (root) =>
    walk(root)
      .filter((path) => path.endsWith('.json'))
      .flatMap((path) => {
        const text = readFileSync(path, 'utf8');
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          return [];
        }
        const id = rel(root, path);
        return [{ id, schema: 'a2a-agentcard.schema.json', value, files: { [id]: text } }];
      }),
  disagreements: {},
};

interface Verdict {
  id: string;
  schemaErrors: string[];
  coreErrors: string[];
}

function describeError(error: ErrorObject): string {
  return `${error.instancePath || '/'} ${error.keyword} ${error.message ?? ''} ${JSON.stringify(error.params)}`;
}

function verdicts(table: FormatTable, root: string): Verdict[] {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const schemas = new Map(generateSchemas().map((f) => [f.name, f.schema]));
  const codes = new Set(table.codes);
  return table.samples(root).map((sample) => {
    const validate = ajv.getSchema(sample.schema) ?? compile(ajv, sample.schema, schemas);
    const result = checkLoadSet(sample.files);
    return {
      id: sample.id,
      schemaErrors: validate(sample.value) ? [] : (validate.errors ?? []).map(describeError),
      coreErrors: result.diagnostics
        .filter((d) => d.severity === 'error' && codes.has(d.code))
        .map((d) => `${d.code} ${d.message}`),
    };
  });
}

function compile(ajv: Ajv, name: string, schemas: Map<string, object>) {
  const schema = schemas.get(name);
  if (!schema) throw new Error(`No published schema ${name}`);
  ajv.addSchema(schema, name);
  return ajv.getSchema(name)!;
}

/** The project's own corpus of each format (tests/fixtures/<format>), there on a clean clone too. */
const ownCorpus = (format: FormatId) =>
  fileURLToPath(new URL(`../fixtures/${format}/`, import.meta.url));

/** Own-corpus files where the schema and the core disagree (none so far). */
const OWN_DISAGREEMENTS: Record<string, Record<string, string>> = { afm: {}, tsagent: {}, a2a: {} };

for (const base of [AFM, TSAGENT, A2A])
  for (const [where, root, table] of [
    ['the samples', samplesDir(base.format), base],
    [
      'the own corpus',
      ownCorpus(base.format),
      { ...base, disagreements: OWN_DISAGREEMENTS[base.format]! },
    ],
  ] as const) {
    describe.skipIf(!root)(
      `the published ${table.format} JSON Schema and the core agree on ${where}`,
      () => {
        const all = root ? verdicts(table, root) : [];
        const disagreeing = all.filter(
          (v) => (v.schemaErrors.length === 0) !== (v.coreErrors.length === 0),
        );

        it('reads every sample', () => {
          const accepted = all.filter((v) => v.schemaErrors.length === 0).length;
          console.log(
            `JSON Schema (${table.format}, ${where}): ${accepted} files accepted, ${all.length - accepted} rejected; ${disagreeing.length} disagree with the core (codes: ${table.codes.join(', ')})`,
          );
          for (const v of disagreeing.filter((d) => !table.disagreements[d.id]))
            console.log(
              `${v.id}\n  schema: ${v.schemaErrors.join('\n          ')}\n  core:   ${v.coreErrors.join('\n          ')}`,
            );
          expect(all.length).toBeGreaterThan(0);
        });

        it('gives every sample the core verdict, except the listed disagreements', () => {
          expect(
            Object.fromEntries(
              disagreeing.map((v) => [v.id, table.disagreements[v.id] ?? '(not listed)']),
            ),
          ).toEqual(table.disagreements);
        });
      },
    );
  }
