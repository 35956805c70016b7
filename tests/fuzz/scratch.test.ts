import { it } from 'vitest';
import { checkLoadSet } from '../../src/core/index.ts';
import { parseDocument } from 'yaml';
const card = (fm: string) => `---\ntype: agent\nname: x\n${fm}\n---\nBody\n`;
const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const nested = (levels: number) => Array.from({ length: levels }, (_, i) => `${' '.repeat(i)}a${i}:`).join('\n') + ' x\n';
it('scratch', () => {
  for (const [label, fm] of [['quote', `x: ["\\"", ${deep}]`], ['apos', `x: [a', ${deep}]`], ['compact', `x:\n${'- '.repeat(10000)}x`], ['indent', nested(3000)], ['indent300', nested(300)], ['compact300', `x:\n${'- '.repeat(300)}x`]] as const) {
    const r = checkLoadSet({ 'x.md': card(fm) }, { profile: 'rfc' });
    console.log(label, r.diagnostics.map((d) => `${d.code} ${d.from}-${d.to} ${d.message.slice(0, 150)}`));
  }
  const d = parseDocument(`x:\n${'- '.repeat(10000)}x`);
  console.log(d.errors.slice(0,3).map(e => e.code + ' ' + e.message.slice(0,100)));
  const d2 = parseDocument(nested(3000));
  console.log(d2.errors.slice(0,3).map(e => e.code + ' ' + e.message.slice(0,100)));
});
