import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, FeedPost } from '../../shared/feed/read-feed.ts';
import type { DeveloperDashboard } from '../../shared/schemas/developer-dashboard.ts';
import type { GameEvent } from '../../shared/schemas/event.ts';
import type { Game } from '../../shared/schemas/game.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// Developer accounts change their own games' pages through the API (issue 13): only the game's developer
// may, the deep link never moves, and the public page shows the change at once (its edge copy is dropped).
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const run = Math.random().toString(36).slice(2, 8);
const OWN = `devgame-${run}`;
const OTHERS = `othergame-${run}`;

const patchGame = (uid: string | undefined, gameId: string, json: unknown) =>
  call(`/api/developer/games/${gameId}`, { method: 'PATCH', ...(uid ? { uid } : {}), json });

async function visit(path: string) {
  const response = await call(path);
  return { cache: response.headers.get('x-questline-cache'), body: await response.text() };
}

beforeAll(async () => {
  await db.patch('', {
    [`games/${OWN}`]: { ...testGame(OWN, 'Lantern Keep'), follows: 4 },
    [`games/${OTHERS}`]: testGame(OTHERS, 'Someone Else’s Game'),
    // Stella develops Lantern Keep; Otto develops another game; Mia is a member without the role.
    'users/stella/public': { uuid: 'stella', username: 'stella_studio', follows: 0 },
    'users/stella/readOnly': { created: 1, modified: 1, isDeveloper: true },
    [`users/stella/developer/developerGames/${OWN}`]: true,
    'users/otto/public': { uuid: 'otto', username: 'otto_studio', follows: 0 },
    'users/otto/readOnly': { created: 1, modified: 1, isDeveloper: true },
    [`users/otto/developer/developerGames/${OTHERS}`]: true,
    'users/mia/public': { uuid: 'mia', username: 'mia_plays', follows: 0 },
    'users/mia/readOnly': { created: 1, modified: 1, isDeveloper: false },
    // A member who lists the game among "their" games without the developer flag is still refused.
    [`users/mia/developer/developerGames/${OWN}`]: true,
  });
});

