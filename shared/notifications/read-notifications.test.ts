import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH } from '../schemas/notification-record.ts';
import { leavesDirectionOpen } from '../schemas/visible-text.ts';
import { excerptOf } from './read-notifications.ts';

// The excerpt a notification quotes, inline in a sentence of the notifications list.
describe('excerptOf', () => {
  it('cut inside a right-to-left override the text closes later, leaves it open no more', () => {
    // A comment the API takes: the override is closed on its line, but after the excerpt's cut.
    const comment = `Look: \u202e${'sdrawkcab '.repeat(10)}\u202c the end`;
    expect(leavesDirectionOpen(comment)).toBe(false);
    const excerpt = excerptOf(comment);
    expect(leavesDirectionOpen(excerpt)).toBe(false);
    expect(excerpt).toBe(`Look: ${'sdrawkcab '.repeat(10)}`.slice(0, EXCERPT_LENGTH - 2) + '…');
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
  });

  it('keeps a change closed within the excerpt, and text kept from before the rule loses its open one', () => {
    expect(excerptOf('GG \u2067محمد\u2069!')).toBe('GG \u2067محمد\u2069!');
    expect(excerptOf('Great game \u202e')).toBe('Great game');
  });

  it('cut next to an emoji, keeps it whole or leaves it out, never half of it', () => {
    const comment = `${'a'.repeat(EXCERPT_LENGTH - 3)}👩‍💻 shipped it`;
    const excerpt = excerptOf(comment);
    expect(excerpt).toBe(`${'a'.repeat(EXCERPT_LENGTH - 3)}…`);
    expect(excerpt).not.toMatch(/\p{Cs}/u);
  });
});
