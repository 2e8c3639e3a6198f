// The home feed both ways, for a member who follows 500 feeds (300 games, 150 members, 50 events) with
// 20 posts each (10,000 posts, 0-4 comments each), against the project's database emulator in this process:
//
// - built on read (what `http-getFeed` does, shared/feed/home-feed-build.ts): the member's follows and
//   blocks, one limited query per followed feed, all at once, merged; then the page's posts and comments;
// - kept on write (the spec's `users/{uid}/private/home-feed`): every post also written into the home feed
//   of each follower of its feed, so a page is one limited query on it, then the posts and comments.
//
// For each: database requests and sequential rounds per page, and p50/p95 time per page over paging
// 5 pages of 10 posts, repeated. Used by `npm run bench:feed` and `npm run bench`.
import { readFileSync } from 'node:fs';
import { DEFAULT_NAMESPACE, startEmulator } from '../../emulator/index.ts';
import { encodeFeedCursor } from '../../shared/feed/feed-cursor.ts';
import { feedIdOf } from '../../shared/feed/feed-id.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { buildHomeFeedPage, readFeedSlice } from '../../shared/feed/home-feed-build.ts';
import { mergeFeedSlices, type HomeFeedPage, type HomeFeedRequest } from '../../shared/feed/home-feed.ts';
import { decodeFeedCursor } from '../../shared/feed/feed-cursor.ts';
import { readFeedPosts } from '../../shared/feed/read-feed.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import {
  commentNode,
  postNode,
  postsByIdNode,
  postsByUidNode,
  userBlocksNode,
  userFollowsMapNode,
  userSectionNode,
} from '../../shared/rtdb/paths.ts';
import { createRtdbClient, type RtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { sequentialRounds } from '../../worker/test-support/sequential-rounds.ts';

/** One way of building the home feed, measured. */
export interface HomeFeedFigures {
  /** Database requests a page, on average. */
  requests: number;
  /** The most sequential rounds a page took. */
  rounds: number;
  p50: number;
  p95: number;
  /** How many pages were timed. */
  pages: number;
}

const PAGES = 5;
const PAGE_SIZE = 10;
const MEMBER = 'bench-member';
const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);

/** Deterministic pseudo-random numbers (mulberry32), so every run writes the same feeds. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The kept way: one query on the member's home feed, with blocks at once, then the posts and comments. */
async function keptHomeFeedPage(
  db: RtdbClient,
  uid: string,
  request: HomeFeedRequest,
): Promise<HomeFeedPage> {
  const cursor = request.cursor === undefined ? undefined : (decodeFeedCursor(request.cursor) ?? undefined);
  // The blocks are read beside it, as the function must (filtering them is the same either way).
  const [slice] = await Promise.all([
    readFeedSlice(db, userSectionNode(uid, 'private').child('home-feed').path, cursor, request.limit),
    db.get(userSectionNode(uid, 'private').child('blocks').path),
  ]);
  const { entries, more } = mergeFeedSlices([slice], request.limit);
  const posts = await readFeedPosts(
    db,
    entries.map((entry) => entry.id),
  );
  const last = entries.at(-1);
  return { posts, nextCursor: more && last ? encodeFeedCursor(last) : null };
}

type PageReader = (db: RtdbClient, uid: string, request: HomeFeedRequest) => Promise<HomeFeedPage>;

