import { describe, expect, it } from 'vitest';
import { escapeControls, hasControls, pictureControls, pictureLabel } from './visible-controls.ts';

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

/** Every character XML 1.0 allows in a document (its `Char` production). */
const XML_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

describe('pictureLabel', () => {
  it('shows controls as pictureControls does, and unpaired surrogates, U+FFFE and U+FFFF as \\uHHHH', () => {
    expect(pictureLabel(HOSTILE)).toBe(pictureControls(HOSTILE));
    expect(pictureLabel('a\ud800b\udc00c\ufffed\uffffe')).toBe('a\\ud800b\\udc00c\\ufffed\\uffffe');
  });

  it('keeps pairs of surrogates (emoji) and text without controls as they are', () => {
    expect(pictureLabel('post_writer 🚀 名前')).toBe('post_writer 🚀 名前');
  });

  it('leaves only characters an XML document can hold, whatever the name', () => {
    const refused: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const label = pictureLabel(`a${String.fromCharCode(code)}b`);
      if (!XML_CHARS.test(label) || hasControls(label)) refused.push(code.toString(16));
    }
    expect(refused).toEqual([]);
  });
});
