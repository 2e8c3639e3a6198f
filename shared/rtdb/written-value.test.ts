import { describe, expect, it } from 'vitest';
import { SERVER_TIMESTAMP, serverIncrement } from './server-values.ts';
import { writtenValue } from './written-value.ts';

const NOW = 1_790_000_000_000;
const updates = {
  'posts/p1': { content: 'Heat 20.', likes: 0, timestamp: SERVER_TIMESTAMP, tags: [SERVER_TIMESTAMP] },
  'games/hades/follows': serverIncrement(1),
};

describe('writtenValue: what a write answers without reading it back', () => {
  it('takes the value the database answered the PATCH with, its own time included', () => {
    const answer = { 'posts/p1': { content: 'Heat 20.', likes: 0, timestamp: NOW - 5 } };
    expect(writtenValue(updates, answer, 'posts/p1', NOW)).toEqual(answer['posts/p1']);
  });

  it('falls back on the planned value, server values taken locally, when the answer lacks the path', () => {
    for (const answer of [null, 'OK', {}, { 'posts/p2': {} }])
      expect(writtenValue(updates, answer, 'posts/p1', NOW)).toEqual({
        content: 'Heat 20.',
        likes: 0,
        timestamp: NOW,
        tags: [NOW],
      });
    expect(writtenValue(updates, null, 'games/hades/follows', NOW)).toBe(1);
  });

  it('resolves a server value an answer echoed unresolved', () => {
    const answer = { 'posts/p1': { content: 'Heat 20.', timestamp: SERVER_TIMESTAMP } };
    expect(writtenValue(updates, answer, 'posts/p1', NOW)).toEqual({ content: 'Heat 20.', timestamp: NOW });
  });
});
