import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SUMMARY_COPIES_PER_WRITE } from '../../shared/catalogue/game-summary-places.ts';
import { HOME_FEED_DEAD_LETTERS_PATH, type DeadLetter } from '../../shared/feed/home-feed-dead-letters.ts';
import type { HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import { homeFeedDeadLettersJob } from '../../shared/jobs/home-feed-dead-letters-job.ts';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { gameSummaryRecordOf, type GameSummaryRecord } from '../../shared/schemas/game-summary.ts';
import { createApp } from '../app.ts';
import worker from '../index.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';
import { sendHomeFeedMessages } from './home-feed-queue.ts';

// A game's summary kept right through the queue (shared/catalogue/game-summary-refresh.ts): a developer's
// new icon is one PATCH and one message; the consumer, run by Miniflare's real queue or as the queue runs
// it (the Worker's `queue` export), rewrites every copy kept beside what shows the game from the game as
// it is when the message is delivered.

const env = testEnv({ FIREBASE_EMULATORS: 'true', HOME_FEED_QUEUE: workerEnv.HOME_FEED_QUEUE });
const db = ownerDatabase(env);
const tag = runTag();
const lower = tag.toLowerCase();
const DEV = `gsr-dev-${tag}`;
const NOW = Date.UTC(2031, 4, 17, 9, 30);

/** A game the developer runs, shown by a list, an event and another game's suggestions. */
const LANTERN = `gsr-lantern-${lower}`;
const LIST = `gsr-list-${lower}`;
const EVENT = `gsr-event-${lower}`;
const HOST = `gsr-host-${lower}`;

const copiesOf = (gameId: string) => ({
  list: `lists/${LIST}/game_summaries/${gameId}`,
  event: `events/${EVENT}/game_summaries/${gameId}`,
  suggested: `games/${HOST}/suggested/${gameId}`,
});

/** The database requests of one API call, counted. */
async function callCounting(path: string, init: Parameters<ReturnType<typeof apiCaller>>[1]) {
  const requests: RtdbRequestRecord[] = [];
  const call = apiCaller(env, createApp({ onDatabaseRequest: (r) => requests.push(r) }));
  const response = await call(path, init);
  return { response, requests };
}

const changeIcon = (gameId: string, icon: string | null) =>
  callCounting(`/api/developer/games/${gameId}`, { method: 'PATCH', uid: DEV, json: { icon } });

let messageCount = 0;
/** Delivers `messages` as the queue would (one batch, through the Worker's `queue` export). */
async function consume(messages: unknown[]) {
  const batch = createMessageBatch(
    'questline-home-feed',
    messages.map((message) => ({
      id: `gsr-message-${String(++messageCount)}`,
      timestamp: new Date(NOW),
      attempts: 1,
      body: {
        message,
        database: { url: env.FIREBASE_DATABASE_URL, namespace: env.FIREBASE_DATABASE_NAMESPACE },
      },
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

const changed = (gameId: string): HomeFeedMessage => ({ kind: 'game-summary-changed', gameId });

/** A game with a summary kept at a list, an event and a suggestion row (ratio beside it), indexed. */
async function showGame(gameId: string, name: string, icon?: string) {
  const game = { ...testGame(gameId, name), ...(icon ? { icon } : {}) };
  const summary = gameSummaryRecordOf(game);
  const copies = copiesOf(gameId);
  await db.patch('', {
    [`games/${gameId}`]: game,
    [`users/${DEV}/developer/developerGames/${gameId}`]: true,
    [copies.list]: summary,
    [copies.event]: summary,
    [copies.suggested]: { ...summary, ratio: 0.8 },
    [`game_summary_places/${gameId}/list:${LIST}`]: true,
    [`game_summary_places/${gameId}/event:${EVENT}`]: true,
    [`game_summary_places/${gameId}/suggested:${HOST}`]: true,
  });
}

async function copiesNow(gameId: string) {
  const copies = copiesOf(gameId);
  const [list, event, suggested] = await Promise.all([
    db.get(copies.list),
    db.get(copies.event),
    db.get(copies.suggested),
  ]);
  return { list, event, suggested } as Record<'list' | 'event' | 'suggested', GameSummaryRecord | null>;
}

beforeAll(async () => {
  await db.patch('', {
    [`users/${DEV}/public`]: { uuid: DEV, username: `gsr_dev_${lower}`, follows: 0 },
    [`users/${DEV}/readOnly`]: { created: 1, modified: 1, isDeveloper: true },
    [`games/${HOST}`]: testGame(HOST, 'Host Game'),
  });
  await showGame(LANTERN, 'Lantern Keep', 'https://cdn.example.com/old.png');
});

describe('a game’s summary kept right through the queue', () => {
  it('a developer’s new icon is one write and one message; every copy shows it a moment later', async () => {
    const icon = `https://cdn.example.com/lantern-${lower}.png`;
    const { response, requests } = await changeIcon(LANTERN, icon);
    expect(response.status).toBe(200);
    // The request itself writes the game once and never looks for where its summary is kept.
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(requests.filter((r) => r.path.startsWith('game_summary_places'))).toEqual([]);
    await vi.waitFor(
      async () => {
        const copies = await copiesNow(LANTERN);
        expect(copies.list?.icon).toBe(icon);
        expect(copies.event?.icon).toBe(icon);
        expect(copies.suggested).toMatchObject({ icon, ratio: 0.8, name: 'Lantern Keep' });
      },
      { timeout: 15_000, interval: 250 },
    );
    // Removing the icon removes it from the copies too; the suggestion keeps its ratio.
    expect((await changeIcon(LANTERN, null)).response.status).toBe(200);
    await vi.waitFor(
      async () => {
        const copies = await copiesNow(LANTERN);
        expect(copies.list).not.toHaveProperty('icon');
        expect(copies.event).not.toHaveProperty('icon');
        expect(copies.suggested).toEqual({
          name: 'Lantern Keep',
          deeplink_url_code: LANTERN,
          genre: 'Adventure',
          year: 2011,
          ratio: 0.8,
        });
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('a repeated message changes nothing, and an older one delivered late writes the newest summary', async () => {
    const game = `gsr-order-${lower}`;
    await showGame(game, 'Order Quest', 'https://cdn.example.com/first.png');
    // Two changes, each of which sent its message; the queue delivers the second's first.
    await db.patch('', { [`games/${game}/icon`]: 'https://cdn.example.com/second.png' });
    await db.patch('', { [`games/${game}/icon`]: 'https://cdn.example.com/third.png' });
    const result = await consume([changed(game)]);
    expect(result.explicitAcks).toHaveLength(1);
    const once = await copiesNow(game);
    expect(once.list?.icon).toBe('https://cdn.example.com/third.png');
    // The first change's message, late, and the second's again: the copies stay the newest.
    const again = await consume([changed(game), changed(game)]);
    expect(again.explicitAcks).toHaveLength(2);
    expect(await copiesNow(game)).toEqual(once);
  });

  it('keeps a game shown in 2,000 places right, a page of places a message, while its change stays one write', async () => {
    const game = `gsr-crowd-${lower}`;
    const places = 2000;
    // Several messages' worth: the consumer pages through them.
    expect(places).toBeGreaterThan(3 * SUMMARY_COPIES_PER_WRITE);
    const codes = Array.from({ length: places }, (_, n) => `gsr-l${String(n).padStart(4, '0')}-${lower}`);
    const old = gameSummaryRecordOf(testGame(game, 'Crowd Quest'));
    await db.patch('', {
      [`games/${game}`]: testGame(game, 'Crowd Quest'),
      [`users/${DEV}/developer/developerGames/${game}`]: true,
    });
    for (let start = 0; start < places; start += 500)
      await db.patch(
        '',
        Object.fromEntries(
          codes.slice(start, start + 500).flatMap((code): [string, unknown][] => [
            [`lists/${code}/game_summaries/${game}`, old],
            [`game_summary_places/${game}/list:${code}`, true],
          ]),
        ),
      );
    const icon = `https://cdn.example.com/crowd-${lower}.png`;
    const { response, requests } = await changeIcon(game, icon);
    expect(response.status).toBe(200);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(requests.length).toBeLessThanOrEqual(6);
    await vi.waitFor(
      async () => {
        const lists = ((await db.get('lists')) ?? {}) as Record<
          string,
          { game_summaries?: Record<string, GameSummaryRecord> }
        >;
        const icons = codes.map((code) => lists[code]?.game_summaries?.[game]?.icon);
        expect(icons.filter((shown) => shown === icon)).toHaveLength(places);
      },
      { timeout: 40_000, interval: 1000 },
    );
  }, 60_000);

  it('writes nothing for a message of the wrong shape, a game that does not exist, or a place of no known kind', async () => {
    const ghost = `gsr-ghost-${lower}`;
    const stray = `gsr-stray-${lower}`;
    await db.patch('', {
      [`game_summary_places/${ghost}/list:${LIST}`]: true,
      [`lists/${LIST}/game_summaries/${ghost}`]: { name: 'Old name', deeplink_url_code: ghost },
      [`games/${stray}`]: testGame(stray, 'Stray Quest'),
      [`game_summary_places/${stray}/users:${DEV}`]: true,
    });
    const before = await db.get('');
    const result = await consume([
      { kind: 'game-summary-changed', gameId: '../users' },
      { kind: 'game-summary-changed', gameId: LANTERN, after: 5 },
      { kind: 'game-summary-changed' },
      changed(ghost),
      changed(stray),
    ]);
    // Acknowledged (a message that can never be delivered is not retried) and nothing written.
    expect(result.explicitAcks).toHaveLength(5);
    expect(result.retryMessages).toEqual([]);
    expect(await db.get('')).toEqual(before);
  });
});

describe('a refresh that fails every try', () => {
  it('is retried, lands in the dead-letter queue, and the job delivers it once the cause is fixed', async () => {
    const game = `gsr-dead-${lower}`;
    await showGame(game, 'Dead Letter Quest');
    await db.patch('', { [`games/${game}/icon`]: 'https://cdn.example.com/fixed.png' });
    const realFetch = globalThis.fetch.bind(globalThis);
    let tries = 0;
    const refused = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const refresh =
        init?.method === 'PATCH' &&
        typeof init.body === 'string' &&
        init.body.includes(`game_summaries/${game}/`);
      if (!refresh) return realFetch(input, init);
      tries++;
      return Promise.resolve(new Response('{"error":"Internal"}', { status: 500 }));
    });
    try {
      await sendHomeFeedMessages(env, [changed(game)]);
      await vi.waitFor(
        async () => {
          const letters = (await db.get(HOME_FEED_DEAD_LETTERS_PATH)) as Record<string, DeadLetter> | null;
          expect(Object.values(letters ?? {}).map((letter) => letter.message)).toContainEqual(changed(game));
        },
        { timeout: 40_000, interval: 500 },
      );
    } finally {
      refused.mockRestore();
    }
    // Tried once and retried max_retries (5) times; the copies kept their old summary meanwhile.
    expect(tries).toBe(6);
    expect((await copiesNow(game)).list).not.toHaveProperty('icon');

    const summary = await homeFeedDeadLettersJob.run({ db, now: () => NOW, log: () => undefined });
    expect(summary).toBe('1 dead letters delivered, 0 left');
    const copies = await copiesNow(game);
    expect(copies.list?.icon).toBe('https://cdn.example.com/fixed.png');
    expect(copies.suggested).toMatchObject({ icon: 'https://cdn.example.com/fixed.png', ratio: 0.8 });
  }, 60_000);
});
