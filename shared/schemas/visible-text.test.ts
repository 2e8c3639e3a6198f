import { describe, expect, it } from 'vitest';
import {
  holdsControlCharacters,
  isVisiblyEmpty,
  leavesDirectionOpen,
  withoutOpenDirection,
  withPlainLineBreaks,
} from './visible-text.ts';

// Text members read: what shows nothing, which controls are refused, and which direction changes are left open.

/** Text a member may well write, in scripts and signs that need format characters to show right. */
const LEGITIMATE_TEXTS = {
  'emoji joined by ZWJ': 'Co-op night 👩‍💻👨‍👩‍👧 and 🏳️‍🌈',
  'a region flag (tag characters)': 'Made in 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  Arabic: 'لعبة رائعة جدا',
  'Persian with ZWNJ': 'می‌خواهم بازی کنم',
  'Hindi with ZWNJ': 'क्‌ष बहुत अच्छा खेल',
  'text with newlines and a tab': 'First line\nsecond line\n\tindented',
  'a right-to-left mark between scripts': 'Score: 10\u200f/10 עברית',
  'an isolate closed on its line': 'Player \u2067محمد\u2069 won',
  'an override closed on its line': 'Read \u202eesrever\u202c this',
} as const;

describe('isVisiblyEmpty', () => {
  it('takes text made only of invisible characters as empty', () => {
    for (const text of [
      '',
      '   \n\t ',
      '\u200b',
      '\u2060\u2060',
      '\ufeff',
      '\u202e',
      '\u200d\u200c',
      '\u00ad',
      '\u3164',
      '\u115f\u1160',
      '\u2800',
      '\ufe0f',
      '\u00a0\u3000\u2028',
      '\u0000\u202e',
    ]) {
      expect(isVisiblyEmpty(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('takes text with anything to read as not empty', () => {
    for (const text of [...Object.values(LEGITIMATE_TEXTS), '.', '\u200bx\u200b', '👍', '\u0301a']) {
      expect(isVisiblyEmpty(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('holdsControlCharacters', () => {
  it('finds every control character but line breaks and tabs, and half surrogate pairs', () => {
    for (const text of [
      'a\u0000',
      '\u0007',
      'a\rb',
      '\u001b[31mred',
      '\u007f',
      '\u0085',
      'x\u000bx',
      '\ud800',
      'a\udc00',
    ]) {
      expect(holdsControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('finds none in text with line breaks, tabs, emoji and format characters', () => {
    for (const text of [...Object.values(LEGITIMATE_TEXTS), '\u200b', '\u202e']) {
      expect(holdsControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('leavesDirectionOpen', () => {
  it('finds an override, embedding or isolate left open, closed on another line, or a close of nothing', () => {
    for (const text of [
      '\u202e',
      'abc\u202edef',
      'gg \u202b',
      '\u2066open isolate',
      '\u202ea\nb\u202c',
      '\u202ea\u2029b\u202c',
      'stray close\u202c',
      'stray close\u2069',
      // Closed by the other kind's close: an isolate's close ends the override inside it early.
      '\u2067a\u202eb\u2069\u202c',
      '\u202ea\u2069',
    ]) {
      expect(leavesDirectionOpen(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('takes marks and changes closed on their line, nested or one after another', () => {
    for (const text of [
      ...Object.values(LEGITIMATE_TEXTS),
      '\u202a\u2067a\u2069\u202c',
      '\u202ea\u202c\n\u2066b\u2069',
      '\u200e\u200f\u061c',
    ]) {
      expect(leavesDirectionOpen(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('withPlainLineBreaks', () => {
  it('turns Windows line breaks into plain ones and leaves the rest', () => {
    expect(withPlainLineBreaks('one\r\ntwo\r\n\nthree\r')).toBe('one\ntwo\n\nthree\r');
  });
});

describe('withoutOpenDirection', () => {
  it('takes out the changes left open and the closes of nothing, keeping every closed change and the text', () => {
    expect(withoutOpenDirection('abc\u202edef')).toBe('abcdef');
    expect(withoutOpenDirection('\u2067a\u202eb\u2069')).toBe('ab');
    expect(withoutOpenDirection('stray\u202c close')).toBe('stray close');
    expect(withoutOpenDirection('\u202ea\nb\u202c')).toBe('a\nb');
    expect(withoutOpenDirection('x \u2067\u202ey\u202c\u2069 \u202b')).toBe('x \u2067\u202ey\u202c\u2069 ');
    for (const text of Object.values(LEGITIMATE_TEXTS)) expect(withoutOpenDirection(text)).toBe(text);
  });

  it('leaves no change open, whatever the text', () => {
    const controls = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\n',
      'a',
    ];
    // Every text of up to four of these, in every order.
    let texts = [''];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((text) => controls.map((control) => text + control));
      for (const text of texts) {
        const kept = withoutOpenDirection(text);
        expect(leavesDirectionOpen(kept), JSON.stringify(text)).toBe(false);
        expect(kept.length).toBeLessThanOrEqual(text.length);
      }
    }
  });
});
