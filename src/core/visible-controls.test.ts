import { describe, expect, it } from 'vitest';
import { escapeControls, hasControls, pictureControls } from './visible-controls.ts';

const HOSTILE = 'a\u001b[2Jb\rc\nd\u007fe\u0085f\u202eg\u2066h\u0000i\u2028j';

describe('escapeControls', () => {
  it('writes ESC, LF and CR as \\e, \\n, \\r; other C0 and DEL as \\xHH; C1, separators and bidi as \\uHHHH', () => {
    expect(escapeControls(HOSTILE)).toBe(
      'a\\e[2Jb\\rc\\nd\\x7fe\\u0085f\\u202eg\\u2066h\\x00i\\u2028j',
    );
  });

  it('leaves tab, printable text, non-Latin scripts and emoji as they are', () => {
    const text = "tab\there: 'naïve' 名前 🚀 \\e stays";
    expect(escapeControls(text)).toBe(text);
    expect(hasControls(text)).toBe(false);
  });

  it('leaves nothing a terminal would act on', () => {
    expect(hasControls(escapeControls(HOSTILE))).toBe(false);
    for (let code = 0; code < 0x100; code++) {
      const c = String.fromCharCode(code);
      if (c !== '\t') expect(hasControls(escapeControls(c)), `U+${code.toString(16)}`).toBe(false);
    }
  });
});

describe('pictureControls', () => {
  it('shows C0 as control pictures, DEL as ␡, and the rest as \\uHHHH text', () => {
    expect(pictureControls(HOSTILE)).toBe('a␛[2Jb␍c␊d␡e\\u0085f\\u202eg\\u2066h␀i\\u2028j');
  });

  it('leaves text without controls unchanged', () => {
    expect(pictureControls('Unknown field "x\ty"')).toBe('Unknown field "x\ty"');
  });
});
