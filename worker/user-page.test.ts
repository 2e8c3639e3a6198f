import { beforeAll, describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import { followTypeTime } from '../shared/schemas/follow.ts';
import type { AppOptions } from './app.ts';
import { requestApp, uncached, urlOf } from './test-support/page-request.ts';
import { clientAssets } from './client-assets.ts';
import { hydrationData } from './test-support/page-state.ts';
import { sequentialRounds } from '../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { forgetProfileUids } from '../client/pages/profile-uid-memo.ts';
import { planSummaryPlaceEntries, refreshGameSummary } from '../shared/catalogue/game-summary-places.ts';
import { gameSummaryRecordOf, type GameSummaryRecord } from '../shared/schemas/game-summary.ts';
import { commitFollow } from '../shared/transitions/follow.ts';
import { planNewPost } from '../shared/transitions/post.ts';
import { commitProfileUpdate } from '../shared/transitions/profile.ts';
import { planAccountSections } from '../shared/accounts/account-sections.ts';
import { commitLibraryShelving } from '../shared/transitions/library-shelving.ts';
import { commitRating } from '../shared/transitions/rating.ts';
import { commitShelf } from '../shared/transitions/shelf.ts';
import type { Shelf } from '../shared/schemas/shelf.ts';
import { SHELVED_COPY_SIZE } from '../shared/schemas/shelved-copy.ts';
import { FOLLOWED_COPY_SIZE } from '../shared/schemas/followed-copy.ts';
import { followedCopyOf } from '../shared/transitions/followed-copy.ts';
import { refreshKeptSummaries } from '../shared/catalogue/game-summary-refresh.ts';

const env = testEnv();

/** A request to a fresh app instance, waiting for its background work (cache writes) to finish. */
const request = (path: string, options: AppOptions = {}, init: RequestInit = {}) =>
  requestApp(env, path, options, init);

/** A follow index entry of a game, followed at `at`. */
/**
 * The member's name as the page's heading reads it: the heading's text, without the line-break chances
 * (`<wbr/>`) after its underscores and React's text separators.
 */
function heading(body: string): string | undefined {
  return /<h1\b[^>]*>(.*?)<\/h1>/.exec(body)?.[1]?.replace(/<wbr\/>|<!-- -->/g, '');
}

const followedGame = (at: number, summary?: GameSummaryRecord) => ({
  followId: `follow-${at}`,
  type: 'game',
  timestamp: at,
  type_time: followTypeTime('game', at),
  ...(summary ? { summary } : {}),
});

const games = {
  'up-hades': testGame('up-hades', 'Hades', 800),
  'up-celeste': testGame('up-celeste', 'Celeste', 300),
  'up-balatro': testGame('up-balatro', 'Balatro', 700),
};
const summaryOf = (id: keyof typeof games) => gameSummaryRecordOf(games[id]);

/** Rosa's followed games as her follows keep them in her public section, and the places naming them. */
const rosaFollowed = followedCopyOf(
  'up-rosa',
  [
    { gameId: 'up-celeste', timestamp: 1_000, summary: summaryOf('up-celeste') },
    { gameId: 'up-hades', timestamp: 3_000, summary: summaryOf('up-hades') },
    { gameId: 'up-balatro', timestamp: 2_000, summary: summaryOf('up-balatro') },
  ],
  3,
);

interface UserBundle {
  user: {
    uuid: string;
    username: string;
    brief: string;
    details: string;
    follows: number;
    header?: string;
    icon?: string;
  };
  followGames: { uuid: string; name: string }[];
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    ...Object.fromEntries(Object.entries(games).map(([id, game]) => [`games/${id}`, game])),
    'users/up-rosa/public': {
      uuid: 'up-rosa',
      username: 'rosa_runs',
      follows: 3,
      icon: 'http://insecure.example/icon.png',
      followedGames: rosaFollowed.copy,
    },
    'users_public/up-rosa': { username: 'rosa_runs' },
    // As follows write them: each game's summary in the member's entry, and the game's places naming it.
    'follows_by_userid/up-rosa': {
      'game:up-celeste': followedGame(1_000, summaryOf('up-celeste')),
      'game:up-hades': followedGame(3_000, summaryOf('up-hades')),
      'game:up-balatro': followedGame(2_000, summaryOf('up-balatro')),
      'user:up-other-user': {
        followId: 'f-user',
        type: 'user',
        timestamp: 4_000,
        type_time: followTypeTime('user', 4_000),
      },
    },
    ...planSummaryPlaceEntries({ kind: 'follower', uid: 'up-rosa' }, [], Object.keys(games)),
    ...rosaFollowed.places,
    'users/up-guest/public': { uuid: 'up-guest', username: 'web-abcd1234', follows: 0 },
    'users_public/up-guest': { username: 'web-abcd1234' },
  });
  // Rosa writes her profile as the settings page does: the text shown is kept in her public section too.
  await commitProfileUpdate(ownerDatabase(env), 'up-rosa', {
    brief: 'Speedruns </script> and coffee.',
    details: 'Any% on weekends.\nAsk me about <b>routes</b>.',
    header: 'https://images.example/rosa.jpg',
  });
  // She shelves a game as the game's page does: her public section keeps her newest shelved games too.
  await commitShelf(
    ownerDatabase(env),
    { uid: 'up-rosa', gameId: 'up-hades', status: 'playing' },
    () => 5_000,
  );
});

