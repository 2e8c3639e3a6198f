import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, memberTextSchema, OPEN_DIRECTION_MESSAGE } from './member-text.ts';

// What every field a member writes for others takes: required text says its own sentence for text that
// shows nothing, optional text takes it as none, and the first message a field answers is the one meant.
const required = memberTextSchema().min(1, 'Write something first.').max(20, 'At most 20 characters.');
const optional = memberTextSchema().max(20, 'At most 20 characters.').optional();

/** The message the API would show for `text` (the first issue's, as worker/validate.ts picks it). */
const refusal = (text: unknown) => required.safeParse(text).error?.issues[0]?.message;

describe('memberTextSchema', () => {
  it('answers text that shows nothing with the field’s own sentence for empty text', () => {
    for (const text of [
      '',
      '  ',
      '\u200b',
      '\u2060',
      '\ufeff',
      '\u3164',
      '\u2800 \u200b',
      '\u202e',
      '\u2066',
    ]) {
      expect(refusal(text), JSON.stringify(text)).toBe('Write something first.');
    }
  });

  it('takes text that shows nothing in an optional field as none', () => {
    expect(optional.parse('\u200b\u200d \u2060')).toBe('');
    expect(optional.parse(' \u202e ')).toBe('');
  });

  it('refuses control characters with a sentence, whether or not there is text around them', () => {
    for (const text of ['\u0000\u202e', 'hi\u0000', '\u001b[2J', 'a\rb', '\ud83d']) {
      expect(refusal(text), JSON.stringify(text)).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(optional.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('refuses a direction change left open in visible text', () => {
    for (const text of ['gg\u202e', '\u202eevil', 'a\u2067b', 'close\u202c']) {
      expect(refusal(text), JSON.stringify(text)).toBe(OPEN_DIRECTION_MESSAGE);
    }
  });

  it('keeps emoji sequences, joiners of Persian and Hindi, and line breaks; trims and makes CR LF plain', () => {
    expect(required.parse('  👩‍💻 ok  ')).toBe('👩‍💻 ok');
    expect(required.parse('می‌خواهم')).toBe('می‌خواهم');
    expect(required.parse('क्‌ष')).toBe('क्‌ष');
    expect(required.parse('one\r\ntwo\n\tthree')).toBe('one\ntwo\n\tthree');
  });

  it('counts the length of the text as kept', () => {
    expect(required.safeParse(`${'x'.repeat(19)}\r\n`).success).toBe(true);
    expect(refusal('x'.repeat(21))).toBe('At most 20 characters.');
  });
});
