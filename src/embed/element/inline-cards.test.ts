import { describe, expect, it } from 'vitest';
import { dedent, filesOfInlineCards } from './inline-cards.ts';

describe('dedent', () => {
  it('removes the indentation HTML adds around an inline card', () => {
    const text =
      '\n      ---\n      type: agent\n      ---\n        Indented more.\n      Hello.\n    ';
    expect(dedent(text)).toBe('---\ntype: agent\n---\n  Indented more.\nHello.\n');
  });

  it('keeps blank lines inside the card and ignores them when finding the indentation', () => {
    expect(dedent('\n    a:\n\n    b\n  ')).toBe('a:\n\nb\n');
  });

  it('turns CRLF into LF and gives an empty text for whitespace only', () => {
    expect(dedent('\r\n  a\r\n  b\r\n')).toBe('a\nb\n');
    expect(dedent('  \n \t \n')).toBe('');
  });

  it('leaves text without shared indentation alone', () => {
    expect(dedent('a\n  b\n')).toBe('a\n  b\n');
  });
});

describe('filesOfInlineCards', () => {
  it('names the files by data-file, in order, with card.md for a card without one', () => {
    const files = filesOfInlineCards([
      { file: 'sizer.md', text: '\n  x\n' },
      { file: undefined, text: 'y' },
      { file: '  ', text: 'z' },
      { file: 'sizer.md', text: 'w' },
    ]);
    expect(Object.entries(files)).toEqual([
      ['sizer.md', 'x\n'],
      ['card.md', 'y\n'],
      ['card-2.md', 'z\n'],
      ['sizer-2.md', 'w\n'],
    ]);
  });

  it('is empty without cards', () => {
    expect(filesOfInlineCards([])).toEqual({});
  });
});

describe('inline cards named like members of Object.prototype', () => {
  it('keeps each as a file of its own, numbered when used twice', () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'];
    names.push('isPrototypeOf', '__defineGetter__');
    const files = filesOfInlineCards(
      [...names, '__proto__'].map((file) => ({ file, text: `text of ${file}` })),
    );
    expect(Object.keys(files)).toEqual([...names, '__proto__-2']);
    expect(Object.hasOwn(files, '__proto__')).toBe(true);
    expect(files['constructor']).toBe('text of constructor\n');
  });
});
