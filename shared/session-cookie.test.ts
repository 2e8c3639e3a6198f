import { describe, expect, it } from 'vitest';
import { hasSessionCookie, sessionCookieValue } from './session-cookie.ts';

describe('hasSessionCookie', () => {
  it('finds a session cookie among others', () => {
    expect(hasSessionCookie('theme=dark; __session=eyJhbGciOi; lang=en')).toBe(true);
  });
  it('reads the token out of the session cookie', () => {
    expect(sessionCookieValue('theme=dark; __session=eyJhbGciOi; lang=en')).toBe('eyJhbGciOi');
    expect(sessionCookieValue('__session=')).toBeNull();
  });
  it('ignores an emptied session cookie and look-alike names', () => {
    expect(hasSessionCookie('__session=')).toBe(false);
    expect(hasSessionCookie('x__session=abc; __sessions=abc')).toBe(false);
    expect(hasSessionCookie('')).toBe(false);
  });
});