describe('a developer changing their game’s page', () => {
  it('changes the description and icons in one write, keeps the deep link, and the public page shows it at once', async () => {
    await visit(`/game/${OWN}`);
    expect((await visit(`/game/${OWN}`)).cache).toBe('hit');
    const response = await patchGame('stella', OWN, {
      description: '  A lighthouse keeper’s roguelite, now with co-op.  ',
      icon: 'https://cdn.example.com/lantern.png',
      content_custom: { icon: 'https://cdn.example.com/lantern-custom.png' },
      content_ios: { icon: 'https://cdn.example.com/lantern-ios.png' },
    });
    expect(response.status).toBe(200);
    const { game } = await response.json<{ game: Game }>();
    expect(game).toMatchObject({
      name: 'Lantern Keep',
      deeplink_url_code: OWN,
      follows: 4,
      icon: 'https://cdn.example.com/lantern.png',
      content: { description: 'A lighthouse keeper’s roguelite, now with co-op.' },
      content_custom: { icon: 'https://cdn.example.com/lantern-custom.png' },
      content_ios: { icon: 'https://cdn.example.com/lantern-ios.png' },
      genres: ['Adventure'],
    });
    const page = await visit(`/game/${OWN}`);
    expect(page.cache).toBeNull();
    expect(page.body).toContain('A lighthouse keeper’s roguelite, now with co-op.');
  });

  it('leaves the fields not given as they are, and removes an icon given as null', async () => {
    const response = await patchGame('stella', OWN, { content_ios: { icon: null } });
    expect(response.status).toBe(200);
    const stored = (await db.get(`games/${OWN}`)) as Game;
    expect(stored.content_ios).toBeUndefined();
    expect(stored.content_custom).toEqual({ icon: 'https://cdn.example.com/lantern-custom.png' });
    expect(stored.content.description).toBe('A lighthouse keeper’s roguelite, now with co-op.');
  });

  it('answers 401 to a visitor and 403 to a member without the developer role, and writes nothing', async () => {
    expect((await patchGame(undefined, OWN, { description: 'Visitor' })).status).toBe(401);
    const member = await patchGame('mia', OWN, { description: 'Not a developer' });
    expect(member.status).toBe(403);
    expect((await member.json<ApiErrorBody>()).error.code).toBe('forbidden');
    expect(await db.get(`games/${OWN}/content/description`)).toBe(
      'A lighthouse keeper’s roguelite, now with co-op.',
    );
  });

  it('answers 403 to the developer of another game, and 404 for a game that does not exist', async () => {
    const other = await patchGame('otto', OWN, { description: 'Taken over' });
    expect(other.status).toBe(403);
    expect((await other.json<ApiErrorBody>()).error.message).toBe(
      'Only the developer of this game can change it.',
    );
    expect((await patchGame('stella', OTHERS, { description: 'Not mine' })).status).toBe(403);
    expect(await db.get(`games/${OTHERS}/content/description`)).toBe(
      'Someone Else’s Game is a game for tests.',
    );
    expect((await patchGame('stella', `missing-${run}`, { description: 'Nowhere' })).status).toBe(404);
    expect(await db.get(`games/missing-${run}`)).toBeNull();
  });

  it('refuses hostile bodies whole: the deep link, name or follower count, unsafe icons, empty or oversized text', async () => {
    const hostile: unknown[] = [
      { deeplink_url_code: 'hijacked' },
      { description: 'Fine', deeplink_url_code: 'hijacked' },
      { name: 'Renamed' },
      { follows: 1_000_000 },
      { icon: 'javascript:alert(1)' },
      { icon: 'http://cdn.example.com/plain.png' },
      { content_custom: { icon: 'data:image/png;base64,AAAA' } },
      { content_ios: { icon: 'https://cdn.example.com/x.png', description: 'extra' } },
      { description: '   ' },
      { description: 'x'.repeat(4001) },
      {},
      ['description'],
      'description',
    ];
    for (const body of hostile) {
      const response = await patchGame('stella', OWN, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await response.json<ApiErrorBody>()).error.code).toBe('invalid-input');
    }
    const stored = (await db.get(`games/${OWN}`)) as Game;
    expect(stored.deeplink_url_code).toBe(OWN);
    expect(stored.name).toBe('Lantern Keep');
    expect(stored.follows).toBe(4);
    expect(stored.icon).toBe('https://cdn.example.com/lantern.png');
    expect(await db.get('games/hijacked')).toBeNull();
  });

  it('refuses a game id that is not a deep link', async () => {
    expect((await patchGame('stella', 'Bad..Id', { description: 'x' })).status).toBe(400);
  });
});

describe('a developer’s posts on their games’ feeds', () => {
  const post = async (uid: string, json: Record<string, unknown>) => {
    const response = await call('/api/posts', { method: 'POST', uid, json });
    expect(response.status).toBe(201);
    return (await response.json<{ post: FeedPost }>()).post;
  };

  it('are marked as from the developer, on their own games only, and the game page shows the badge', async () => {
    const own = await post('stella', {
      targetType: 'game',
      targetId: OWN,
      content: 'Patch 1.1 is out today.',
    });
    expect(own.fromDeveloper).toBe(true);
    // On another developer's game, on her own page, and by a member without the role: not marked.
    const elsewhere = await post('stella', {
      targetType: 'game',
      targetId: OTHERS,
      content: 'Congrats on launch!',
    });
    expect(elsewhere.fromDeveloper).toBeUndefined();
    const onProfile = await post('stella', { targetType: 'user', targetId: 'stella', content: 'Hello.' });
    expect(onProfile.fromDeveloper).toBeUndefined();
    const notDeveloper = await post('mia', { targetType: 'game', targetId: OWN, content: 'Love this game.' });
    expect(notDeveloper.fromDeveloper).toBeUndefined();

    const page = await (await call(`/api/posts?targetType=game&targetId=${OWN}`)).json<FeedPage>();
    const marks = Object.fromEntries(page.posts.map((p) => [p.content, p.fromDeveloper ?? false]));
    expect(marks).toEqual({ 'Patch 1.1 is out today.': true, 'Love this game.': false });
    const html = (await visit(`/game/${OWN}`)).body;
    expect(html).toContain('Patch 1.1 is out today.');
    expect(html).toContain('class="developer-badge"');
  });

  it('cannot be claimed by the request: a member sending fromDeveloper is not marked', async () => {
    const claimed = await post('mia', {
      targetType: 'game',
      targetId: OWN,
      content: 'Official news (not really).',
      fromDeveloper: true,
    });
    expect(claimed.fromDeveloper).toBeUndefined();
    expect(await db.get(`posts/${claimed.uuid}/fromDeveloper`)).toBeNull();
  });
});

