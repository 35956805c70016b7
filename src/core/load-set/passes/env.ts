/**
 * Environment expansion (fast-agent profile): `${VAR}` and `${VAR:default}` in card values, as fast-agent
 * 0.10.9's `resolve_env_vars` expands them over a card's whole mapping (the YAML file, or a Markdown file's
 * frontmatter; never the body) before it reads any field.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { CardDraft } from '../../formats/agentcard/analyze-card-file.ts';

// fast-agent's pattern: whatever stands between `${` and the first `}`, split at its first `:`.
const ENV_REFERENCE = /\$\{([^}]+)\}/g;

/**
 * Expands every `${…}` in every string of a value (mapping keys are kept): `${VAR}` is the variable's
 * value, or stays as written when unset; `${VAR:default}` is the value, or `default` when unset (also when
 * `default` is empty). The name is taken as written (any characters but `}`). Pure.
 */
export function expandEnv(value: unknown, env: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.includes('${')
      ? value.replace(ENV_REFERENCE, (whole, inner: string) => {
          const colon = inner.indexOf(':');
          const name = colon === -1 ? inner : inner.slice(0, colon);
          if (Object.hasOwn(env, name)) return env[name]!;
          return colon === -1 ? whole : inner.slice(colon + 1);
        })
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => expandEnv(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, expandEnv(item, env)]));
  }
  return value;
}

/**
 * A card's own instruction with the environment expanded in its `instruction` field, as fast-agent does
 * (the frontmatter or YAML value, expanded, then stripped; a body instruction is never expanded), and an
 * `invalid-value` error when the value is blank only once expanded, as fast-agent refuses an empty
 * instruction. Gives `draft.instruction` unchanged when the field holds no `${`.
 */
export function expandInstruction(
  draft: Pick<CardDraft, 'fields' | 'ranges' | 'instruction' | 'instructionFromBody'>,
  env: Readonly<Record<string, string>>,
): { instruction: string | null; diagnostics: RawDiagnostic[] } {
  const raw = draft.fields['instruction'];
  const own = draft.instruction;
  const range = draft.ranges['instruction'];
  if (typeof raw !== 'string' || !raw.includes('${') || own === null || !range)
    return { instruction: own, diagnostics: [] };
  const attribute = raw.trim();
  const expanded = String(expandEnv(raw, env)).trim();
  // With a body too (fast-agent's instruction-conflict error), the body's text follows the attribute.
  const rest = draft.instructionFromBody ? own.slice(attribute.length) : '';
  const diagnostics: RawDiagnostic[] = [];
  if (expanded === '' && attribute !== '')
    diagnostics.push(
      problem(
        'invalid-value',
        '`instruction` must not be empty: its value expands to blank text in this environment',
        range.value[0],
        range.value[1],
      ),
    );
  return { instruction: expanded + rest, diagnostics };
}

/**
 * `draft` as fast-agent reads it: every field value with the environment expanded (`expandEnv`) and its
 * own instruction as `expandInstruction` gives it, with that function's diagnostics. A copy; offsets and
 * everything else are the draft's.
 */
export function expandDraft(
  draft: CardDraft,
  env: Readonly<Record<string, string>>,
): { draft: CardDraft; diagnostics: RawDiagnostic[] } {
  const { instruction, diagnostics } = expandInstruction(draft, env);
  const fields = expandEnv(draft.fields, env) as Record<string, unknown>;
  return { draft: { ...draft, fields, instruction }, diagnostics };
}
