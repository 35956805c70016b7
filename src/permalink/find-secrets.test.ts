import { describe, expect, it } from 'vitest';
import { findSecrets, type SecretKind } from './find-secrets.ts';

/** The kind found on a one-line file, or `undefined` when the line is clean. */
function kindOf(line: string): SecretKind | undefined {
  return findSecrets({ 'f.yaml': line })[0]?.kind;
}

describe('findSecrets', () => {
  it.each<[SecretKind, string]>([
    ['sk-api-key', 'OPENAI_API_KEY=sk-proj-4f9Qz2LmT8vX1cR7bN3kP6wY0aE5dH'],
    ['sk-api-key', '  api_key: sk-ant-api03-Zx8Lq2Vn5Rb7Tm1Kc4Pw9Yd6Hs3Jf0G'],
    ['github-token', 'GITHUB_TOKEN: ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'],
    ['github-token', 'token = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv"'],
    ['slack-token', 'slack: xoxb-1234567890-0987654321-AbCdEfGhIjKl'],
    ['slack-token', 'xoxp-2222222222-3333333333-abcdefabcdef'],
    ['aws-access-key', 'aws_access_key_id = AKIA4J7ZQ2MXW8RT5NVB'],
    ['huggingface-token', 'HF_TOKEN: hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567'],
    ['google-api-key', 'key: AIzaSyD4x9Qm2Lp7Vt1Rk8Nc3Bw6Hj0Fg5Ze2Ya'],
    ['private-key', '-----BEGIN OPENSSH PRIVATE KEY-----'],
    ['private-key', '-----BEGIN PRIVATE KEY-----'],
    [
      'bearer-token',
      '      Authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"',
    ],
    ['secret-field', 'password: hunter22'],
    ['secret-field', '    token: "q8w7e6r5t4y3u2i1"'],
    ['secret-field', '{"name": "x", "api_key": "q8w7e6r5t4y3"}'],
    ['secret-field', 'export SERVICE_TOKEN=q8w7e6r5t4y3u2'],
    ['secret-field', "client_secret = 'zyx987wvu654'"],
    ['secret-field', '  - access_token: 9f8e7d6c5b4a'],
  ])('reports %s in %j', (kind, line) => {
    expect(kindOf(line)).toBe(kind);
  });

  it.each([
    'api_key: ${OPENAI_API_KEY}',
    'api_key: ${OPENAI_API_KEY:-}',
    'api_key: ${PROBE_API_KEY:fallback-key}',
    'api_key: $OPENAI_API_KEY',
    'Authorization: Bearer ${HF_TOKEN}',
    'Authorization: Bearer <your-token>',
    'token: <your-token>',
    'api_key: your-api-key-here',
    'token: "{{ secrets.TOKEN }}"',
    'password: changeme',
    'password: ""',
    "password: '********'",
    'api_key: xxxxxxxxxxxx',
    'api_key: sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'api_key: sk-...',
    'token: ...',
    'token: "mock-token"',
    'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
    'api_key:',
    'password: |',
    'token: null',
    'use_token: true',
    'max_tokens: 4096',
    'tokenizer: cl100k_base',
    'secret_name: production',
    'whoami(token: ...) -> Dict',
    '    token: Optional[str] = None',
    'token = os.getenv("HF_TOKEN")',
    'The token: it expires after an hour.',
    'servers: [hf_hub_community, github]',
    'Use a Bearer token in the Authorization header.',
  ])('ignores %j', (line) => {
    expect(kindOf(line)).toBeUndefined();
  });

  it('gives the file and 1-based line, for LF, CRLF and CR line ends, in file order', () => {
    const files = {
      'a.md': 'one\ntwo\npassword: hunter22\n',
      'b.yaml': 'x: 1\r\ny: 2\r\napi_key: sk-proj-4f9Qz2LmT8vX1cR7bN3kP6wY0aE5dH\r\n',
      'c.env': 'A=1\rTOKEN=q8w7e6r5t4y3u2',
      'd.md': 'nothing here',
    };
    expect(findSecrets(files)).toEqual([
      { file: 'a.md', line: 3, kind: 'secret-field' },
      { file: 'b.yaml', line: 3, kind: 'sk-api-key' },
      { file: 'c.env', line: 2, kind: 'secret-field' },
    ]);
  });

  it('reports one finding per line, the most specific one', () => {
    const line =
      'api_key: sk-proj-4f9Qz2LmT8vX1cR7bN3kP6wY0aE5dH # and Bearer abcdefghijklmnopqrstuvwx';
    expect(findSecrets({ 'f.yaml': line })).toEqual([
      { file: 'f.yaml', line: 1, kind: 'sk-api-key' },
    ]);
  });

  it('finds nothing in an empty workspace', () => {
    expect(findSecrets({})).toEqual([]);
    expect(findSecrets({ 'empty.md': '' })).toEqual([]);
  });
});