/** `up-shelf-{n}`: games only the shelves tests shelve. */
const shelfGame = (n: number) => `up-shelf-${String(n)}`;

/** The records of games 1 to `count` to shelve. */
const shelfGames = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `games/${shelfGame(i + 1)}`,
      testGame(shelfGame(i + 1), `Shelf game ${String(i + 1)}`, 100),
    ]),
  );

interface ShownShelves {
  shelves: { games: { gameId: string; status: Shelf; name: string }[]; nextCursor: string | null };
}

/** The shelved games a page shows, in its order. */
const shownShelves = (data: unknown) =>
  (data as ShownShelves).shelves.games.map(({ gameId, status, name }) => ({ gameId, status, name }));

const isShelfIndexRead = (path: string) => path.startsWith('shelves_by_userid/');

/** The member's `count` newest shelved games as the index, the authority, holds them (ties: larger key first). */
async function newestInIndex(db: ReturnType<typeof ownerDatabase>, uid: string, count: number) {
  const index = ((await db.get(`shelves_by_userid/${uid}`)) ?? {}) as Record<
    string,
    { status: Shelf; timestamp: number; name: string }
  >;
  return Object.entries(index)
    .sort(([a, x], [b, y]) => y.timestamp - x.timestamp || (a < b ? 1 : -1))
    .slice(0, count)
    .map(([gameId, { status, name }]) => ({ gameId, status, name }));
}

/**
 * The member's page lists their newest shelved games as the index holds them, and whether there are more,
 * taken from the copy in their public section: it reads no shelf index. Answers the games shown.
 */
async function expectShelvesFromCopy(uid: string, profileName: string, { more }: { more: boolean }) {
  const shown = await memberPage(profileName);
  expect(shown.paths.filter(isShelfIndexRead)).toEqual([]);
  const games = shownShelves(shown.data);
  expect(games).toEqual(await newestInIndex(ownerDatabase(env), uid, SHELVED_COPY_SIZE - 1));
  expect((shown.data as unknown as ShownShelves).shelves.nextCursor !== null).toBe(more);
  return games;
}

/** The member's page as a fresh render shows it, with the database requests it made. */
async function memberPage(profileName: string) {
  const requests: RtdbRequestRecord[] = [];
  const { body } = await request(
    `/user/${profileName}`,
    { onDatabaseRequest: (r) => requests.push(r) },
    uncached,
  );
  const data = hydrationData(body).loaderData.user as UserBundle & { feed: { activityAt?: number | null } };
  return { data, body, paths: requests.map((r) => r.path) };
}

const isFollowsIndexRead = (path: string) => path.startsWith('follows_by_userid/');

/** A member as registration writes them: their public section and their name in `users_public`. */
const member = (uid: string, username: string) => ({
  [`users/${uid}/public`]: { uuid: uid, username, follows: 0 },
  [`users_public/${uid}`]: { username },
});

/** `up-follow-{n}`: games only the followed games tests follow. */
const followGame = (n: number) => `up-follow-${String(n)}`;

/** The records of games 1 to `count` to follow. */
const followGames = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `games/${followGame(i + 1)}`,
      testGame(followGame(i + 1), `Followed game ${String(i + 1)}`, 100),
    ]),
  );

/** The member's `count` newest followed games as the index, the authority, holds them (ties: larger key first). */
async function newestFollowed(db: ReturnType<typeof ownerDatabase>, uid: string, count: number) {
  const index = ((await db.get(`follows_by_userid/${uid}`)) ?? {}) as Record<
    string,
    { type: string; timestamp: number }
  >;
  return Object.entries(index)
    .flatMap(([name, entry]) =>
      name.startsWith('game:') && entry.type === 'game'
        ? [{ gameId: name.slice('game:'.length), timestamp: entry.timestamp }]
        : [],
    )
    .sort((a, b) => b.timestamp - a.timestamp || (a.gameId < b.gameId ? 1 : -1))
    .slice(0, count)
    .map(({ gameId }) => gameId);
}

