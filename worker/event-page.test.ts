import { beforeAll, describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import type { AppOptions } from './app.ts';
import { requestApp, uncached, urlOf } from './test-support/page-request.ts';
import { clientAssets } from './client-assets.ts';
import { hydrationData } from './test-support/page-state.ts';
import { sequentialRounds } from '../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { planNewPost } from '../shared/transitions/post.ts';

const env = testEnv();

/** A request that renders (no edge cache), so every request reads the database. */
const request = (path: string, options: AppOptions = {}) => requestApp(env, path, options, uncached);

interface EventBundle {
  event: { uuid: string; name: string };
  eventGames: { uuid: string }[];
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    'games/portal-2': testGame('portal-2', 'Portal 2', 500),
    'games/half-life-2': testGame('half-life-2', 'Half-Life 2', 900),
    'games/celeste': testGame('celeste', 'Celeste', 300),
    'events/game-fest-2031': {
      name: 'Game Fest 2031',
      deeplink_url_code: 'game-fest-2031',
      content: { description: 'Three days of games by the sea.' },
      games: { celeste: 2, 'portal-2': 1, 'no-longer-here': 3 },
      starts_on: '2031-06-10',
      ends_on: '2031-06-12',
      place: 'Harbour Hall, Lisbon',
      follows: 7,
    },
    'events/quiet-night': { name: 'Quiet night', deeplink_url_code: 'quiet-night' },
  });
});

describe('event page', () => {
  it('is rendered on the server with its dates, place and featured games in order, the bundle embedded', async () => {
    const { response, body } = await request('/event/game-fest-2031');
    expect(response.status).toBe(200);
    expect(body).toContain('<title>Game Fest 2031 · Questline</title>');
    expect(body).toContain('<h1>Game Fest 2031</h1>');
    expect(body).toContain('June 10 – 12, 2031');
    expect(body).toContain('Harbour Hall, Lisbon');
    expect(body).toContain('7 followers');
    expect(body).toContain('Three days of games by the sea.');
    expect(body).toContain('<link rel="canonical" href="http://questline.test/event/game-fest-2031"/>');
    expect(body).toContain('<meta property="og:title" content="Game Fest 2031"/>');
    expect(body).toContain('"@type":"Event"');
    expect(body).toContain('"startDate":"2031-06-10","endDate":"2031-06-12"');
    expect(body).toContain(
      '"location":{"@type":"Place","name":"Harbour Hall, Lisbon","address":"Harbour Hall, Lisbon"}',
    );
    const data = hydrationData(body).loaderData.event as EventBundle;
    expect(data.event.uuid).toBe('game-fest-2031');
    // In their order, a featured game that no longer exists left out.
    expect(data.eventGames.map((g) => g.uuid)).toEqual(['portal-2', 'celeste']);
  });

  it('preloads the scripts of the event page with it', async () => {
    const { body } = await request('/event/game-fest-2031');
    const chunks = clientAssets.pageChunks['client/pages/event-page.tsx'] ?? [];
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(body).toContain(`<link rel="modulepreload" href="${chunk}" nonce="`);
  });

  it('shows an event without dates, place or games, and claims none in its structured data', async () => {
    const { response, body } = await request('/event/quiet-night');
    expect(response.status).toBe(200);
    expect(body).toContain('<h1>Quiet night</h1>');
    expect(body).not.toContain('startDate');
    expect(body).not.toContain('"location"');
  });

  it('reads the database in two sequential rounds: the event, then its games together', async () => {
    const requests: RtdbRequestRecord[] = [];
    await request('/event/game-fest-2031', { onDatabaseRequest: (r) => requests.push(r) });
    expect(sequentialRounds(requests)).toBe(2);
    // The event (with its feed's activity time) and the feed's posts (none yet); then its games.
    expect(requests).toHaveLength(5);
    expect(requests.map((r) => r.path)).not.toContain('feed_activity/event:game-fest-2031');
  });

  it('carries the feed’s activity time from the event’s copy, which a post on its feed moves with the feed’s own', async () => {
    const db = ownerDatabase(env);
    const eventPage = async () => {
      const requests: RtdbRequestRecord[] = [];
      const { body } = await request('/event/quiet-night', { onDatabaseRequest: (r) => requests.push(r) });
      const data = hydrationData(body).loaderData.event as {
        event: Record<string, unknown>;
        feed: { activityAt?: number | null };
      };
      return { data, paths: requests.map((r) => r.path) };
    };
    expect((await eventPage()).data.feed.activityAt).toBeNull();
    await db.patch(
      '',
      planNewPost(
        'ep-rosa',
        { targetType: 'event', targetId: 'quiet-night', content: 'Who is going?', type: 'text' },
        'ep-post-1',
        false,
        { authorName: 'rosa_runs', now: 1_700_000_000_000 },
      ),
    );
    const activity = await db.get('feed_activity/event:quiet-night');
    expect(typeof activity).toBe('number');
    expect(await db.get('events/quiet-night/feedActivity')).toBe(activity);
    const { data, paths } = await eventPage();
    expect(data.feed.activityAt).toBe(activity);
    expect(data.event).not.toHaveProperty('feedActivity');
    expect(paths.filter((p) => p.startsWith('feed_activity/'))).toEqual([]);
  });

  // The page's head leaves before the database answers, so the status line says 200; the not-found screen
  // that follows tells search engines not to index it (worker/render/early-start.ts).
  it('shows the not-found screen with top games at the requested URL, not indexed, when the event does not exist', async () => {
    const { response, body } = await request('/event/no-such-event');
    expect(response.status).toBe(200);
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers.get('location')).toBeNull();
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('Half-Life 2');
  });

  it('shows the not-found screen when the event fails to load, without leaking the failure', async () => {
    const failingEvent: typeof fetch = (input, init) =>
      urlOf(input).includes('/events/game-fest-2031.json')
        ? Promise.reject(new Error(`could not reach ${env.FIREBASE_DATABASE_URL}`))
        : fetch(input, init);
    const { response, body } = await request('/event/game-fest-2031', { databaseFetch: failingEvent });
    expect(response.status).toBe(200);
    expect(body).toContain('We couldn’t find that page');
    expect(body).not.toContain('could not reach');
  });

  it('still shows the event without its games when they fail to load', async () => {
    const failingGames: typeof fetch = (input, init) =>
      urlOf(input).includes('/games/') ? Promise.reject(new Error('connection reset')) : fetch(input, init);
    const { response, body } = await request('/event/game-fest-2031', { databaseFetch: failingGames });
    expect(response.status).toBe(200);
    expect(body).toContain('<h1>Game Fest 2031</h1>');
    expect((hydrationData(body).loaderData.event as EventBundle).eventGames).toEqual([]);
  });

  it('answers the same bundle as JSON for a client navigation, and 404 for an unknown event', async () => {
    const found = await request('/api/pages/event/game-fest-2031');
    expect(found.response.status).toBe(200);
    const answer = JSON.parse(found.body) as { loaderData: { event: EventBundle } };
    expect(answer.loaderData.event.event.name).toBe('Game Fest 2031');
    const missing = await request('/api/pages/event/nope');
    expect(missing.response.status).toBe(404);
  });
});
