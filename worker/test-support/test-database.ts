import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { pushId } from '../../shared/push-id.ts';
import { createRtdbClient, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { GameRecord } from '../../shared/schemas/game.ts';

/**
 * The home-feed queue of most tests: it takes messages and delivers them nowhere. Miniflare's real queue
 * (env.HOME_FEED_QUEUE) delivers to the Worker's consumer, which writes followers' home feeds into the
 * test's database whenever it gets to them: tests comparing the database before and after a write would
 * see those writes land at random. The home-feed tests pass the real one (worker/queues/).
 */
const queueDeliveringNowhere = {
  send: () => Promise.resolve({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }),
  sendBatch: () => Promise.resolve({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }),
  metrics: () => Promise.resolve({ backlogCount: 0, backlogBytes: 0 }),
} as unknown as Queue;

/** A Worker environment on the test emulator, in a namespace of its own so test files never share data. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    ...env,
    HOME_FEED_QUEUE: queueDeliveringNowhere,
    FIREBASE_DATABASE_URL: inject('databaseUrl'),
    FIREBASE_DATABASE_NAMESPACE: `test-${pushId()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`,
    ...overrides,
  };
}

/**
 * A tag of this run of a test file, for the uids it makes up: the write limiter counts a member's writes
 * across files and runs, so members of another run must not be the same members.
 */
export function runTag(): string {
  return pushId()
    .slice(-8)
    .replace(/[^A-Za-z0-9]/g, 'x');
}

/** The emulator's administrator on that environment's database, for arranging test data. */
export function ownerDatabase(testEnvironment: Env): RtdbClient {
  return createRtdbClient({
    databaseUrl: testEnvironment.FIREBASE_DATABASE_URL,
    namespace: testEnvironment.FIREBASE_DATABASE_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
}

/** A complete game record for tests; `weighted_index` ranks it among top games. */
export function testGame(deepLink: string, name: string, weightedIndex?: number): GameRecord {
  return {
    name,
    deeplink_url_code: deepLink,
    follows: 0,
    content: { description: `${name} is a game for tests.` },
    genres: ['Adventure'],
    tags: ['Puzzle'],
    platforms: ['PC', 'Windows'],
    developers: ['Test Studio'],
    publishers: ['Test Publisher'],
    release_date: '2011-04-19',
    ...(weightedIndex === undefined ? {} : { weighted_index: weightedIndex }),
  };
}
