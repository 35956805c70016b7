/**
 * Spots likely secrets in a workspace, to warn before its files go into a share link. A heuristic: it favours
 * missing an odd secret over crying wolf at placeholders such as `${OPENAI_API_KEY}` or `<your-key>`.
 */

/** The kinds of secret recognised; each names the pattern that matched. */
export type SecretKind =
  | 'sk-api-key'
  | 'github-token'
  | 'slack-token'
  | 'aws-access-key'
  | 'huggingface-token'
  | 'google-api-key'
  | 'private-key'
  | 'bearer-token'
  | 'secret-field';

/** One likely secret: the file, the 1-based line it is on, and its kind. */
export interface SecretFinding {
  file: string;
  line: number;
  kind: SecretKind;
}

/** Tokens whose shape alone gives them away. */
const TOKEN_PATTERNS: [SecretKind, RegExp][] = [
  // OpenAI (`sk-`, `sk-proj-`), Anthropic (`sk-ant-`), OpenRouter (`sk-or-`) and others.
  ['sk-api-key', /(?<![\w-])sk-[\w-]{20,}/g],
  ['github-token', /(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{30,})/g],
  ['slack-token', /(?<!\w)xox[abprs]-[A-Za-z0-9-]{10,}/g],
  ['aws-access-key', /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g],
  ['huggingface-token', /(?<!\w)hf_[A-Za-z0-9]{30,}/g],
  ['google-api-key', /(?<![\w-])AIza[\w-]{35}/g],
  ['private-key', /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/g],
];

const BEARER = /\bBearer\s+([\w.~+/-]{16,}=*)/gi;

// A key ending in a secret-ish word, at the start of a line (YAML, .env, `export X=`) or after `{`/`,` (JSON;
// not `${`, which opens a placeholder), then `:` or `=`. `max_tokens:` does not match: the key must end in the word.
const SECRET_FIELD =
  /(?:^|(?<!\$)[{,])\s*(?:-\s+)?(?:export\s+)?["']?[\w.-]*?(?:api[_-]?key|access[_-]?key|token|password|passwd|passphrase|secret)["']?\s*[:=]\s*/gi;

const PLACEHOLDER_WORDS =
  /your|example|sample|placeholder|change[_-]?me|redacted|dummy|mock|fake|test|default|replace|insert|fixme|todo|xxx|\*\*\*|\.\.\./i;

/**
 * Lists the likely secrets in `files` (path → text), in file order and then line order, at most one finding per
 * line. Recognised: `sk-…` keys, GitHub (`ghp_…`, `github_pat_…`), Slack (`xoxb-…`, `xoxp-…`), AWS (`AKIA…`),
 * Hugging Face (`hf_…`) and Google (`AIza…`) tokens, PEM private keys, `Bearer` tokens, and fields named like
 * `api_key`, `token`, `password` or `secret` holding a literal value. Placeholders are not reported: values with
 * `$` (`${VAR}`, `$VAR`), `{{ }}`, `< >`, brackets, words like "your", "example" or "test", or one repeated
 * character.
 */
export function findSecrets(files: Record<string, string>): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const [file, text] of Object.entries(files)) {
    text.split(/\r\n|\r|\n/).forEach((line, index) => {
      const kind = secretOnLine(line);
      if (kind !== undefined) findings.push({ file, line: index + 1, kind });
    });
  }
  return findings;
}

/** The most specific secret on a line: a known token shape, then a bearer token, then a secret field. */
function secretOnLine(line: string): SecretKind | undefined {
  for (const [kind, pattern] of TOKEN_PATTERNS) {
    for (const match of line.matchAll(pattern)) if (!isPlaceholder(match[0])) return kind;
  }
  for (const match of line.matchAll(BEARER)) if (!isPlaceholder(match[1]!)) return 'bearer-token';
  for (const match of line.matchAll(SECRET_FIELD)) {
    const value = literalValue(line.slice(match.index + match[0].length));
    if (value !== undefined && !isPlaceholder(value)) return 'secret-field';
  }
  return undefined;
}

/**
 * The literal a field holds, if it holds one: a quoted string or a bare word, at least 6 characters, no spaces.
 * `undefined` for empty values, YAML structure (`|`, `>`, `&`, `*`, `!`, `[`, `{`), booleans, null and numbers.
 */
function literalValue(rest: string): string | undefined {
  const quote = rest[0];
  let value: string;
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    value = end < 0 ? rest.slice(1) : rest.slice(1, end);
  } else {
    value = /^[^\s,}]*/.exec(rest)![0];
  }
  if (value.length < 6 || /\s/.test(value) || /^[|>&*!{[]/.test(value)) return undefined;
  if (/^(?:true|false|null|none|~|[-+]?\d[\d_.]*)$/i.test(value)) return undefined;
  return value;
}

function isPlaceholder(value: string): boolean {
  return (
    /[$<>(){}[\]]/.test(value) ||
    PLACEHOLDER_WORDS.test(value) ||
    /^(.)\1*$/.test(value.replace(/^(?:sk|ghp|hf|xox[a-z])[-_]/, ''))
  );
}
