import { describe, expect, it } from 'vitest';
import { compareKeys } from './key-order.ts';

describe('compareKeys', () => {
  it('puts integer-like keys first, numerically, then other keys as strings, as the database does', () => {
    const keys = ['hades', '1849', 'celeste', '7', '-3', '0451', '10', 'a-1', '2147483648'];
    expect([...keys].sort(compareKeys)).toEqual([
      '-3',
      '7',
      '10',
      '1849',
      '0451',
      '2147483648',
      'a-1',
      'celeste',
      'hades',
    ]);
  });

  it('answers 0 only for the same key', () => {
    expect(compareKeys('hades', 'hades')).toBe(0);
    expect(compareKeys('10', '010')).not.toBe(0);
  });
});
