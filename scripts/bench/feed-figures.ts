// The home feed kept on write (shared/feed/home-feed-fanout.ts writes it, shared/feed/home-feed-build.ts
// reads it, as `http-getFeed` does), against the project's database emulator in this process:
//
// - reading: members following 50, 500 and 5,000 feeds (the bench's mix: 60% games, 30% members, 10%
//   events), 3,000 posts on the first 500 feeds (0-4 comments each) and 20 on the default account, which
//   every member follows and which is merged at read (registered, its followers' home-feed records marked);
//   every post fanned out as the queue's consumer does.
//   Database requests and sequential rounds per page, p50/p95 per page, paging 5 pages of 10, repeated with
//   the members taking turns (so that the machine's pauses fall on every size alike);
// - writing: one post fanned out to a game's 1,000 followers, and a like on it (the card written again):
//   messages, paths written, database requests, time.
//
// Used by `npm run bench:feed` and `npm run bench`.
import { DEFAULT_NAMESPACE, startEmulator } from '../../emulator/index.ts';
import { feedIdOf, type FeedId } from '../../shared/schemas/feed-id.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import {
  deliverHomeFeedMessage,
  deliverHomeFeedMessageFully,
  PULLED_FEED_FOLLOWERS,
  type Delivery,
} from '../../shared/feed/home-feed-fanout.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import {
  commentNode,
  followsByTargetIdPath,
  gameNode,
  postNode,
  postsByIdNode,
  postsByUidNode,
  userBlocksNode,
  userFollowsMapNode,
  userSectionNode,
} from '../../shared/rtdb/paths.ts';
import { createRtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';

/** A home feed page, measured. */
export interface HomeFeedFigures {
  /** How many feeds the member follows. */
  follows: number;
  /** Database requests a page, on average, and the most a page took. */
  requests: number;
  maxRequests: number;
  /** The most sequential rounds a page took. */
  rounds: number;
  p50: number;
  p95: number;
  /** How many pages were timed. */
  pages: number;
}

/** One post (or one change of it) fanned out to a feed's followers, measured. */
export interface FanOutFigures {
  followers: number;
  /** Queue messages it took (the post's, and one per further page of followers). */
  messages: number;
  /** Paths written (home-feed entries, and any trimmed). */
  paths: number;
  /** Database requests the consumer made. */
  requests: number;
  /** Median milliseconds from the first message's delivery to the last one's, over the posts measured. */
  ms: number;
}

const PAGES = 5;
const PAGE_SIZE = 10;
const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);
const DEFAULT_ACCOUNT = 'bench-questline';
const SIZES = [50, 500, 5000] as const;

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Seeds the members, feeds and posts into a fresh emulator, then measures reading and fanning out. */
export async function measureHomeFeed(runs: number) {
  const emulator = await startEmulator({ port: 0, rules: 'database.rules.json' });
  const records: RtdbRequestRecord[] = [];
  const server = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
  const counted = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
    onRequest: (record) => records.push(record),
  });

  // 5,000 feeds in the bench's mix; the member following N follows the first N (and the default account).
  const targets = Array.from({ length: 5000 }, (_, n) => {
    const kind = n % 10 < 6 ? ('game' as const) : n % 10 < 9 ? ('user' as const) : ('event' as const);
    return { kind, id: `${kind}-${String(n)}` };
  });
  const members = SIZES.map((size) => ({ size, uid: `bench-member-${String(size)}` }));
  const follows: Record<string, unknown> = {};
  for (const { size, uid } of members) {
    for (const target of [...targets.slice(0, size), { kind: 'user' as const, id: DEFAULT_ACCOUNT }]) {
      follows[`${userFollowsMapNode(uid, target.kind).path}/${target.id}`] = NOW;
      follows[`${followsByTargetIdPath(feedIdOf(target.kind, target.id))}/${uid}`] = {
        followId: `f-${uid}-${target.id}`,
        type: target.kind,
        timestamp: NOW,
      };
    }
    Object.assign(follows, userBlocksNode(uid, 'users').child('uid-author-1').set(NOW));
  }
  await server.patch('', {
    ...follows,
    ...userSectionNode(DEFAULT_ACCOUNT, 'public').set({
      uuid: DEFAULT_ACCOUNT,
      username: 'questline',
      follows: PULLED_FEED_FOLLOWERS + 1,
    }),
  });
  // The follows are written straight in: the default account (over the threshold) is registered as merged
  // at read and marked in its followers' home-feed records as the home-feed-follows job does it for
  // follows made before the records (shared/jobs/home-feed-follows-job.ts), by its `feed-pulled` message.
  await deliverHomeFeedMessageFully(
    server,
    { kind: 'feed-pulled', feed: feedIdOf('user', DEFAULT_ACCOUNT) },
    () => NOW,
  );

  // 3,000 posts on the first 500 feeds, 20 on the default account; each fanned out as the queue does.
  const random = randomFrom(7);
  const written: HomeFeedMessage[] = [];
  const onFeeds = [
    ...Array.from({ length: 3000 }, (_, n) => targets[n % 500] ?? { kind: 'game' as const, id: 'game-0' }),
    ...Array.from({ length: 20 }, () => ({ kind: 'user' as const, id: DEFAULT_ACCOUNT })),
  ];
  for (let start = 0; start < onFeeds.length; start += 250) {
    const update: MultiPathUpdate = {};
    onFeeds.slice(start, start + 250).forEach((target, offset) => {
      const n = start + offset;
      const postId = `post-${String(n).padStart(5, '0')}`;
      // Spread over 30 days, in whole seconds so that posts share times as busy feeds do.
      const timestamp = NOW - Math.floor(random() * 30 * 24 * 3600) * 1000;
      const author = target.kind === 'user' ? target.id : `uid-author-${String(Math.floor(random() * 1000))}`;
      const feed = feedIdOf(target.kind, target.id);
      const comments = Math.floor(random() * 5);
      Object.assign(
        update,
        postNode(postId).set({
          uuid: postId,
          targetUUID: target.id,
          targetType: target.kind,
          sourceUUID: author,
          authorName: `name_${author.replace(/-/g, '_')}`,
          feed_key: feedKey(feed, timestamp, postId),
          content: `Post ${String(n)} on ${target.id}`,
          type: 'text',
          likes: 0,
          timestamp,
          comments: Object.fromEntries(
            Array.from({ length: comments }, (_, c) => [`comment-${postId}-${String(c)}`, timestamp + c]),
          ),
        }),
        postsByIdNode(feed).child(postId).set(timestamp),
        postsByUidNode(author).child(postId).set(timestamp),
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
      written.push({ kind: 'post-written', postId, feed, author, timestamp });
    });
    await server.patch('', update);
  }
  for (const message of written) await deliverHomeFeedMessage(server, message);

  /** What one member's pages took: milliseconds, requests and rounds per page. */
  interface Samples {
    times: number[];
    requests: number[];
    rounds: number[];
  }
  /** Pages through one member's home feed (up to PAGES pages), adding each page's figures to `samples`. */
  async function readPages(uid: string, samples: Samples | null): Promise<void> {
    let cursor: string | undefined;
    for (let page = 0; page < PAGES; page++) {
      records.length = 0;
      const started = performance.now();
      const answer = await buildHomeFeedPage(
        counted,
        uid,
        cursor === undefined ? { limit: PAGE_SIZE } : { limit: PAGE_SIZE, cursor },
      );
      const took = performance.now() - started;
      if (samples) {
        samples.times.push(took);
        samples.requests.push(records.length);
        samples.rounds.push(sequentialRounds(records));
      }
      if (answer.nextCursor === null) break;
      cursor = answer.nextCursor;
    }
  }
  // The members take turns, run after run, in an order that rotates, so that a pause of the machine (another
  // process, a garbage collection) falls on each size alike: the rows compare sizes, not moments. The first
  // run warms the emulator and the connections up: not counted.
  const samples = new Map<string, Samples>(
    members.map(({ uid }) => [uid, { times: [], requests: [], rounds: [] }]),
  );
  for (let run = 0; run <= runs; run++)
    for (let turn = 0; turn < members.length; turn++) {
      const member = members[(run + turn) % members.length];
      if (member) await readPages(member.uid, run > 0 ? (samples.get(member.uid) ?? null) : null);
    }
  const reading: HomeFeedFigures[] = members.map(({ uid, size }) => {
    const { times, requests, rounds } = samples.get(uid) ?? { times: [], requests: [], rounds: [] };
    times.sort((a, b) => a - b);
    return {
      follows: size + 1,
      requests: requests.reduce((sum, n) => sum + n, 0) / requests.length,
      maxRequests: Math.max(...requests),
      rounds: Math.max(...rounds),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      pages: times.length,
    };
  });

  // One post on a game followed by 1,000 members, fanned out (the consumer's work, message by message).
  const crowd: FeedId = feedIdOf('game', 'bench-crowd');
  const crowdFollowers: Record<string, unknown> = {
    ...gameNode('bench-crowd').child('follows').set(1000),
  };
  for (let n = 0; n < 1000; n++)
    crowdFollowers[`${followsByTargetIdPath(crowd)}/uid-fan-${String(n).padStart(4, '0')}`] = {
      followId: `f-${String(n)}`,
      type: 'game',
      timestamp: NOW,
    };
  await server.patch('', crowdFollowers);
  /** Delivers a message and whatever carries on from it, as the consumer does, counting as it goes. */
  async function fanOut(first: HomeFeedMessage): Promise<FanOutFigures> {
    let pending: HomeFeedMessage[] = [first];
    let messages = 0;
    let paths = 0;
    records.length = 0;
    const started = performance.now();
    while (pending.length > 0) {
      const deliveries: Delivery[] = await Promise.all(
        pending.map((m) => deliverHomeFeedMessage(counted, m)),
      );
      messages += pending.length;
      paths += deliveries.reduce((sum, d) => sum + d.paths, 0);
      pending = deliveries.flatMap((d) => d.next);
    }
    return { followers: 1000, messages, paths, requests: records.length, ms: performance.now() - started };
  }
  const medianOf = (figures: FanOutFigures[]) =>
    [...figures].sort((a, b) => a.ms - b.ms)[Math.floor(figures.length / 2)];
  const fanOuts: FanOutFigures[] = [];
  const changes: FanOutFigures[] = [];
  for (let n = 0; n < Math.max(3, runs * 3); n++) {
    const postId = `crowd-post-${String(n)}`;
    await server.patch(
      '',
      postNode(postId).set({
        uuid: postId,
        sourceUUID: 'uid-x',
        authorName: 'name_x',
        targetUUID: 'bench-crowd',
        targetType: 'game',
        feed_key: feedKey(crowd, NOW + n, postId),
        content: `Crowd post ${String(n)}`,
        type: 'text',
        likes: 0,
        timestamp: NOW + n,
      }),
    );
    fanOuts.push(
      await fanOut({ kind: 'post-written', postId, feed: crowd, author: 'uid-x', timestamp: NOW + n }),
    );
    // A like: the post's card written again into the same home feeds.
    await server.patch('', postNode(postId).child('likes').set(1));
    changes.push(await fanOut({ kind: 'post-changed', postId }));
  }
  await emulator.close();
  return { posts: onFeeds.length, reading, fanOut: medianOf(fanOuts), change: medianOf(changes) };
}
