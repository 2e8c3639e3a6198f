// The feed records job against the real emulator with the project's rules: posts and comments written
// before feeds were read by feed key get what new ones are written with, feeds then show them in order
// with their authors' names and no round for the names, and a second run changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFeedCursor } from '../../shared/feed/feed-cursor.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { readFeedPage } from '../../shared/feed/read-feed.ts';
import { JOBS } from '../../shared/jobs/jobs.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const T = TEST_DATABASE_NOW - 60_000;

/** A post as it was written before feed keys and stored names. */
const olderPost = (id: string, targetUUID: string, sourceUUID: string, timestamp: number, comments = {}) => ({
  uuid: id,
  targetUUID,
  targetType: 'game',
  sourceUUID,
  content: `post ${id}`,
  type: 'text',
  likes: 0,
  timestamp,
  comments,
});

const run = () => {
  const job = JOBS['feed-records'];
  if (!job) throw new Error('no feed-records job');
  return job.run({ db: db.server, now: () => TEST_DATABASE_NOW, log: () => undefined });
};

describe('the feed records job', () => {
  beforeAll(async () => {
    await db.server.patch('', {
      'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
      'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
      'users/guest1234/public': { uuid: 'guest1234', username: 'web-Gu3st123', follows: 0 },
      'posts/p1': olderPost('p1', 'hades', 'ana', T + 1, { c1: T + 10 }),
      'posts/p2': olderPost('p2', 'hades', 'guest1234', T + 2),
      // Two of one millisecond: the key tells them apart.
      'posts/p3a': olderPost('p3a', 'hades', 'ben', T + 3),
      'posts/p3b': olderPost('p3b', 'hades', 'ben', T + 3),
      // Already written the new way: left as it is.
      'posts/p4': {
        ...olderPost('p4', 'hades', 'ana', T + 4),
        authorName: 'ana_roguelites',
        feed_key: feedKey('hades', T + 5, 'p4'),
      },
      // On another feed whose id starts like this one's.
      'posts/p5': olderPost('p5', 'hades-2', 'ana', T + 5),
      'comments/c1': { postUUID: 'p1', sourceUUID: 'ben', content: 'yes', likes: 0, timestamp: T + 10 },
    });
  });

  it('gives every post its feed key and members’ posts and comments their names, guests none; a second run writes nothing', async () => {
    // Before: of the feed, only the post written the new way shows.
    expect((await readFeedPage(db.anonymous, 'hades', null)).posts.map((p) => p.uuid)).toEqual(['p4']);
    expect(await run()).toBe('5 posts and 1 comments filled in');
    expect(await db.server.get('posts/p1')).toMatchObject({
      feed_key: feedKey('hades', T + 1, 'p1'),
      authorName: 'ana_roguelites',
    });
    expect(await db.server.get('posts/p2/feed_key')).toBe(feedKey('hades', T + 2, 'p2'));
    expect(await db.server.get('posts/p2/authorName')).toBeNull();
    expect(await db.server.get('posts/p4/feed_key')).toBe(feedKey('hades', T + 5, 'p4'));
    expect(await db.server.get('comments/c1/authorName')).toBe('ben_pixels');
    const before = await db.server.get('');
    expect(await run()).toBe('0 posts and 0 comments filled in');
    expect(await db.server.get('')).toEqual(before);
  });

  it('leaves each feed reading its posts in order, with their names', async () => {
    await run();
    const first = await readFeedPage(db.anonymous, 'hades', null, 3);
    expect(first.posts.map((p) => [p.uuid, p.authorName])).toEqual([
      ['p4', 'ana_roguelites'],
      ['p3b', 'ben_pixels'],
      ['p3a', 'ben_pixels'],
    ]);
    const next = await readFeedPage(db.anonymous, 'hades', decodeFeedCursor(first.nextCursor ?? ''), 3);
    expect(next.posts.map((p) => [p.uuid, p.authorName])).toEqual([
      ['p2', 'web-Gu3st123'],
      ['p1', 'ana_roguelites'],
    ]);
    expect(next.posts[1]?.previewComments.map((c) => c.authorName)).toEqual(['ben_pixels']);
    expect(next.nextCursor).toBeNull();
    expect((await readFeedPage(db.anonymous, 'hades-2', null)).posts.map((p) => p.uuid)).toEqual(['p5']);
  });
});
