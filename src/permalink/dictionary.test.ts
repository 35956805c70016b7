import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PERMALINK_DICTIONARY } from './dictionary.ts';
import { adler32 } from './adler32.ts';

const bytes = new TextEncoder().encode(PERMALINK_DICTIONARY);

describe('PERMALINK_DICTIONARY', () => {
  it('is printable ASCII that fits well inside deflate’s 32 KiB window', () => {
    expect(PERMALINK_DICTIONARY).toMatch(/^[\x20-\x7e]+$/);
    expect(bytes.length).toBe(PERMALINK_DICTIONARY.length);
    expect(bytes.length).toBeLessThan(8 * 1024);
  });

  // DO NOT update these figures to make the test pass. Every link ever shared names this dictionary by its
  // Adler-32 and cannot be opened without the very same bytes. A new dictionary needs a new fragment prefix
  // (`#v2:`) while the playground keeps this one for `#v1:` links.
  it('never changes: every link ever made carries its Adler-32 and needs its exact bytes', () => {
    expect(adler32(bytes).toString(16)).toBe('dbc3d5dd');
    expect(bytes.length).toBe(2020);
  });

  it('lets any zlib open a recorded link given these bytes, and no others', () => {
    const payload = Buffer.from(
      'eLvbw9XdQ9UCCTmEPohSUJrMh6oPTqxUyMjUQ3Iakh64ewBcXBnn',
      'base64url',
    );
    expect(inflateSync(payload, { dictionary: bytes }).toString()).toBe(
      '{"v":1,"f":[["agent.md","---\\nname: hello\\n---\\nSay hi.\\n"]],"a":"agent.md","p":"rfc"}',
    );
    expect(() => inflateSync(payload, { dictionary: bytes.subarray(1) })).toThrow();
  });
});
