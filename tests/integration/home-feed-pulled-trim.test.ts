// The shared index of feeds merged at read (`home_feed_pulled`) kept bounded, against the real emulator
// with the project's rules and `.indexOn`: each pulled feed keeps its newest PULLED_FEED_CAP entries, a
// write that trims reads that feed's entries only, another feed's entries stay, and a trim done twice
// deletes nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_FEED_PULLED_PATH } from '../../shared/feed/home-feed-fanout.ts';
import {
  PULLED_FEED_CAP,
  PULLED_TRIM_EVERY,
  trimmedPulledFeed,
  trimsPulledFeed,
} from '../../shared/feed/home-feed-pulled-trim.ts';
import { pushId } from '../../shared/push-id.ts';
import type { RtdbClient, RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { countingClient, startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
let server: RtdbClient;
const requests: RtdbRequestRecord[] = [];
const DEFAULT_ACCOUNT = 'user:questline';
const BIG_GAME = 'game:big-quest';

beforeAll(async () => {
  db = await startTestDatabase();
  server = countingClient(db, requests);
});
afterAll(async () => {
  await db.close();
});

/** The first post id made at or after `time` that trims (or not) its feed. */
function postIdAt(time: number, trims: boolean): string {
  for (let tick = 0; ; tick++) {
    const id = pushId(time + tick);
    if (trimsPulledFeed(id) === trims) return id;
  }
}

describe('the shared index of feeds merged at read', () => {
  it('keeps each pulled feed’s newest entries, one write in a few trimming it, other feeds untouched', async () => {
    const over = 40;
    const older = Array.from({ length: PULLED_FEED_CAP + over }, (_, n) => ({
      id: pushId(TEST_DATABASE_NOW + n * 1000),
      timestamp: TEST_DATABASE_NOW + n * 1000,
    }));
    const otherFeed = Array.from({ length: 30 }, (_, n) => pushId(TEST_DATABASE_NOW + n * 1000 + 1));
    await server.patch('', {
      ...Object.fromEntries(
        older.map(({ id, timestamp }) => [
          `${HOME_FEED_PULLED_PATH}/${id}`,
          { feed: DEFAULT_ACCOUNT, timestamp },
        ]),
      ),
      ...Object.fromEntries(
        otherFeed.map((id, n) => [
          `${HOME_FEED_PULLED_PATH}/${id}`,
          { feed: BIG_GAME, timestamp: TEST_DATABASE_NOW + n * 1000 },
        ]),
      ),
    });
    const newest = TEST_DATABASE_NOW + 10_000_000;

    // Most writes do not trim: no read at all.
    requests.length = 0;
    expect(
      await trimmedPulledFeed(server, HOME_FEED_PULLED_PATH, DEFAULT_ACCOUNT, postIdAt(newest, false)),
    ).toEqual({});
    expect(requests).toEqual([]);

    // One that trims reads its feed's entries (one indexed query) and drops the oldest past the cap.
    const postId = postIdAt(newest, true);
    const trim = await trimmedPulledFeed(server, HOME_FEED_PULLED_PATH, DEFAULT_ACCOUNT, postId);
    expect(requests.map((r) => r.method)).toEqual(['GET']);
    await server.patch('', {
      ...trim,
      [`${HOME_FEED_PULLED_PATH}/${postId}`]: { feed: DEFAULT_ACCOUNT, timestamp: newest },
    });
    const index = ((await server.get(HOME_FEED_PULLED_PATH)) ?? {}) as Record<string, { feed: string }>;
    const kept = Object.keys(index).filter((id) => index[id]?.feed === DEFAULT_ACCOUNT);
    expect(kept).toHaveLength(PULLED_FEED_CAP);
    // The newest stay (the post just written among them); the oldest 41 went.
    expect(kept).toContain(postId);
    expect(kept).not.toContain(older[over]?.id);
    expect(kept).toContain(older[over + 1]?.id);
    expect(Object.keys(index).filter((id) => index[id]?.feed === BIG_GAME)).toHaveLength(otherFeed.length);

    // Delivered again: nothing more to drop.
    expect(await trimmedPulledFeed(server, HOME_FEED_PULLED_PATH, DEFAULT_ACCOUNT, postId)).toEqual({});
  });

  it('trims about one write in PULLED_TRIM_EVERY, so the index stays within a few dozen of the cap', () => {
    const ids = Array.from({ length: 1600 }, (_, n) => pushId(TEST_DATABASE_NOW + n));
    const trimming = ids.filter(trimsPulledFeed).length;
    expect(trimming / ids.length).toBeGreaterThan(0.5 / PULLED_TRIM_EVERY);
    expect(trimming / ids.length).toBeLessThan(2 / PULLED_TRIM_EVERY);
  });
});
