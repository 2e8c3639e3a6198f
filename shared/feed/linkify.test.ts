import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

const joined = (text: string) =>
  linkify(text)
    .map((s) => s.text)
    .join('');

describe('linkify', () => {
  it('turns an https address inside a sentence into a link and keeps the rest as text', () => {
    expect(linkify('Patch notes: https://example.com/notes?v=2 are out')).toEqual([
      { kind: 'text', text: 'Patch notes: ' },
      { kind: 'link', text: 'https://example.com/notes?v=2', href: 'https://example.com/notes?v=2' },
      { kind: 'text', text: ' are out' },
    ]);
  });

  it('leaves sentence punctuation after an address out of the link', () => {
    const segments = linkify('See http://example.org/a. Or (https://example.org/b), ok?');
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([
      'http://example.org/a',
      'https://example.org/b',
    ]);
    expect(joined('See http://example.org/a. Or (https://example.org/b), ok?')).toBe(
      'See http://example.org/a. Or (https://example.org/b), ok?',
    );
  });

  it('keeps a closing bracket that belongs to the address', () => {
    expect(linkify('https://en.wikipedia.org/wiki/Doom_(1993)')[0]).toMatchObject({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Doom_(1993)',
    });
  });

  it('never links javascript:, data: or other schemes, and keeps them as plain text', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(linkify(hostile)).toEqual([{ kind: 'text', text: hostile }]);
    }
  });

  it('does not let markup or quotes ride along inside a link', () => {
    const text = 'https://example.com/"><script>alert(1)</script> and <a href="javascript:x">y</a>';
    const links = linkify(text).filter((s) => s.kind === 'link');
    expect(links).toEqual([{ kind: 'link', text: 'https://example.com/', href: 'https://example.com/' }]);
    expect(joined(text)).toBe(text);
  });

  it('ignores an address with no host and an address hidden after a scheme in a word', () => {
    expect(linkify('https:// nothing').every((s) => s.kind === 'text')).toBe(true);
    const segments = linkify('javascript:https://evil.example');
    // The http(s) part may be linked, but only to itself, never to the javascript: text before it.
    for (const s of segments) if (s.kind === 'link') expect(s.href.startsWith('https://')).toBe(true);
    expect(joined('javascript:https://evil.example')).toBe('javascript:https://evil.example');
  });

  it('keeps line breaks and empty text as they are', () => {
    expect(joined('one\n\ntwo https://a.example\nthree')).toBe('one\n\ntwo https://a.example\nthree');
    expect(linkify('')).toEqual([]);
  });
});
