import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_RANK_PER_LIKE } from '../../shared/schemas/review.ts';
import { allowed, canRead, PUBLIC_QUERY_CAP, rulesDatabase } from './rules-database.ts';

// What database.rules.json says about reviews (shared/schemas/review.ts): a game's reviews and a member's
// are public one bounded page at a time, in the one order each is read by (rank; time), never whole and
// never written by a client; the member's entry naming their review stays theirs.

const db = rulesDatabase();

beforeAll(async () => {
  await db.server.patch('', {
    'game_reviews/hades/p1': { rank: REVIEW_RANK_PER_LIKE + 1 },
    'game_reviews/hades/p2': { rank: 2 },
    'reviews_by_userid/ana/hades': { postId: 'p1', timestamp: 1, name: 'Hades' },
    'users/ana/private/gamelist/hades': { status: 'played', score: 9, review: 'p1' },
  });
});

describe('a game’s reviews', () => {
  it('are read by anyone best first, a page of at most the cap', async () => {
    const page = await db.anonymous.get('game_reviews/hades', { orderBy: 'rank', limitToLast: 2 });
    expect(Object.keys(page as object).sort()).toEqual(['p1', 'p2']);
    expect(
      await canRead(db.asUser('ben'), 'game_reviews/hades', {
        orderBy: 'rank',
        endAt: 5,
        limitToLast: PUBLIC_QUERY_CAP,
      }),
    ).toBe(true);
  });

  it('are never read whole, past the cap, in another order, nor written by a client', async () => {
    expect(await canRead(db.anonymous, 'game_reviews/hades')).toBe(false);
    expect(await canRead(db.anonymous, 'game_reviews')).toBe(false);
    expect(
      await canRead(db.anonymous, 'game_reviews/hades', {
        orderBy: 'rank',
        limitToLast: PUBLIC_QUERY_CAP + 1,
      }),
    ).toBe(false);
    expect(await canRead(db.anonymous, 'game_reviews/hades', { orderBy: '$key', limitToLast: 5 })).toBe(
      false,
    );
    expect(await allowed(db.asUser('ana').put('game_reviews/hades/p2/rank', 10 ** 15))).toBe(false);
  });
});

describe('a member’s reviews', () => {
  it('are read by anyone newest first, a page of at most the cap', async () => {
    expect(
      await db.anonymous.get('reviews_by_userid/ana', {
        orderBy: 'timestamp',
        limitToLast: PUBLIC_QUERY_CAP,
      }),
    ).toEqual({ hades: { postId: 'p1', timestamp: 1, name: 'Hades' } });
  });

  it('are never read whole nor written by a client, the member included; their entry is their own', async () => {
    expect(await canRead(db.anonymous, 'reviews_by_userid/ana')).toBe(false);
    expect(
      await canRead(db.anonymous, 'reviews_by_userid/ana', { orderBy: 'timestamp', limitToLast: 26 }),
    ).toBe(false);
    expect(await allowed(db.asUser('ana').put('reviews_by_userid/ana/celeste', { postId: 'p9' }))).toBe(
      false,
    );
    expect(await allowed(db.asUser('ana').put('users/ana/private/gamelist/hades/review', 'p2'))).toBe(false);
    expect(await canRead(db.asUser('ben'), 'users/ana/private/gamelist/hades')).toBe(false);
    expect(await canRead(db.asUser('ana'), 'users/ana/private/gamelist/hades')).toBe(true);
  });
});
