import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_NOW } from '../integration/emulator-db.ts';
import { allowed, rulesDatabase } from './rules-database.ts';

// What database.rules.json says about the trending job's reads and its own node: the job (the server)
// reads follows, posts, likes and suggestion answers by time, which the `.indexOn: ["timestamp"]` of
// each lets it do; no client may list any of them by time (who followed, liked or answered what stays
// private); `ranking_activity`, what the job added to each game's ranking, is the server's alone.

const db = rulesDatabase();

const since = { orderBy: 'timestamp', startAt: TEST_DATABASE_NOW - 1000, limitToFirst: 10 } as const;

beforeAll(async () => {
  await db.server.patch('', {
    'follows/f1': { userUUID: 'ana', targetUUID: 'hades', timestamp: TEST_DATABASE_NOW, type: 'game' },
    'likes/l1': { sourceUUID: 'ana', targetUUID: 'p1', targetType: 'post', timestamp: TEST_DATABASE_NOW },
    'posts/p1': {
      uuid: 'p1',
      targetUUID: 'hades',
      targetType: 'game',
      sourceUUID: 'ana',
      content: 'hi',
      timestamp: TEST_DATABASE_NOW,
    },
    'suggestions/s1': { userUUID: 'ana', targetUUID: 'hades', success: 'no', timestamp: TEST_DATABASE_NOW },
    'ranking_activity/hades': { activity: 4, recent: 3, weighted_index: 89 },
  });
});

describe('recent activity by time', () => {
  it('is read by the server with an index on each kind of record', async () => {
    for (const root of ['follows', 'likes', 'posts', 'suggestions'])
      expect(Object.keys((await db.server.get(root, since)) ?? {})).toHaveLength(1);
  });

  it('is listed to no visitor or member, not even the one who acted', async () => {
    for (const root of ['follows', 'likes', 'posts', 'suggestions']) {
      expect(await allowed(db.anonymous.get(root, since))).toBe(false);
      expect(await allowed(db.asUser('ana').get(root, since))).toBe(false);
    }
  });
});

describe('what the job added to each game’s ranking', () => {
  it('is read and written by the server only', async () => {
    expect(await allowed(db.anonymous.get('ranking_activity/hades'))).toBe(false);
    expect(await allowed(db.asUser('ana').get('ranking_activity'))).toBe(false);
    expect(await allowed(db.asUser('ana').put('ranking_activity/hades/activity', 1_000))).toBe(false);
    expect(
      await db.server.get('ranking_activity', { orderBy: 'recent', startAt: 1, limitToFirst: 10 }),
    ).toEqual({
      hades: { activity: 4, recent: 3, weighted_index: 89 },
    });
  });
});
