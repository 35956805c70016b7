import { describe, expect, it } from 'vitest';
import { encodePermalinkSync } from './encode-sync.ts';
import { decodePermalink, encodePermalink } from './permalink.ts';

describe('encodePermalinkSync', () => {
  const envelope = {
    files: { 'card.md': '---\nname: a\n---\nHi {{x}} </script>\n', 'b.md': 'é' },
    active: 'b.md',
    profile: 'fast-agent',
  } as const;

  it('gives exactly the link encodePermalink gives, which decodes back', async () => {
    const link = encodePermalinkSync(envelope);
    expect(link).toBe(await encodePermalink(envelope));
    expect(await decodePermalink(link)).toEqual({ ok: true, envelope });
  });

  it('throws a TypeError for an invalid envelope', () => {
    expect(() => encodePermalinkSync({ ...envelope, active: 'nope.md' })).toThrow(TypeError);
  });
});
