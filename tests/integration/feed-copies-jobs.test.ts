// The jobs that give data written before the copies what new writes keep (issue 23, point 2), against the
// real emulator with the project's rules: posts their preview comments (preview-comments) and follows of
// games their game's summary (followed-game-summaries). A feed or a member's page then reads no comment
// and no game, a second run writes nothing, and what members do between a job's read and its write (a
// comment, a deletion, an unfollow) is neither undone nor turned into a stub record.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followedGames } from '../../shared/catalogue/followed-games.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { readFeedPage } from '../../shared/feed/read-feed.ts';
import type { RtdbClient, RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { followTypeTime } from '../../shared/schemas/follow.ts';
import { gameSummaryRecordOf } from '../../shared/schemas/game-summary.ts';
import { planNewComment } from '../../shared/transitions/post.ts';
import {
  countingClient,
  racedServer,
  runJob,
  startTestDatabase,
  TEST_DATABASE_NOW,
  type TestDatabase,
} from './emulator-db.ts';

const T = TEST_DATABASE_NOW - 60_000;

let db: TestDatabase;
beforeEach(async () => {
  db = await startTestDatabase();
});
afterEach(async () => {
  await db.close();
});

const run = (name: string, client: RtdbClient = db.server) => runJob(name, client);

/** A post as written before the copies, with `comments` (id → time). */
const olderPost = (id: string, comments: Record<string, number>) => ({
  uuid: id,
  targetUUID: 'hades',
  targetType: 'game',
  sourceUUID: 'ana',
  authorName: 'ana_roguelites',
  feed_key: feedKey('game:hades', T, id),
  content: `post ${id}`,
  type: 'text',
  likes: 0,
  timestamp: T,
  comments,
});
const comment = (postUUID: string, n: number, likes = 0) => ({
  postUUID,
  sourceUUID: 'ben',
  authorName: 'ben_pixels',
  content: `comment ${String(n)}`,
  likes,
  timestamp: T + n,
});

describe('the preview comments job', () => {
  it('copies each post’s newest comments as they are, drops stray copies, and a second run writes nothing', async () => {
    await db.server.patch('', {
      'posts/p1': olderPost('p1', { c1: T + 1, c2: T + 2, c3: T + 3, c4: T + 4 }),
      'posts/p2': {
        ...olderPost('p2', { k1: T + 1 }),
        // A copy whose count a recount moved on the comment alone, and a copy of a comment gone.
        preview_comments: { k1: comment('p2', 1, 0), gone: comment('p2', 9) },
      },
      'posts/p3': olderPost('p3', {}),
      ...Object.fromEntries([1, 2, 3, 4].map((n) => [`comments/c${String(n)}`, comment('p1', n)])),
      'comments/k1': comment('p2', 1, 5),
    });
    expect(await run('preview-comments')).toBe('2 posts given their preview comments');
    expect(await db.server.get('posts/p1/preview_comments')).toEqual({
      c2: comment('p1', 2),
      c3: comment('p1', 3),
      c4: comment('p1', 4),
    });
    expect(await db.server.get('posts/p2/preview_comments')).toEqual({ k1: comment('p2', 1, 5) });
    expect(await db.server.get('posts/p3/preview_comments')).toBeNull();

    // The feed now shows them from the posts alone.
    const reads: RtdbRequestRecord[] = [];
    const reader = countingClient(db, reads, { kind: 'anonymous' });
    const page = await readFeedPage(reader, 'game:hades', null);
    expect(page.posts.find((p) => p.uuid === 'p1')?.previewComments.map((c) => c.content)).toEqual([
      'comment 4',
      'comment 3',
      'comment 2',
    ]);
    expect(page.posts.find((p) => p.uuid === 'p2')?.previewComments[0]?.likes).toBe(5);
    expect(reads.filter((r) => r.path.startsWith('comments'))).toEqual([]);

    const before = await db.server.get('');
    expect(await run('preview-comments')).toBe('0 posts given their preview comments');
    expect(await db.server.get('')).toEqual(before);
  });

  it('never brings back a post deleted before its write, and copies a comment written meanwhile', async () => {
    await db.server.patch('', {
      'posts/d1': olderPost('d1', { c1: T + 1 }),
      'posts/d2': olderPost('d2', { c2: T + 2 }),
      'comments/c1': comment('d1', 1),
      'comments/c2': comment('d2', 2),
    });
    const client = racedServer(db, {
      'posts/d1': () => db.server.delete('posts/d1'),
      // A member comments on d2 as the job is about to write it: the job's write is refused and done again.
      'posts/d2': () => db.server.patch('', planNewComment('cleo', 'd2', 'late words', 'c9')),
    });
    expect(await run('preview-comments', client)).toBe('1 posts given their preview comments');
    expect(await db.server.get('posts/d1')).toBeNull();
    const copies = (await db.server.get('posts/d2/preview_comments')) as Record<string, { content: string }>;
    expect(Object.keys(copies).sort()).toEqual(['c2', 'c9']);
    expect(copies['c9']?.content).toBe('late words');
  });
});

describe('the followed game summaries job', () => {
  const hades = {
    name: 'Hades',
    deeplink_url_code: 'hades',
    content: {},
    genres: ['Roguelike'],
    tags: [],
    platforms: [],
    developers: ['Supergiant'],
    publishers: [],
    release_date: '2020-09-17',
    follows: 2,
  };
  const entry = (at: number, type = 'game') => ({
    followId: `f${String(at)}`,
    type,
    timestamp: at,
    type_time: followTypeTime(type, at),
  });

  it('gives each follow of a game its summary and names it among the game’s places; a second run writes nothing', async () => {
    await db.server.patch('', {
      'games/hades': hades,
      'follows_by_userid/ana/game:hades': entry(1),
      'follows_by_userid/ana/user:ben': entry(2, 'user'),
      'follows_by_userid/ben/game:hades': entry(3),
      // A follow of a game that is gone keeps no summary (the page leaves it out, as before).
      'follows_by_userid/ben/game:gone': entry(4),
    });
    expect(await run('followed-game-summaries')).toBe('2 follows of games given their game’s summary');
    const summary = gameSummaryRecordOf({ ...hades, icon: undefined });
    expect(await followedGames(db.server, 'ana', 20)).toEqual([{ gameId: 'hades', summary }]);
    expect(await db.server.get('follows_by_userid/ana/user:ben/summary')).toBeNull();
    expect(await db.server.get('game_summary_places/hades')).toEqual({
      'follower:ana': true,
      'follower:ben': true,
    });
    expect(await db.server.get('game_summary_places/gone')).toBeNull();
    const before = await db.server.get('');
    expect(await run('followed-game-summaries')).toBe('0 follows of games given their game’s summary');
    expect(await db.server.get('')).toEqual(before);
  });

  it('leaves a follow undone before its write undone: no stub entry, no place', async () => {
    await db.server.patch('', {
      'games/hades': hades,
      'follows_by_userid/ana/game:hades': entry(1),
    });
    const client = racedServer(db, {
      'follows_by_userid/ana/game:hades': () => db.server.delete('follows_by_userid/ana/game:hades'),
    });
    expect(await run('followed-game-summaries', client)).toBe(
      '0 follows of games given their game’s summary',
    );
    expect(await db.server.get('follows_by_userid/ana')).toBeNull();
    expect(await db.server.get('game_summary_places/hades')).toBeNull();
  });
});
