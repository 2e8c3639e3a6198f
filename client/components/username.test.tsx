import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Username, usernameLengths } from './username.tsx';

describe('Username', () => {
  it('may wrap after each underscore, and reads as the same name', () => {
    const html = renderToStaticMarkup(<Username name="averyveryverylongusername_2026" />);
    expect(html).toBe('averyveryverylongusername_<wbr/>2026');
    expect(renderToStaticMarkup(<Username name="ana_b_c" />)).toBe('ana_<wbr/>b_<wbr/>c');
  });

  it('leaves a name without underscores as it is', () => {
    expect(renderToStaticMarkup(<Username name="averyveryverylongusername2026" />)).toBe(
      'averyveryverylongusername2026',
    );
  });
});

describe('usernameLengths', () => {
  it('gives the whole length and the longest line the name can be broken into', () => {
    expect(usernameLengths('averyveryverylongusername_2026')).toEqual({
      '--name-length': 30,
      '--name-part': 26,
    });
    expect(usernameLengths('ana_roguelites')).toEqual({ '--name-length': 14, '--name-part': 10 });
    expect(usernameLengths('ben')).toEqual({ '--name-length': 3, '--name-part': 3 });
  });
});