/** Seeds the member's feeds into a fresh emulator, then pages the home feed both ways `runs` times. */
export async function measureHomeFeed(runs: number) {
  // The project's rules (their `.indexOn`s: the database refuses an ordered query on a node without one),
  // and the index the kept home feed would need, which the rules do not have since nothing keeps it.
  const rules = JSON.parse(readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8')) as {
    rules: { users: { $uid: { private: Record<string, unknown> } } };
  };
  rules.rules.users.$uid.private['home-feed'] = { '.indexOn': '.value' };
  const emulator = await startEmulator({ port: 0, rules });
  const records: RtdbRequestRecord[] = [];
  const server = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
  const counted: RtdbClient = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
    onRequest: (record) => records.push(record),
  });

  // The member's 500 followed feeds, their posts and comments, and the kept home feed of the second way.
  const random = randomFrom(7);
  const targets = [
    ...Array.from({ length: 300 }, (_, n) => ({ id: `game-${String(n)}`, type: 'game' as const })),
    ...Array.from({ length: 150 }, (_, n) => ({ id: `uid-friend-${String(n)}`, type: 'user' as const })),
    ...Array.from({ length: 50 }, (_, n) => ({ id: `-Nevent-${String(n)}`, type: 'event' as const })),
  ];
  let written = 0;
  for (const target of targets) {
    const update: MultiPathUpdate = {
      ...userFollowsMapNode(MEMBER, target.type).child(target.id).set(NOW),
    };
    const posts: MultiPathUpdate = {};
    for (let n = 0; n < 20; n++) {
      const postId = `post-${target.id}-${String(n)}`;
      // Spread over 30 days, in whole seconds so that posts share times as busy feeds do.
      const timestamp = NOW - Math.floor(random() * 30 * 24 * 3600) * 1000;
      const author = target.type === 'user' ? target.id : `uid-author-${String(Math.floor(random() * 1000))}`;
      const comments = Math.floor(random() * 5);
      Object.assign(
        posts,
        postNode(postId).set({
          uuid: postId,
          targetUUID: target.id,
          targetType: target.type,
          sourceUUID: author,
          // As the post plan writes them: the author's name and the post's place in its feed, so the bench
          // reads posts as the site's own are read (without them, readers fall back to a round of names).
          authorName: `name_${author.replace(/-/g, '_')}`,
          feed_key: feedKey(feedIdOf(target.type, target.id), timestamp, postId),
          content: `Post ${String(n)} on ${target.id}`,
          type: 'text',
          likes: 0,
          timestamp,
          comments: Object.fromEntries(
            Array.from({ length: comments }, (_, c) => [`comment-${postId}-${String(c)}`, timestamp + c]),
          ),
        }),
        postsByIdNode(feedIdOf(target.type, target.id)).child(postId).set(timestamp),
        postsByUidNode(author).child(postId).set(timestamp),
        userSectionNode(MEMBER, 'private').child('home-feed').child(postId).set(timestamp),
      );
      for (let c = 0; c < comments; c++)
        Object.assign(
          update,
          commentNode(`comment-${postId}-${String(c)}`).set({
            postUUID: postId,
            sourceUUID: `uid-author-${String(c)}`,
            authorName: `name_uid_author_${String(c)}`,
            content: `Comment ${String(c)}`,
            likes: 0,
            timestamp: timestamp + c,
          }),
        );
      written++;
    }
    await server.patch('', update);
    await server.patch('', posts);
  }
  await server.patch('', {
    ...userBlocksNode(MEMBER, 'users').child('uid-author-1').set(NOW),
    ...userSectionNode('uid-friend-0', 'public').set({
      uuid: 'uid-friend-0',
      username: 'friend_zero',
      follows: 1,
    }),
  });

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

  async function measure(read: PageReader): Promise<{ firstRun: string[][]; figures: HomeFeedFigures }> {
    const times: number[] = [];
    const requests: number[] = [];
    const rounds: number[] = [];
    let firstRun: string[][] = [];
    for (let run = 0; run <= runs; run++) {
      let cursor: string | undefined;
      const pages: string[][] = [];
      for (let page = 0; page < PAGES; page++) {
        records.length = 0;
        const started = performance.now();
        const answer = await read(
          counted,
          MEMBER,
          cursor === undefined ? { limit: PAGE_SIZE } : { limit: PAGE_SIZE, cursor },
        );
        const took = performance.now() - started;
        // The first run warms the emulator and the connections up: not counted.
        if (run > 0) {
          times.push(took);
          requests.push(records.length);
          rounds.push(sequentialRounds(records));
        }
        pages.push(answer.posts.map((post) => post.uuid));
        if (answer.nextCursor === null) break;
        cursor = answer.nextCursor;
      }
      if (run === 0) firstRun = pages;
    }
    times.sort((a, b) => a - b);
    const mean = (list: number[]) => list.reduce((sum, n) => sum + n, 0) / list.length;
    return {
      firstRun,
      figures: {
        requests: mean(requests),
        rounds: Math.max(...rounds),
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        pages: times.length,
      },
    };
  }
  const onRead = await measure(buildHomeFeedPage);
  const onWrite = await measure(keptHomeFeedPage);
  await emulator.close();
  return {
    feeds: targets.length,
    posts: written,
    builtOnRead: onRead.figures,
    keptOnWrite: onWrite.figures,
    sameOrder: JSON.stringify(onRead.firstRun) === JSON.stringify(onWrite.firstRun),
    postsCompared: onRead.firstRun.flat().length,
  };
}