describe('a developer’s events', () => {
  const LAUNCH = {
    name: `Lantern Keep Launch Party ${run}`,
    description: 'Two evenings of streams and a speedrun race.',
    starts_on: '2031-06-12',
    ends_on: '2031-06-13',
    place: 'Online',
    games: [OWN],
  };
  const launchLink = `lantern-keep-launch-party-${run}`;
  const create = (uid: string, json: unknown) => call('/api/developer/events', { method: 'POST', uid, json });
  const change = (uid: string, eventId: string, json: unknown) =>
    call(`/api/developer/events/${eventId}`, { method: 'PATCH', uid, json });

  it('creates an event featuring their own game, shown at once on its page and on home', async () => {
    await visit('/');
    expect((await visit('/')).cache).toBe('hit');
    const response = await create('stella', LAUNCH);
    expect(response.status).toBe(201);
    const { event } = await response.json<{ event: GameEvent }>();
    expect(event).toMatchObject({
      name: LAUNCH.name,
      deeplink_url_code: launchLink,
      content: { description: 'Two evenings of streams and a speedrun race.' },
      games: { [OWN]: 1 },
      starts_on: '2031-06-12',
      ends_on: '2031-06-13',
      place: 'Online',
      sourceUUID: 'stella',
      follows: 0,
    });
    // One write: the record alone says who made it, and the dashboard finds it by that.
    expect(await db.get(`users/stella/developer`)).not.toHaveProperty('developerEvents');
    expect((await visit(`/event/${launchLink}`)).body).toContain(LAUNCH.name);
    const home = await visit('/');
    expect(home.cache).toBeNull();
    expect(home.body).toContain(LAUNCH.name);
  });

  it('never overwrites an event of the same name: the second gets a numbered deep link', async () => {
    const again = await create('stella', { ...LAUNCH, description: 'The encore.' });
    expect(again.status).toBe(201);
    expect((await again.json<{ event: GameEvent }>()).event.deeplink_url_code).toBe(`${launchLink}-2`);
    expect(await db.get(`events/${launchLink}/content/description`)).toBe(
      'Two evenings of streams and a speedrun race.',
    );
  });

  it('refuses an event featuring another developer’s game, or from a member without the role (403), writing nothing', async () => {
    const others = await create('stella', { ...LAUNCH, name: `Borrowed ${run}`, games: [OWN, OTHERS] });
    expect(others.status).toBe(403);
    expect((await others.json<ApiErrorBody>()).error.message).toBe(
      'An event can only feature your own games.',
    );
    expect(await db.get(`events/borrowed-${run}`)).toBeNull();
    const unknownGame = await create('stella', { ...LAUNCH, name: `Ghost ${run}`, games: [`ghost-${run}`] });
    expect(unknownGame.status).toBe(403);
    expect((await create('mia', { ...LAUNCH, name: `Fan meetup ${run}` })).status).toBe(403);
    expect(await db.get(`events/fan-meetup-${run}`)).toBeNull();
  });

  it('refuses hostile new events whole (400)', async () => {
    const hostile: unknown[] = [
      { ...LAUNCH, ends_on: '2031-06-11' },
      { ...LAUNCH, starts_on: 'next friday' },
      { ...LAUNCH, games: [] },
      { ...LAUNCH, games: [OWN, OWN] },
      { ...LAUNCH, games: Array.from({ length: 13 }, (_, i) => `game-${String(i)}`) },
      { ...LAUNCH, deeplink_url_code: 'chosen-link' },
      { ...LAUNCH, sourceUUID: 'otto' },
      { ...LAUNCH, follows: 500 },
      { ...LAUNCH, name: '   ' },
      { ...LAUNCH, description: 'x'.repeat(4001) },
      { ...LAUNCH, games: ['../users'] },
    ];
    for (const body of hostile) {
      const response = await create('stella', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await db.get('events/chosen-link')).toBeNull();
  });

  it('changes the event in one write with the deep link kept, only for its author', async () => {
    await visit(`/event/${launchLink}`);
    expect((await visit(`/event/${launchLink}`)).cache).toBe('hit');
    const renamed = await change('stella', launchLink, {
      name: 'Lantern Keep: Anniversary',
      description: '',
      ends_on: '2031-06-14',
    });
    expect(renamed.status).toBe(200);
    const { event } = await renamed.json<{ event: GameEvent }>();
    expect(event).toMatchObject({
      name: 'Lantern Keep: Anniversary',
      deeplink_url_code: launchLink,
      starts_on: '2031-06-12',
      ends_on: '2031-06-14',
      place: 'Online',
      sourceUUID: 'stella',
    });
    expect(event.content.description).toBeUndefined();
    const page = await visit(`/event/${launchLink}`);
    expect(page.cache).toBeNull();
    expect(page.body).toContain('Lantern Keep: Anniversary');

    expect((await change('otto', launchLink, { name: 'Mine now' })).status).toBe(403);
    expect((await change('mia', launchLink, { name: 'Mine now' })).status).toBe(403);
    expect((await change('stella', `no-event-${run}`, { name: 'Nowhere' })).status).toBe(404);
    // The stored start is checked against a new end alone.
    expect((await change('stella', launchLink, { ends_on: '2031-06-01' })).status).toBe(400);
    expect((await change('stella', launchLink, { games: [OTHERS] })).status).toBe(403);
    expect((await change('stella', launchLink, { deeplink_url_code: 'moved' })).status).toBe(400);
    expect((await change('stella', launchLink, {})).status).toBe(400);
    expect(await db.get(`events/${launchLink}`)).toMatchObject({
      name: 'Lantern Keep: Anniversary',
      deeplink_url_code: launchLink,
      ends_on: '2031-06-14',
      games: { [OWN]: 1 },
    });
  });
});

describe('the developer dashboard', () => {
  it('lists the developer’s games with followers and latest posts, and their events', async () => {
    const response = await call('/api/developer/dashboard', { uid: 'stella' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const dashboard = await response.json<DeveloperDashboard>();
    expect(dashboard.games.map((entry) => [entry.game.deeplink_url_code, entry.game.follows])).toEqual([
      [OWN, 4],
    ]);
    const [own] = dashboard.games;
    expect(own?.recentPosts.map((p) => p.content)).toContain('Patch 1.1 is out today.');
    expect(own?.recentPosts.length).toBeLessThanOrEqual(3);
    expect(own?.activityAt).toEqual(expect.any(Number));
    expect(dashboard.events.map((event) => event.deeplink_url_code).sort()).toEqual([
      `lantern-keep-launch-party-${run}`,
      `lantern-keep-launch-party-${run}-2`,
    ]);
  });

  it('shows another developer only their own games, and refuses members and visitors', async () => {
    const otto = await (await call('/api/developer/dashboard', { uid: 'otto' })).json<DeveloperDashboard>();
    expect(otto.games.map((entry) => entry.game.deeplink_url_code)).toEqual([OTHERS]);
    expect(otto.events).toEqual([]);
    expect((await call('/api/developer/dashboard', { uid: 'mia' })).status).toBe(403);
    expect((await call('/api/developer/dashboard')).status).toBe(401);
  });
});
