// One post fanned out to a feed's followers (shared/feed/home-feed-fanout.ts, delivered message by message
// as the home-feed queue's consumer does), against the project's database emulator in this process:
//
// - 1,000 followers, fanned out (under the pull threshold);
// - 100,000 followers as they are served: past PULLED_FEED_FOLLOWERS the post goes to the shared index;
// - 100,000 followers forced to fan out (the feed's follower count kept under the threshold), which is
//   what the threshold saves: messages, writes and the consumer's time to the last home feed.
//
// Followers are seeded in bulk PATCHes. Time is the consumer's own (each message delivered as soon as the
// one before it answered its next page); on Cloudflare each further message also waits for its batch
// (`max_batch_timeout`, 5 s in production when the queue is quiet), which FanOutRow.hops says how often.
//
// Used by `npm run bench:fanout` (scripts/bench/fanout.ts).
import { DEFAULT_NAMESPACE, startEmulator } from '../../emulator/index.ts';
import { feedKey } from '../../shared/feed/feed-key.ts';
import {
  deliverHomeFeedMessage,
  deliverHomeFeedMessageFully,
  homeFeedInboxPath,
  PULLED_FEED_FOLLOWERS,
  type Delivery,
} from '../../shared/feed/home-feed-fanout.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import {
  followsByTargetIdPath,
  gameNode,
  postNode,
  postsByIdNode,
  userSectionNode,
} from '../../shared/rtdb/paths.ts';
import { createRtdbClient, type RtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { feedIdOf, type FeedId } from '../../shared/schemas/feed-id.ts';

/** One post fanned out (or pulled), measured. */
export interface FanOutRow {
  /** What was measured, in words. */
  label: string;
  followers: number;
  /** Queue messages it took (the post's, and one per further page of followers). */
  messages: number;
  /** Messages that waited for the one before them (a chain: each page names the next). */
  hops: number;
  /** PATCH requests, and the paths they wrote (home-feed entries, the shared index's, trims). */
  writes: number;
  paths: number;
  /** Other database requests (the follower pages, the cap's reads, the post's). */
  reads: number;
  /** Milliseconds from the first message's delivery to the last write (median over the posts measured). */
  ms: number;
  /** Whether the last follower's home feed holds the post afterwards. */
  lastHolds: boolean;
}

const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);
/** Follow entries per seeding PATCH (the emulator's multi-path check grows with the paths of one PATCH). */
const SEED_PER_PATCH = 5000;
const AUTHOR = 'bench-fan-author';

const fanUid = (n: number) => `uid-fan-${String(n).padStart(6, '0')}`;

/** A game feed with `followers` followers (entries seeded in bulk) and its follower count as given. */
async function seedFeed(server: RtdbClient, gameId: string, followers: number, count: number) {
  const feed = feedIdOf('game', gameId);
  await server.patch('', {
    ...gameNode(gameId).set({
      name: `Bench ${gameId}`,
      deeplink_url_code: gameId,
      follows: count,
      content: { description: 'A game of the fan-out bench.' },
      genres: ['Adventure'],
      tags: ['Puzzle'],
      platforms: ['PC'],
      developers: ['Bench Studio'],
      publishers: ['Bench Publisher'],
    }),
  });
  for (let start = 0; start < followers; start += SEED_PER_PATCH) {
    const update: Record<string, unknown> = {};
    for (let n = start; n < Math.min(followers, start + SEED_PER_PATCH); n++)
      update[`${followsByTargetIdPath(feed)}/${fanUid(n)}`] = {
        followId: `f-${String(n)}`,
        type: 'game',
        timestamp: NOW,
      };
    await server.patch('', update);
  }
  return feed;
}

/** A post on `feed` as the post transition writes it (what the consumer reads of it). */
async function writePost(
  server: RtdbClient,
  postId: string,
  feed: FeedId,
  gameId: string,
  timestamp: number,
) {
  await server.patch('', {
    ...postNode(postId).set({
      uuid: postId,
      targetUUID: gameId,
      targetType: 'game',
      sourceUUID: AUTHOR,
      authorName: 'bench_author',
      feed_key: feedKey(feed, timestamp, postId),
      content: `A post on ${gameId}`,
      type: 'text',
      likes: 0,
      timestamp,
    }),
    ...postsByIdNode(feed).child(postId).set(timestamp),
  });
}

