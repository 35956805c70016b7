import { describe, expect, it } from 'vitest';
import { fixedHeight } from './fixed-height.ts';

describe('fixedHeight', () => {
  it('reads whole pixels and positive lengths in px, em, rem and the viewport units', () => {
    expect(fixedHeight('320')).toBe('320px');
    expect(fixedHeight('320px')).toBe('320px');
    expect(fixedHeight('20rem')).toBe('20rem');
    expect(fixedHeight('12.5em')).toBe('12.5em');
    expect(fixedHeight('50vh')).toBe('50vh');
    expect(fixedHeight('40dvh')).toBe('40dvh');
  });

  it('gives undefined (the automatic height) for auto, nothing, and any height a browser rejects or makes 0', () => {
    for (const value of [
      null,
      undefined,
      '',
      'auto',
      '20 rem',
      ' 320',
      '0',
      '0px',
      '0.0rem',
      '-5px',
      '1.2.3rem',
      '.5rem',
      '50%',
      'calc(100px)',
      'var(--h)',
      '320px;color:red',
      'inherit',
      '1e3px',
      '99999999',
    ])
      expect(fixedHeight(value), String(value)).toBeUndefined();
  });
});
