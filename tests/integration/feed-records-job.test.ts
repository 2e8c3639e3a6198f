// The feed records job against the real emulator with the project's rules: posts and comments written
// before feeds were read by feed key get what new ones are written with, feeds then show them in order
// with their authors' names and no round for the names, and a second run changes nothing. Members'
// deletes and edits landing between the job's read of a page and its write are neither undone nor
// turned into ghost records.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../emulator/index.ts';
import { decodeFeedCursor } from '../../shared/feed/feed-cursor.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { readFeedPage } from '../../shared/feed/read-feed.ts';
import { createRtdbClient, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { runJob, startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

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

const run = (client: RtdbClient = db.server) => runJob('feed-records', client);

/** The paths a REST request writes: its own, or for a multi-path PATCH each of its keys under it. */
function writtenPaths(url: URL, init: RequestInit | undefined): string[] {
  const at = decodeURIComponent(url.pathname.replace(/^\/|\.json$/g, ''));
  if (init?.method !== 'PATCH') return [at];
  const body = typeof init.body === 'string' ? init.body : '{}';
  const keys = Object.keys(JSON.parse(body) as Record<string, unknown>);
  return keys.map((key) => [at, key].filter((part) => part !== '').join('/'));
}

/**
 * A server client for `on` whose first write touching each path in `meanwhile` (the path or anything
 * under it) waits for that path's change to land first: a member's delete or edit arriving after the
 * job read its page and before its write. Answers the client and the paths whose change ran.
 */
function racedClient(
  on: TestDatabase,
  meanwhile: Record<string, () => Promise<unknown>>,
): { client: RtdbClient; raced: string[] } {
  const raced: string[] = [];
  const client = createRtdbClient({
    databaseUrl: on.emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
    fetch: async (input, init) => {
      if (init?.method !== undefined && init.method !== 'GET') {
        const url = new URL(input instanceof Request ? input.url : input);
        const written = writtenPaths(url, init);
        for (const [path, change] of Object.entries(meanwhile)) {
          if (raced.includes(path) || !written.some((w) => w === path || w.startsWith(`${path}/`))) continue;
          raced.push(path);
          await change();
        }
      }
      return fetch(input, init);
    },
  });
  return { client, raced };
}

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
        feed_key: feedKey('game:hades', T + 5, 'p4'),
      },
      // On another feed whose id starts like this one's.
      'posts/p5': olderPost('p5', 'hades-2', 'ana', T + 5),
      'comments/c1': { postUUID: 'p1', sourceUUID: 'ben', content: 'yes', likes: 0, timestamp: T + 10 },
    });
  });

  it('gives every post its feed key and members’ posts and comments their names, guests none; a second run writes nothing', async () => {
    // Before: of the feed, only the post written the new way shows.
    expect((await readFeedPage(db.anonymous, 'game:hades', null)).posts.map((p) => p.uuid)).toEqual(['p4']);
    expect(await run()).toBe('5 posts and 1 comments filled in');
    expect(await db.server.get('posts/p1')).toMatchObject({
      feed_key: feedKey('game:hades', T + 1, 'p1'),
      authorName: 'ana_roguelites',
    });
    expect(await db.server.get('posts/p2/feed_key')).toBe(feedKey('game:hades', T + 2, 'p2'));
    expect(await db.server.get('posts/p2/authorName')).toBeNull();
    expect(await db.server.get('posts/p4/feed_key')).toBe(feedKey('game:hades', T + 5, 'p4'));
    expect(await db.server.get('comments/c1/authorName')).toBe('ben_pixels');
    const before = await db.server.get('');
    expect(await run()).toBe('0 posts and 0 comments filled in');
    expect(await db.server.get('')).toEqual(before);
  });

  it('leaves each feed reading its posts in order, with their names', async () => {
    await run();
    const first = await readFeedPage(db.anonymous, 'game:hades', null, 3);
    expect(first.posts.map((p) => [p.uuid, p.authorName])).toEqual([
      ['p4', 'ana_roguelites'],
      ['p3b', 'ben_pixels'],
      ['p3a', 'ben_pixels'],
    ]);
    const next = await readFeedPage(db.anonymous, 'game:hades', decodeFeedCursor(first.nextCursor ?? ''), 3);
    expect(next.posts.map((p) => [p.uuid, p.authorName])).toEqual([
      ['p2', 'web-Gu3st123'],
      ['p1', 'ana_roguelites'],
    ]);
    expect(next.posts[1]?.previewComments.map((c) => c.authorName)).toEqual(['ben_pixels']);
    expect(next.nextCursor).toBeNull();
    expect((await readFeedPage(db.anonymous, 'game:hades-2', null)).posts.map((p) => p.uuid)).toEqual(['p5']);
  });
});