/**
 * The member's page lists the games they follow as their index holds them, newest first, taken from the
 * copy in their public section: it reads neither the follows index nor a game. Answers the games shown.
 */
async function expectFollowedFromCopy(uid: string, profileName: string) {
  const shown = await memberPage(profileName);
  expect(shown.paths.filter(isFollowsIndexRead)).toEqual([]);
  expect(shown.paths.filter((path) => path.startsWith('games/'))).toEqual([]);
  const games = shown.data.followGames;
  expect(games.map((game) => game.uuid)).toEqual(
    await newestFollowed(ownerDatabase(env), uid, FOLLOWED_COPY_SIZE),
  );
  return games;
}

describe('user page', () => {
  it('is rendered on the server with the member, their followed games newest first, and the bundle', async () => {
    const { response, body } = await request('/user/rosa_runs', {}, uncached);
    expect(response.status).toBe(200);
    expect(body).toContain('<title>rosa_runs · Questline</title>');
    expect(heading(body)).toBe('rosa_runs');
    expect(body).toContain('3 followers');
    expect(body).toContain('<link rel="canonical" href="http://questline.test/user/rosa_runs"/>');
    expect(body).toContain('<meta property="og:url" content="http://questline.test/user/rosa_runs"/>');
    expect(body).toContain('"@type":"ProfilePage"');
    expect(body).toContain('"@type":"Person"');
    expect(body).toContain('Games rosa_runs follows');
    expect(body).not.toContain('Speedruns </script>');
    // The details are shown as typed: their markup is text, never run.
    expect(body).toContain('Ask me about &lt;b&gt;routes&lt;/b&gt;.');
    const data = hydrationData(body).loaderData.user as UserBundle;
    expect(data.user).toEqual({
      uuid: 'up-rosa',
      username: 'rosa_runs',
      brief: 'Speedruns </script> and coffee.',
      details: 'Any% on weekends.\nAsk me about <b>routes</b>.',
      follows: 3,
      header: 'https://images.example/rosa.jpg',
    });
    expect(data.followGames.map((g) => g.uuid)).toEqual(['up-hades', 'up-balatro', 'up-celeste']);
  });

  it('preloads the scripts of the user page with it, so hydration need not wait for them', async () => {
    const { body } = await request('/user/rosa_runs', {}, uncached);
    const chunks = clientAssets.pageChunks['client/pages/user-page.tsx'] ?? [];
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(body).toContain(`<link rel="modulepreload" href="${chunk}" nonce="`);
  });

  it('finds a guest by its web- name', async () => {
    const { response, body } = await request('/user/web-abcd1234', {}, uncached);
    expect(response.status).toBe(200);
    expect(heading(body)).toBe('web-abcd1234');
  });

  it('forgets a profile name it kept once its member no longer goes by it, and finds who does', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'users/up-mona/public': { uuid: 'up-mona', username: 'web-mona1234', follows: 0 },
      'users_public/up-mona': { username: 'web-mona1234' },
    });
    forgetProfileUids();
    expect((await request('/user/web-mona1234', {}, uncached)).response.status).toBe(200);
    // The guest takes a username: its web- name is no one's any more.
    await db.patch('', {
      'users/up-mona/public/username': 'mona_plays',
      'users_public/up-mona': { username: 'mona_plays' },
    });
    const gone = await request('/user/web-mona1234', {}, uncached);
    expect(gone.body).toContain('We couldn’t find that page');
    expect(heading((await request('/user/mona_plays', {}, uncached)).body)).toBe('mona_plays');
    // A name kept for one member and now held by another (the first one gone) shows the one holding it.
    await db.patch('', {
      'users/up-mona/public': null,
      'users_public/up-mona': null,
      'users/up-nina/public': { uuid: 'up-nina', username: 'mona_plays', follows: 0 },
      'users_public/up-nina': { username: 'mona_plays' },
    });
    const taken = await request('/api/pages/user/mona_plays');
    expect((JSON.parse(taken.body) as { loaderData: { user: UserBundle } }).loaderData.user.user.uuid).toBe(
      'up-nina',
    );
  });

  it('reads the database in two sequential rounds cold, and in one once the Worker knows the member, reading no game', async () => {
    forgetProfileUids();
    const requests: RtdbRequestRecord[] = [];
    const { response } = await request(
      '/user/rosa_runs',
      { onDatabaseRequest: (r) => requests.push(r) },
      uncached,
    );
    expect(response.status).toBe(200);
    // The uid by username; the public section (with the profile's text, the feed's activity time, the
    // newest shelved games and the followed games with their summaries), the feed's posts (none yet). No
    // game, profile, activity time, follows index or shelf index is read.
    expect(sequentialRounds(requests)).toBe(2);
    expect(requests).toHaveLength(3);
    expect(
      requests
        .filter((r) => /^(games|profiles|feed_activity|shelves_by_userid|follows_by_userid)\//.test(r.path))
        .map((r) => r.path),
    ).toEqual([]);
    // Asked for again, the uid is known: the lookup's round goes.
    requests.length = 0;
    await request('/user/rosa_runs', { onDatabaseRequest: (r) => requests.push(r) }, uncached);
    expect(sequentialRounds(requests)).toBe(1);
    expect(requests).toHaveLength(2);
  });

  it('shows a game followed through a follow with its kept summary, the summary a change of the game writes, and no longer once unfollowed', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'games/up-inscryption': testGame('up-inscryption', 'Inscryption', 400),
      'users/up-ivo/public': { uuid: 'up-ivo', username: 'ivo_cards', follows: 0 },
      'users_public/up-ivo': { username: 'ivo_cards' },
    });
    const follow = { uid: 'up-ivo', type: 'game', targetId: 'up-inscryption' } as const;
    await commitFollow(db, { ...follow, follow: true });
    expect(await db.get('game_summary_places/up-inscryption/follower:up-ivo')).toBe(true);
    const page = async () => {
      const requests: RtdbRequestRecord[] = [];
      const { body } = await request(
        '/user/ivo_cards',
        { onDatabaseRequest: (r) => requests.push(r) },
        uncached,
      );
      const games = (hydrationData(body).loaderData.user as UserBundle).followGames;
      return { games, gameReads: requests.filter((r) => r.path.startsWith('games/')) };
    };
    const first = await page();
    expect(first.games).toMatchObject([{ uuid: 'up-inscryption', name: 'Inscryption' }]);
    expect(first.gameReads).toEqual([]);
    // A developer renames the game: the refresh rewrites every kept copy, the member's entry among them.
    await db.patch('', { 'games/up-inscryption/name': 'Inscryption: Kaycee' });
    await refreshGameSummary(db, 'up-inscryption', { name: 'Inscryption: Kaycee' });
    expect((await page()).games).toMatchObject([{ uuid: 'up-inscryption', name: 'Inscryption: Kaycee' }]);
    await commitFollow(db, { ...follow, follow: false });
    expect(await db.get('game_summary_places/up-inscryption/follower:up-ivo')).toBeNull();
    expect((await page()).games).toEqual([]);
  });

  it('lists the games a member follows from the public section, as follows and unfollows keep it, reading no follows index', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      ...followGames(23),
      ...member('up-fay', 'fay_follows'),
    });
    const follow = (n: number, on = true) =>
      commitFollow(db, { uid: 'up-fay', type: 'game', targetId: followGame(n), follow: on });
    const place = (n: number) => db.get(`game_summary_places/${followGame(n)}/member-page:up-fay`);
    for (let n = 1; n <= 22; n++) await follow(n);
    // As many as the page shows (20), newest first: the two oldest are not in the copy, nor named by it.
    const shown = await expectFollowedFromCopy('up-fay', 'fay_follows');
    expect(shown).toHaveLength(FOLLOWED_COPY_SIZE);
    expect(shown[0]).toMatchObject({ uuid: followGame(22), name: 'Followed game 22' });
    expect(await place(22)).toBe(true);
    expect(await place(2)).toBeNull();
    // Unfollowing a game the page shows takes it out and brings in the next newest.
    await follow(10, false);
    const after = await expectFollowedFromCopy('up-fay', 'fay_follows');
    expect(after.map((game) => game.uuid)).not.toContain(followGame(10));
    expect(after.at(-1)?.uuid).toBe(followGame(2));
    expect(await place(10)).toBeNull();
    expect(await place(2)).toBe(true);
    // Followed again, it comes first; a follow of a member or an event leaves the copy as it is.
    await follow(10);
    expect((await expectFollowedFromCopy('up-fay', 'fay_follows'))[0]?.uuid).toBe(followGame(10));
    const copy = await db.get('users/up-fay/public/followedGames');
    await commitFollow(db, { uid: 'up-fay', type: 'user', targetId: 'up-rosa', follow: true });
    expect(await db.get('users/up-fay/public/followedGames')).toEqual(copy);
    // Unfollowing everything leaves an empty list, still without reading the index.
    for (let n = 1; n <= 22; n++) await follow(n, false);
    expect(await expectFollowedFromCopy('up-fay', 'fay_follows')).toEqual([]);
    expect(await db.get('users/up-fay/public/followedGames/games')).toBeNull();
  });

  it('lists followed games right after racing follows: from a copy that matches the index, or from the index', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      ...followGames(30),
      ...member('up-gus', 'gus_races'),
    });
    const follow = (n: number, on: boolean) =>
      commitFollow(db, { uid: 'up-gus', type: 'game', targetId: followGame(n), follow: on });
    for (let n = 1; n <= 21; n++) await follow(n, true);
    // Follows sent at once, as two tabs or a quick hand would: new games, and games among the newest and
    // at the copy's edge taken back.
    const rounds: [number, boolean][][] = [
      [
        [22, true],
        [21, false],
        [3, false],
      ],
      [
        [23, true],
        [24, true],
        [2, false],
        [20, false],
      ],
      [
        [25, true],
        [22, false],
        [26, true],
        [4, false],
      ],
    ];
    let raced = 0;
    for (const [round, follows] of rounds.entries()) {
      await Promise.all(follows.map(([n, on]) => follow(n, on)));
      const copy = (await db.get('users/up-gus/public/followedGames')) as { changes: number; basis: number };
      const shown = await memberPage('gus_races');
      expect(shown.data.followGames.map((game) => game.uuid)).toEqual(
        await newestFollowed(db, 'up-gus', FOLLOWED_COPY_SIZE),
      );
      // Follows racing leave `changes` past `basis`, and the page reads the index rather than the copy.
      if (copy.changes === copy.basis) expect(shown.paths.filter(isFollowsIndexRead)).toEqual([]);
      else {
        raced += 1;
        expect(shown.paths.filter(isFollowsIndexRead)).toHaveLength(1);
      }
      // The next follow on its own puts the copy right again.
      await follow(27 + round, true);
      await expectFollowedFromCopy('up-gus', 'gus_races');
    }
    expect(raced).toBeGreaterThan(0);
  });

  it('shows a followed game renamed, from the copy in the public section, once its summary change is delivered', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'games/up-tunic': testGame('up-tunic', 'Tunic', 400),
      ...member('up-hal', 'hal_renames'),
    });
    await commitFollow(db, { uid: 'up-hal', type: 'game', targetId: 'up-tunic', follow: true });
    expect(await expectFollowedFromCopy('up-hal', 'hal_renames')).toMatchObject([{ name: 'Tunic' }]);
    // Its developer renames it and gives it an icon: the queue's consumer rewrites every kept summary.
    await db.patch('', {
      'games/up-tunic/name': 'TUNIC',
      'games/up-tunic/icon': 'https://images.example/tunic.png',
    });
    await refreshKeptSummaries(db, 'up-tunic');
    expect(await expectFollowedFromCopy('up-hal', 'hal_renames')).toMatchObject([
      { uuid: 'up-tunic', name: 'TUNIC', icon: 'https://images.example/tunic.png' },
    ]);
  });

  it('shows a new account, which follows no game yet, without reading the follows index', async () => {
    const db = ownerDatabase(env);
    await db.patch(
      '',
      planAccountSections({
        uid: 'up-ola',
        profileName: 'ola_new',
        email: null,
        created: null,
        isOnboarded: false,
      }),
    );
    const fresh = await memberPage('ola_new');
    expect(fresh.data.followGames).toEqual([]);
    expect(fresh.paths.filter(isFollowsIndexRead)).toEqual([]);
  });

  it('passes over a damaged copy of the followed games, or one a member wrote, for the index', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'users/up-kit/public': {
        uuid: 'up-kit',
        username: 'kit_breaks',
        follows: 0,
        followedGames: { games: 'spam', changes: 'x', basis: 1 },
      },
      'users_public/up-kit': { username: 'kit_breaks' },
      'follows_by_userid/up-kit': { 'game:up-hades': followedGame(1_000, summaryOf('up-hades')) },
    });
    const shown = await memberPage('kit_breaks');
    expect(shown.data.followGames.map((game) => game.uuid)).toEqual(['up-hades']);
    expect(shown.paths.filter(isFollowsIndexRead)).toHaveLength(1);
    // A copy whose entries are damaged shows none of them, and no markup a member slipped in.
    await db.patch('', {
      'users/up-kit/public/followedGames': {
        games: {
          'up-spam': { timestamp: 'x', summary: { name: '<script>', deeplink_url_code: 'up-spam' } },
          'up-bad': { timestamp: 5, summary: { name: '', deeplink_url_code: 'Not A Link' } },
        },
        changes: 1,
        basis: 1,
      },
    });
    const damaged = await memberPage('kit_breaks');
    expect(damaged.body).not.toContain('up-spam');
    // A game kept without a summary the page can show is read, as one followed before summaries were.
    expect(damaged.data.followGames).toEqual([]);
  });

  it('reads the games of follows made before summaries were kept, and shows them as before', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'users/up-old/public': { uuid: 'up-old', username: 'old_follower', follows: 0 },
      'users_public/up-old': { username: 'old_follower' },
      'follows_by_userid/up-old': {
        'game:up-hades': followedGame(1_000),
        'game:up-celeste': followedGame(2_000, summaryOf('up-celeste')),
      },
    });
    const requests: RtdbRequestRecord[] = [];
    const { body } = await request(
      '/user/old_follower',
      { onDatabaseRequest: (r) => requests.push(r) },
      uncached,
    );
    const data = hydrationData(body).loaderData.user as UserBundle;
    expect(data.followGames.map((g) => g.uuid)).toEqual(['up-celeste', 'up-hades']);
    expect(requests.filter((r) => r.path.startsWith('games/')).map((r) => r.path)).toEqual([
      'games/up-hades',
    ]);
  });

  it('shows each profile change from the copy in the public section, reading no profile, and never keeps a hidden profile’s text where anyone reads it', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'users/up-pia/public': { uuid: 'up-pia', username: 'pia_plays', follows: 0 },
      'users_public/up-pia': { username: 'pia_plays' },
    });
    await commitProfileUpdate(db, 'up-pia', { brief: 'Cozy games.', details: 'Farming sims.' });
    const shown = await memberPage('pia_plays');
    expect(shown.data.user).toMatchObject({ brief: 'Cozy games.', details: 'Farming sims.' });
    expect(shown.paths.filter((p) => p.startsWith('profiles/'))).toEqual([]);
    // Only the brief changes: the details shown stay.
    await commitProfileUpdate(db, 'up-pia', { brief: 'Cozier games.' });
    expect((await memberPage('pia_plays')).data.user).toMatchObject({
      brief: 'Cozier games.',
      details: 'Farming sims.',
    });
    // She hides her profile: the page shows no text, and the public section, which anyone may read, keeps
    // none; a change of the text while hidden stays hidden.
    await commitProfileUpdate(db, 'up-pia', { disabled: true });
    await commitProfileUpdate(db, 'up-pia', { details: 'Secret plans.' });
    const hidden = await memberPage('pia_plays');
    expect(hidden.data.user).toMatchObject({ brief: '', details: '' });
    expect(hidden.body).not.toContain('Secret plans.');
    expect(await db.get('users/up-pia/public/profile')).toEqual({ brief: '', details: '' });
    await commitProfileUpdate(db, 'up-pia', { disabled: false });
    expect((await memberPage('pia_plays')).data.user).toMatchObject({
      brief: 'Cozier games.',
      details: 'Secret plans.',
    });
  });

  it('shows a profile last changed before its text was copied as before, reading it, header included', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'users/up-elder/public': { uuid: 'up-elder', username: 'elder_gamer', follows: 0 },
      'users_public/up-elder': { username: 'elder_gamer' },
      'profiles/up-elder': {
        sourceUUID: 'up-elder',
        brief: 'Here since the start.',
        details: '',
        header: 'https://images.example/elder.jpg',
        disabled: false,
      },
    });
    const { data, paths } = await memberPage('elder_gamer');
    expect(data.user).toMatchObject({
      brief: 'Here since the start.',
      header: 'https://images.example/elder.jpg',
    });
    expect(paths).toContain('profiles/up-elder');
  });

  it('carries the feed’s activity time from the public section, which a post on the member’s feed moves with the feed’s own', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      'users/up-tess/public': { uuid: 'up-tess', username: 'tess_talks', follows: 0 },
      'users_public/up-tess': { username: 'tess_talks' },
    });
    expect((await memberPage('tess_talks')).data.feed.activityAt).toBeNull();
    await db.patch(
      '',
      planNewPost(
        'up-rosa',
        { targetType: 'user', targetId: 'up-tess', content: 'Welcome!', type: 'text' },
        'up-post-tess',
        false,
        { authorName: 'rosa_runs', now: 1_700_000_000_000 },
      ),
    );
    const activity = await db.get('feed_activity/user:up-tess');
    expect(typeof activity).toBe('number');
    expect(await db.get('users/up-tess/public/feedActivity')).toBe(activity);
    const { data, paths } = await memberPage('tess_talks');
    expect(data.feed.activityAt).toBe(activity);
    expect(paths.filter((p) => p.startsWith('feed_activity/'))).toEqual([]);
  });

  it('lists the newest shelved games from the public section, as shelving, moving and taking off keep them, reading no shelf index', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      ...shelfGames(16),
      'users/up-sam/public': { uuid: 'up-sam', username: 'sam_shelves', follows: 0 },
      'users_public/up-sam': { username: 'sam_shelves' },
    });
    const shelve = (gameId: string, status: Shelf | null) =>
      commitShelf(db, { uid: 'up-sam', gameId, status }, () => 9_000);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]) await shelve(shelfGame(n), 'want');
    await expectShelvesFromCopy('up-sam', 'sam_shelves', { more: true });
    // An older game moved to another shelf comes first, on its new shelf.
    await shelve(shelfGame(2), 'played');
    const moved = await expectShelvesFromCopy('up-sam', 'sam_shelves', { more: true });
    expect(moved[0]).toMatchObject({ gameId: shelfGame(2), status: 'played', name: 'Shelf game 2' });
    // Taking off one of those shown brings in the next newest; with 12 left, all are shown and no more.
    await shelve(shelfGame(9), null);
    await shelve(shelfGame(2), null);
    const left = await expectShelvesFromCopy('up-sam', 'sam_shelves', { more: false });
    expect(left.map((game) => game.gameId)).not.toContain(shelfGame(9));
    expect(left).toHaveLength(12);
    // Rated, a game not shelved is shelved as played (rating.ts), and the batch of an imported library
    // shelves several at once (library-shelving.ts): both keep the copy.
    await commitRating(db, { uid: 'up-sam', gameId: shelfGame(15), score: 8 }, () => 9_000);
    await commitLibraryShelving(
      db,
      {
        uid: 'up-sam',
        overwrite: true,
        games: [
          { gameId: shelfGame(16), shelf: 'playing' },
          { gameId: shelfGame(1), shelf: 'dropped' },
        ],
      },
      () => 9_000,
    );
    const after = await expectShelvesFromCopy('up-sam', 'sam_shelves', { more: true });
    expect(
      after
        .slice(0, 3)
        .map((game) => game.gameId)
        .sort(),
    ).toEqual([shelfGame(1), shelfGame(15), shelfGame(16)].sort());
    // Taking everything off leaves an empty shelf list, still without reading the index.
    for (const game of after) await shelve(game.gameId, null);
    for (const n of [3, 4, 5, 6]) await shelve(shelfGame(n), null);
    await expectShelvesFromCopy('up-sam', 'sam_shelves', { more: false });
  });

  it('lists shelved games right after racing shelf changes: from a copy that matches the index, or from the index', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      ...shelfGames(20),
      'users/up-tia/public': { uuid: 'up-tia', username: 'tia_taps', follows: 0 },
      'users_public/up-tia': { username: 'tia_taps' },
    });
    const shelve = (n: number, status: Shelf | null) =>
      commitShelf(db, { uid: 'up-tia', gameId: shelfGame(n), status }, () => 9_000);
    for (let n = 1; n <= 14; n++) await shelve(n, 'want');
    // Taps on several games at once, as two tabs or a quick hand would send them: some shelve new games,
    // some move or take off games among the newest and at the copy's edge.
    const rounds: [number, Shelf | null][][] = [
      [
        [15, 'playing'],
        [14, null],
        [13, 'played'],
      ],
      [
        [2, 'dropped'],
        [12, null],
        [16, 'want'],
        [3, null],
      ],
      [
        [17, 'want'],
        [18, 'want'],
        [15, null],
        [1, 'played'],
      ],
      [
        [11, null],
        [10, null],
        [19, 'playing'],
        [20, 'played'],
      ],
    ];
    for (const [round, taps] of rounds.entries()) {
      await Promise.all(taps.map(([n, status]) => shelve(n, status)));
      const copy = (await db.get('users/up-tia/public/shelved')) as { changes: number; basis: number } | null;
      const shown = await memberPage('tia_taps');
      expect(shownShelves(shown.data)).toEqual(await newestInIndex(db, 'up-tia', 12));
      // Taps racing leave `changes` past `basis` (seen here in every round), and the page reads the index.
      if (copy?.changes === copy?.basis) expect(shown.paths.filter(isShelfIndexRead)).toEqual([]);
      else expect(shown.paths.filter(isShelfIndexRead)).toHaveLength(1);
      // The next change on its own puts the copy right again.
      await shelve(5, round % 2 === 0 ? 'played' : 'want');
      await expectShelvesFromCopy('up-tia', 'tia_taps', { more: true });
    }
  });

  it('shows a new account’s empty shelves without reading the index, and a guest signing up keeps the copy of theirs', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      ...shelfGames(1),
      ...planAccountSections({
        uid: 'up-nia',
        profileName: 'nia_new',
        email: null,
        created: null,
        isOnboarded: false,
      }),
    });
    const fresh = await memberPage('nia_new');
    expect(shownShelves(fresh.data)).toEqual([]);
    expect(fresh.paths.filter(isShelfIndexRead)).toEqual([]);
    // As a guest she shelves a game, then signs up: the account is kept, and so is the copy.
    await commitShelf(db, { uid: 'up-nia', gameId: shelfGame(1), status: 'playing' }, () => 9_000);
    await db.patch('', {
      ...planAccountSections({
        uid: 'up-nia',
        profileName: 'nia_new',
        email: null,
        created: 1_000,
        isOnboarded: true,
      }),
    });
    await expectShelvesFromCopy('up-nia', 'nia_new', { more: false });
    expect(shownShelves((await memberPage('nia_new')).data)).toEqual([
      { gameId: shelfGame(1), status: 'playing', name: 'Shelf game 1' },
    ]);
  });

  it('passes over a damaged copy of the shelved games, or one a member wrote, for the index', async () => {
    const db = ownerDatabase(env);
    await db.patch('', {
      ...shelfGames(2),
      'users/up-ned/public': {
        uuid: 'up-ned',
        username: 'ned_nulls',
        follows: 0,
        shelved: { games: { 'up-spam': { status: 'nonsense', timestamp: 'x' } }, changes: 1, basis: 1 },
      },
      'users_public/up-ned': { username: 'ned_nulls' },
    });
    await db.patch('', {
      'shelves_by_userid/up-ned/up-shelf-1': {
        status: 'played',
        timestamp: 1_000,
        status_time: 'played~0000000001000',
        name: 'Shelf game 1',
      },
    });
    const shown = await memberPage('ned_nulls');
    expect(shownShelves(shown.data)).toEqual([
      { gameId: 'up-shelf-1', status: 'played', name: 'Shelf game 1' },
    ]);
    expect(shown.body).not.toContain('up-spam');
    expect(shown.paths.filter(isShelfIndexRead)).toHaveLength(1);
  });

  it('still shows the member without games when their follows fail to load', async () => {
    const failingFollows: typeof fetch = (input, init) =>
      urlOf(input).includes('/follows_by_userid/')
        ? Promise.reject(new Error('timeout'))
        : fetch(input, init);
    // A member whose page queries the follows index (no copy of their followed games yet).
    await ownerDatabase(env).patch('', {
      ...member('up-lou', 'lou_offline'),
      'follows_by_userid/up-lou': { 'game:up-hades': followedGame(1_000, summaryOf('up-hades')) },
    });
    forgetProfileUids();
    const { response, body } = await request(
      '/user/lou_offline',
      { databaseFetch: failingFollows },
      uncached,
    );
    expect(response.status).toBe(200);
    expect(heading(body)).toBe('lou_offline');
    expect(body).not.toContain('Games lou_offline follows');
    expect((hydrationData(body).loaderData.user as UserBundle).followGames).toEqual([]);
  });

  // The page's head leaves before the database answers, so the status line says 200; the not-found screen
  // that follows tells search engines not to index it (worker/render/early-start.ts).
  it('shows the not-found screen with top games at the requested URL, not indexed, for an unknown profile name', async () => {
    const { response, body } = await request('/user/nobody_here', {}, uncached);
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('Top games');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('shows the not-found screen when the lookup fails, and answers 404 for a name that cannot be a username without reading it', async () => {
    const failingLookup: typeof fetch = (input, init) =>
      urlOf(input).includes('/users_public.json') ? Promise.reject(new Error('reset')) : fetch(input, init);
    forgetProfileUids();
    const failed = await request('/user/rosa_runs', { databaseFetch: failingLookup }, uncached);
    expect(failed.response.status).toBe(200);
    expect(failed.body).toContain('We couldn’t find that page');
    expect(failed.body).toContain('<meta name="robots" content="noindex"/>');
    const requests: RtdbRequestRecord[] = [];
    const { response } = await request(
      '/user/..%2Fgames',
      { onDatabaseRequest: (r) => requests.push(r) },
      uncached,
    );
    expect(response.status).toBe(404);
    expect(requests.every((r) => r.path === 'games')).toBe(true);
  });

  it('answers the same bundle as JSON for a client navigation, and 404 with the not-found bundle', async () => {
    const found = await request('/api/pages/user/rosa_runs');
    expect(found.response.status).toBe(200);
    const answer = JSON.parse(found.body) as { loaderData: { user: UserBundle } };
    expect(answer.loaderData.user.user.username).toBe('rosa_runs');
    const missing = await request('/api/pages/user/nobody_here');
    expect(missing.response.status).toBe(404);
    const error = JSON.parse(missing.body) as {
      errors: { user: { status: number; data: { topGames: unknown[] } } };
    };
    expect(error.errors.user.status).toBe(404);
    expect(error.errors.user.data.topGames.length).toBeGreaterThan(0);
  });
});
