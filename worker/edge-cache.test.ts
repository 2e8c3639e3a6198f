import { describe, expect, it } from 'vitest';
import { cacheKeyFor } from './edge-cache.ts';

describe('edge cache key', () => {
  it('drops tracking parameters and sorts the rest', () => {
    expect(cacheKeyFor('https://q.test/game/hades?utm_source=x&b=2&fbclid=y&a=1#top').url).toBe(
      'https://q.test/game/hades?a=1&b=2',
    );
  });
  it('keeps parameters that change the page', () => {
    expect(cacheKeyFor('https://q.test/login?t=pwdrs').url).toBe('https://q.test/login?t=pwdrs');
    expect(cacheKeyFor('https://q.test/game/hades').url).toBe('https://q.test/game/hades');
  });
});
