import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../../shared/auth/account-api.ts';
import { buildHomeFeedPage } from '../../shared/feed/home-feed-build.ts';
import type { FeedPage, FeedPost } from '../../shared/feed/read-feed.ts';
import type { GameEvent } from '../../shared/schemas/event.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// A feed belongs to exactly one target (issue 21). An event's deep link is made from its name, so a
// developer can give an event the id of the default account every member follows ("Questline"), of a
// member ("Demo Ana Roguelites") or of a game ("Hades"). Posts on such an event stay on the event: they
// reach no member's or game's feed, page or home feed, whoever wrote them.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const ANA = 'demo-ana-roguelites';
const DEV = 'fi-dev';
const MALLORY = 'fi-mallory';
const BEN = 'fi-ben';
const DEV_GAME = 'fi-dev-game';
const EVENT_NAMES = { Questline: DEFAULT_FOLLOWED_ACCOUNT_UID, 'Demo Ana Roguelites': ANA, Hades: 'hades' };

/** The post Mallory wrote on each event, by the event's deep link. */
const posted = new Map<string, FeedPost>();

const member = (uid: string, username: string, isDeveloper = false) => ({
  [`users/${uid}/public`]: { uuid: uid, username, follows: 0 },
  [`users_public/${uid}`]: { username },
  [`users/${uid}/readOnly`]: { created: 1, modified: 1, isDeveloper },
});

beforeAll(async () => {
  await db.patch('', {
    ...member(DEFAULT_FOLLOWED_ACCOUNT_UID, 'questline'),
    ...member(ANA, 'demo_ana_roguelites'),
    ...member(MALLORY, 'fi_mallory'),
    ...member(BEN, 'fi_ben'),
    ...member(DEV, 'fi_studio', true),
    [`users/${DEV}/developer/developerGames/${DEV_GAME}`]: true,
    'games/hades': testGame('hades', 'Hades', 10),
    [`games/${DEV_GAME}`]: testGame(DEV_GAME, 'Lantern Keep', 5),
    // Ana blocked Mallory: nothing Mallory writes may land on her page.
    [`users/${ANA}/private/blocks/users/${MALLORY}`]: 1,
    // Ben follows the default account, Ana and the game Hades: all three feeds make his home feed.
    [`users/${BEN}/private/follows/users/${DEFAULT_FOLLOWED_ACCOUNT_UID}`]: 1,
    [`users/${BEN}/private/follows/users/${ANA}`]: 1,
    [`users/${BEN}/private/follows/games/hades`]: 1,
  });
  for (const [name, id] of Object.entries(EVENT_NAMES)) {
    const created = await call('/api/developer/events', {
      method: 'POST',
      uid: DEV,
      json: { name, starts_on: '2031-06-10', ends_on: '2031-06-12', games: [DEV_GAME] },
    });
    expect(created.status).toBe(201);
    // The event really took the id of the member, account or game.
    expect((await created.json<{ event: GameEvent }>()).event.uuid).toBe(id);
    const post = await call('/api/posts', {
      method: 'POST',
      uid: MALLORY,
      json: { targetType: 'event', targetId: id, content: `Free gems on ${name}, click fast`, type: 'text' },
    });
    expect(post.status).toBe(201);
    const { post: written } = await post.json<{ post: FeedPost | null }>();
    if (!written) throw new Error(`no post on ${name}`);
    posted.set(id, written);
  }
});

const feed = async (targetType: string, targetId: string) =>
  (await call(`/api/posts?targetType=${targetType}&targetId=${targetId}&limit=10`)).json<FeedPage>();

describe('posts on events named after the default account, a member and a game', () => {
  it('are on the event’s own feed and page', async () => {
    for (const [id, post] of posted) {
      expect((await feed('event', id)).posts.map((p) => p.uuid)).toEqual([post.uuid]);
      expect(await (await call(`/event/${id}`)).text()).toContain(post.content);
    }
  });

  it('reach neither the member’s nor the game’s feed of the same id, nor their pages', async () => {
    const others: [string, string, string][] = [
      ['user', DEFAULT_FOLLOWED_ACCOUNT_UID, '/user/questline'],
      ['user', ANA, '/user/demo_ana_roguelites'],
      ['game', 'hades', '/game/hades'],
    ];
    for (const [type, id, page] of others) {
      expect((await feed(type, id)).posts, `${type} ${id}`).toEqual([]);
      const html = await (await call(page)).text();
      expect(html, page).toContain('No posts yet.');
      for (const post of posted.values()) expect(html, page).not.toContain(post.content);
    }
  });

  it('reach no home feed, not even of a member who follows all three namesakes', async () => {
    // What http-getFeed (and so GET /api/feed) answers Ben.
    const home = await buildHomeFeedPage(db, BEN, { limit: 25 });
    expect(home.posts).toEqual([]);
    // Nor Ana's, whose own page the event named after her would have written to.
    expect((await buildHomeFeedPage(db, ANA, { limit: 25 })).posts).toEqual([]);
  });

  it('move only the events’ activity times, which open member and game pages do not follow', async () => {
    for (const id of posted.keys()) {
      expect(await db.get(`feed_activity/event:${id}`)).toEqual(expect.any(Number));
      expect(await db.get(`feed_activity/${id}`)).toBeNull();
    }
    expect(await db.get(`feed_activity/user:${DEFAULT_FOLLOWED_ACCOUNT_UID}`)).toBeNull();
    expect(await db.get(`feed_activity/user:${ANA}`)).toBeNull();
    expect(await db.get('feed_activity/game:hades')).toBeNull();
  });

  it('leave a member who follows the game Hades free to follow the event Hades too, each counted apart', async () => {
    expect((await call('/api/follows/game/hades', { method: 'PUT', uid: BEN })).status).toBe(200);
    const event = await call('/api/follows/event/hades', { method: 'PUT', uid: BEN });
    expect(event.status).toBe(200);
    expect(await event.json()).toMatchObject({ changed: true, following: true, followers: 1 });
    expect(await db.get('games/hades/follows')).toBe(1);
    expect(await db.get('events/hades/follows')).toBe(1);
    expect(await db.get(`follows_by_targetid/event:hades/${BEN}`)).toMatchObject({ type: 'event' });
    expect(await db.get(`follows_by_targetid/game:hades/${BEN}`)).toMatchObject({ type: 'game' });
  });

  it('leave a feed asked for without its kind refused, as the API no longer guesses one', async () => {
    const response = await call(`/api/posts?targetId=${DEFAULT_FOLLOWED_ACCOUNT_UID}`);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('invalid-input');
  });
});
