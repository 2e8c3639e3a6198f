import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath (the sign-in return path)', () => {
  it.each(['/browse', '/game/x?y=1', '/game/hades#comments', '/u/ana_roguelites', '/', '/search?q=a%20b'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/browse'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash later in the path', '/game/\\evil'],
    ['an encoded tab before a second slash', '/%09/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded lowercase backslash', '/%5cevil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['a doubly encoded second slash', '/%252Fevil.example'],
    ['a raw tab', '/\t/evil.example'],
    ['a raw newline', '/\n/evil.example'],
    ['a NUL byte', '/browse\u0000'],
    ['a DEL', '/browse\u007f'],
    ['a space', '/ /evil.example'],
    ['a broken escape', '/%E0%A4%A'],
    ['an absolute https URL', 'https://evil.example'],
    ['an absolute URL on this site', 'https://questline.invalid/browse'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL with a leading slash inside', 'javascript://%0Aalert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'browse'],
    ['an empty string', ''],
    ['a very long path', `/${'a'.repeat(5000)}`],
  ])('refuses %s and falls back', (_kind, path) => {
    expect(safeReturnPath(path)).toBe('/browse');
    expect(safeReturnPath(path, '/')).toBe('/');
  });

  it('falls back when there is no next at all', () => {
    expect(safeReturnPath(null)).toBe('/browse');
    expect(safeReturnPath(undefined, '/home')).toBe('/home');
  });
});