/** Delivers one post's message and every message it leads to, as the consumer does; measured. */
async function fanOutOnce(
  counted: RtdbClient,
  records: RtdbRequestRecord[],
  message: HomeFeedMessage,
): Promise<Omit<FanOutRow, 'label' | 'followers' | 'lastHolds'>> {
  let pending: HomeFeedMessage[] = [message];
  let messages = 0;
  let hops = -1;
  let paths = 0;
  records.length = 0;
  const started = performance.now();
  while (pending.length > 0) {
    const deliveries: Delivery[] = await Promise.all(pending.map((m) => deliverHomeFeedMessage(counted, m)));
    messages += pending.length;
    hops += 1;
    paths += deliveries.reduce((sum, d) => sum + d.paths, 0);
    pending = deliveries.flatMap((d) => d.next);
  }
  const ms = performance.now() - started;
  const writes = records.filter((r) => r.method === 'PATCH').length;
  return { messages, hops, writes, paths, reads: records.length - writes, ms };
}

/** Measures one post fanned out to 1,000 and 100,000 followers, pulled and forced; see the file's comment. */
export async function measureFanOut(options: { runs: number; crowd: number; log?: (line: string) => void }) {
  const log = options.log ?? (() => undefined);
  const emulator = await startEmulator({ port: 0, rules: 'database.rules.json' });
  const records: RtdbRequestRecord[] = [];
  const client = (onRequest?: (record: RtdbRequestRecord) => void) =>
    createRtdbClient({
      databaseUrl: emulator.url,
      namespace: DEFAULT_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
      ...(onRequest ? { onRequest } : {}),
    });
  const server = client();
  const counted = client((record) => records.push(record));
  await server.patch(
    '',
    userSectionNode(AUTHOR, 'public').set({ uuid: AUTHOR, username: 'bench_author', follows: 0 }),
  );

  const rows: FanOutRow[] = [];
  let posts = 0;
  async function measure(label: string, gameId: string, followers: number, count: number, runs: number) {
    const seeding = performance.now();
    // A pulled feed's followers are never read: its count is all that decides.
    const pulled = count > PULLED_FEED_FOLLOWERS;
    const feed = await seedFeed(server, gameId, pulled ? 0 : followers, count);
    // Registered as merged at read, as the consumer does when a post first finds it over the threshold
    // (its `feed-pulled` message marks every follower: none seeded here), so every post measured is pulled.
    if (pulled) await deliverHomeFeedMessageFully(server, { kind: 'feed-pulled', feed }, () => NOW);
    log(
      `${label}: ${followers.toLocaleString('en')} followers seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const measured: Omit<FanOutRow, 'label' | 'followers' | 'lastHolds'>[] = [];
    let lastHolds = true;
    for (let run = 0; run < runs; run++) {
      const postId = `fan-post-${String(++posts).padStart(4, '0')}`;
      const timestamp = NOW + posts;
      await writePost(server, postId, feed, gameId, timestamp);
      measured.push(
        await fanOutOnce(counted, records, { kind: 'post-written', postId, feed, author: AUTHOR, timestamp }),
      );
      // Fanned out: the last follower's home feed holds it; pulled: the shared index does.
      const where = pulled
        ? `home_feed_pulled/${postId}`
        : `${homeFeedInboxPath(fanUid(followers - 1))}/${postId}`;
      lastHolds &&= (await server.get(where)) !== null;
      log(
        `${label}: post ${String(run + 1)} of ${String(runs)} in ${(measured.at(-1)?.ms ?? 0).toFixed(0)} ms`,
      );
    }
    measured.sort((a, b) => a.ms - b.ms);
    const median = measured[Math.floor(measured.length / 2)];
    if (median) rows.push({ label, followers, lastHolds, ...median });
  }

  await measure('fanned out', 'bench-fan-1k', 1000, 1000, Math.max(3, options.runs));
  await measure(
    'pulled (as served)',
    'bench-fan-pulled',
    options.crowd,
    options.crowd,
    Math.max(3, options.runs),
  );
  // The same crowd, its count kept under the threshold: fanned out to every one of them.
  await measure('fanned out (forced)', 'bench-fan-forced', options.crowd, PULLED_FEED_FOLLOWERS, 1);
  await emulator.close();
  return rows;
}
