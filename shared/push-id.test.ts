import { describe, expect, it } from 'vitest';
import { pushId } from './push-id.ts';

describe('pushId', () => {
  it('makes 20-character ids from Firebase’s alphabet', () => {
    expect(pushId()).toMatch(/^[-0-9A-Za-z_]{20}$/);
  });

  it('sorts ids made later after ids made earlier', () => {
    const first = pushId(1_700_000_000_000);
    const later = pushId(1_700_000_000_001);
    expect(first < later).toBe(true);
  });

  it('keeps ids unique and increasing within the same millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => pushId(1_700_000_000_500));
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
  });
});