describe('the feed records job while members delete and edit', () => {
  // Each case on a database of its own: the job scans everything, and its counts are the point.
  let own: TestDatabase;
  beforeEach(async () => {
    own = await startTestDatabase();
    await own.server.patch('', {
      'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
      'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
    });
  });
  afterEach(async () => {
    await own.close();
  });

  it('leaves a post or comment deleted before its write deleted, not a ghost, and fills in the rest', async () => {
    await own.server.patch('', {
      'posts/d1': olderPost('d1', 'celeste', 'ana', T + 1),
      'posts/d2': olderPost('d2', 'celeste', 'ben', T + 2),
      'posts/d3': olderPost('d3', 'celeste', 'ana', T + 3),
      'comments/k1': { postUUID: 'd1', sourceUUID: 'ben', content: 'yes', likes: 0, timestamp: T + 10 },
      'comments/k2': { postUUID: 'd1', sourceUUID: 'ana', content: 'no', likes: 0, timestamp: T + 11 },
    });
    const { client, raced } = racedClient(own, {
      'posts/d2': () => own.server.delete('posts/d2'),
      'comments/k2': () => own.server.delete('comments/k2'),
    });

    expect(await run(client)).toBe('2 posts and 1 comments filled in');
    expect(raced.sort()).toEqual(['comments/k2', 'posts/d2']);
    expect(await own.server.get('posts/d2')).toBeNull();
    expect(await own.server.get('comments/k2')).toBeNull();
    expect(await own.server.get('posts/d3')).toMatchObject({
      content: 'post d3',
      feed_key: feedKey('game:celeste', T + 3, 'd3'),
      authorName: 'ana_roguelites',
    });
    expect(await own.server.get('comments/k1/authorName')).toBe('ben_pixels');
    // The feed reads every post it finds as a post: none of the wrong shape, so the page stays cacheable.
    const wrongShape: string[] = [];
    const reader = createRtdbClient({
      databaseUrl: own.emulator.url,
      namespace: DEFAULT_NAMESPACE,
      credential: { kind: 'anonymous' },
      onWrongShape: (path) => wrongShape.push(path),
    });
    expect((await readFeedPage(reader, 'game:celeste', null)).posts.map((p) => p.uuid)).toEqual(['d3', 'd1']);
    expect(wrongShape).toEqual([]);
  });

  it('keeps an edit or a replacement made before its write, and fills in the record as it now is', async () => {
    await own.server.patch('', {
      'posts/e1': olderPost('e1', 'celeste', 'ana', T + 1),
      'posts/e2': olderPost('e2', 'celeste', 'ana', T + 2),
      'comments/ek1': { postUUID: 'e1', sourceUUID: 'ben', content: 'yes', likes: 0, timestamp: T + 10 },
    });
    const { client, raced } = racedClient(own, {
      'posts/e1': () => own.server.patch('posts/e1', { content: 'post e1, edited' }),
      // Written anew on another feed, by another member.
      'posts/e2': () => own.server.put('posts/e2', olderPost('e2', 'hades', 'ben', T + 5)),
      'comments/ek1': () => own.server.patch('comments/ek1', { content: 'yes, edited' }),
    });

    expect(await run(client)).toBe('2 posts and 1 comments filled in');
    expect(raced.sort()).toEqual(['comments/ek1', 'posts/e1', 'posts/e2']);
    expect(await own.server.get('posts/e1')).toMatchObject({
      content: 'post e1, edited',
      feed_key: feedKey('game:celeste', T + 1, 'e1'),
      authorName: 'ana_roguelites',
    });
    expect(await own.server.get('posts/e2')).toMatchObject({
      targetUUID: 'hades',
      feed_key: feedKey('game:hades', T + 5, 'e2'),
      authorName: 'ben_pixels',
    });
    expect(await own.server.get('comments/ek1')).toMatchObject({
      content: 'yes, edited',
      authorName: 'ben_pixels',
    });
    expect(await run(client)).toBe('0 posts and 0 comments filled in');
  });
});
