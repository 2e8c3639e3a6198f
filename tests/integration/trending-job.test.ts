// The trending job against the real emulator with the project's rules and `.indexOn`: a burst of
// follows, a post, a like and a "yes" on one game lifts it to the top of trending and of top games,
// the genre and tag index moves with it, an unchanged database is not written again, and four quiet
// weeks later only the followers it won remain.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rebuildCatalogueFacets } from '../../shared/catalogue/catalogue-facet-index.ts';
import { gamesInFacet } from '../../shared/catalogue/catalogue-facets.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { refreshKeptSummaries } from '../../shared/catalogue/game-summary-refresh.ts';
import { fetchTopGames } from '../../shared/catalogue/top-games.ts';
import { trendingGameIds } from '../../shared/catalogue/trending-games.ts';
import { JOBS } from '../../shared/jobs/jobs.ts';
import { childrenFrom, runTrending } from '../../shared/jobs/trending-job.ts';
import type { RtdbClient, RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { commitNewPost } from '../../shared/transitions/post.ts';
import { commitSuggestion } from '../../shared/transitions/suggestion.ts';
import { catalogueRow } from './catalogue-rows.ts';
import { countingClient, startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

const DAY = 24 * 60 * 60 * 1000;

let db: TestDatabase;
/** The server's client, counting its writes. */
let server: RtdbClient;
const requests: RtdbRequestRecord[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  server = countingClient(db, requests);
});
afterAll(async () => {
  await db.close();
});

/** A game whose app id is its popularity. */
const game = (slug: string, popularity: number, genres: string[], tags: string[]) =>
  catalogueRow(popularity, slug, popularity, genres, tags);

const logs: string[] = [];
const runAt = (at: number) => runTrending({ db: server, now: () => at, log: (line) => logs.push(line) });
const writes = () => requests.filter((request) => request.method !== 'GET');

/** The games home keeps as its top games (highlights/home/top_games), first first. */
async function topOnHome(): Promise<string[]> {
  const kept = ((await server.get('highlights/home/top_games')) ?? {}) as Record<string, { rank: number }>;
  return Object.entries(kept)
    .sort(([, a], [, b]) => a.rank - b.rank)
    .map(([gameId]) => gameId);
}

/** The genre and tag index as stored, to compare with one rebuilt from the games. */
async function facetIndex() {
  const [facets, byGenre, byTag] = await Promise.all([
    server.get('indices_public/facets'),
    server.get('indices_public/games_by_genre'),
    server.get('indices_public/games_by_tag'),
  ]);
  return { facets, byGenre, byTag };
}

describe('the trending job', () => {
  beforeEach(async () => {
    await server.put('', null);
    await writeGames(server, [
      game('hades', 85, ['Action'], ['Roguelike']),
      game('celeste', 84, ['Indie'], ['Platformer']),
      game('inside', 83, ['Indie'], ['Puzzle']),
    ]);
    // The members acting below (only members' acts count: each has a member record).
    await server.patch(
      '',
      Object.fromEntries(
        ['ana', 'ben', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((uid) => [
          `users_public/${uid}`,
          { username: uid },
        ]),
      ),
    );
    // What the demo seed leaves: a trending index from follows with no time.
    await server.patch('', { 'indices_public/trendingIndex': { inside: 4, hades: 2 } });
    // One follow of Hades a week before the run (its record dated then, as the follow wrote it).
    await server.patch('', {
      'follows/old-follow': {
        userUUID: 'ana',
        targetUUID: 'hades',
        timestamp: TEST_DATABASE_NOW - 7 * DAY,
        type: 'game',
      },
      'games/hades/follows': 1,
    });
    // A follow of a member (not a game) and an undone follow of Inside count for nothing.
    await server.put('users/ben/public', { uuid: 'ben', username: 'ben_pixels', follows: 0 });
    await commitFollow(server, { uid: 'ana', type: 'user', targetId: 'ben', follow: true });
    await commitFollow(server, { uid: 'ana', type: 'game', targetId: 'inside', follow: true });
    await commitFollow(server, { uid: 'ana', type: 'game', targetId: 'inside', follow: false });
    // The burst on Celeste: five follows, a post on its feed, a like of the post, a "yes".
    for (const uid of ['u1', 'u2', 'u3', 'u4', 'u5'])
      await commitFollow(server, { uid, type: 'game', targetId: 'celeste', follow: true });
    const postId = await commitNewPost(server, 'u1', {
      targetType: 'game',
      targetId: 'celeste',
      content: 'The summit is worth it',
      type: 'text',
    });
    await commitLike(server, { uid: 'u2', type: 'post', targetId: postId, like: true });
    await commitSuggestion(server, { uid: 'u6', targetId: 'celeste', success: 'yes' });
    requests.length = 0;
    logs.length = 0;
  });

  it('lifts the game with the burst to the top of trending and of top games, by the documented points', async () => {
    expect(await runAt(TEST_DATABASE_NOW)).toBe('2 games trending, 2 re-ranked');
    // Celeste: 5 follows × 3 + post 2 + like 1 + yes 2 = 20 now; Hades: its follow a week ago, 3 × ½.
    expect(await server.get('indices_public/trendingIndex')).toEqual({ celeste: 20, hades: 1.5 });
    expect(await trendingGameIds(db.anonymous)).toEqual(['celeste', 'hades']);
    // Home keeps them with their summaries, for its page to read with its highlights, and the index of
    // where summaries are kept names home (shared/catalogue/home-highlights.ts).
    expect(await server.get('highlights/home/trending')).toEqual({
      celeste: expect.objectContaining({ score: 20, name: 'celeste', genre: 'Indie' }) as unknown,
      hades: expect.objectContaining({ score: 1.5, name: 'hades', genre: 'Action' }) as unknown,
    });
    // Home keeps Celeste's summary (its followers keep theirs beside it: follower:{uid} places).
    expect(await server.get('game_summary_places/celeste/home:trending')).toBe(true);
    // Top games: base + followers + trending. Celeste 84 + 5 + 20; Hades 85 + 1 + 1.5; Inside unchanged.
    const top = await fetchTopGames(db.anonymous);
    expect(top.map((g) => [g.uuid, g.weighted_index])).toEqual([
      ['celeste', 109],
      ['hades', 87.5],
      ['inside', 83],
    ]);
  });

  it('keeps the top games on home with their summaries, first first, as the games rank after its run', async () => {
    // The import kept them as it ranked them.
    expect(await topOnHome()).toEqual(['hades', 'celeste', 'inside']);
    await runAt(TEST_DATABASE_NOW);
    expect(await server.get('highlights/home/top_games')).toEqual({
      celeste: { rank: 1, name: 'celeste', deeplink_url_code: 'celeste', genre: 'Indie' },
      hades: { rank: 2, name: 'hades', deeplink_url_code: 'hades', genre: 'Action' },
      inside: { rank: 3, name: 'inside', deeplink_url_code: 'inside', genre: 'Indie' },
    });
    // The index of where summaries are kept names home, so that a renamed game reaches the copy.
    expect(await server.get('game_summary_places/inside/home:top-games')).toBe(true);
  });

  it('lifts a game into home’s top games and drops the one it pushed out, with its place in the index', async () => {
    // Nineteen games ranked above Celeste and Inside: Celeste is 21st, out of the 20 home keeps.
    await writeGames(
      server,
      Array.from({ length: 19 }, (_, i) => game(`filler-${String(i + 10)}`, 86 + i, ['Action'], ['Shooter'])),
    );
    expect(await topOnHome()).not.toContain('celeste');
    expect(await server.get('game_summary_places/filler-10/home:top-games')).toBe(true);
    // Its burst lifts Celeste to 109, first; the lowest filler (86) falls to 21st.
    await runAt(TEST_DATABASE_NOW);
    const top = await topOnHome();
    expect(top).toHaveLength(20);
    expect(top[0]).toBe('celeste');
    expect(top).not.toContain('filler-10');
    expect(await server.get('highlights/home/top_games/filler-10')).toBeNull();
    expect(await server.get('game_summary_places/filler-10/home:top-games')).toBeNull();
    expect(await server.get('game_summary_places/celeste/home:top-games')).toBe(true);
  });

  it('shows a game renamed after it kept it among home’s top games by its new name, in its place', async () => {
    await runAt(TEST_DATABASE_NOW);
    // Its developer renames it: the queue's consumer rewrites every kept summary of it.
    await server.patch('', { 'games/celeste/name': 'Celeste Classic' });
    await refreshKeptSummaries(server, 'celeste');
    expect(await server.get('highlights/home/top_games/celeste')).toEqual({
      rank: 1,
      name: 'Celeste Classic',
      deeplink_url_code: 'celeste',
      genre: 'Indie',
    });
    // The next run finds nothing to change.
    requests.length = 0;
    await runAt(TEST_DATABASE_NOW);
    expect(writes()).toEqual([]);
  });

  it('keeps the genre and tag index exactly as a rebuild from the games would have it', async () => {
    await runAt(TEST_DATABASE_NOW);
    const indie = await gamesInFacet(db.anonymous, { facet: 'genre', slug: 'indie' });
    expect(indie.gameIds).toEqual(['celeste', 'inside']);
    const kept = await facetIndex();
    await rebuildCatalogueFacets(server);
    expect(await facetIndex()).toEqual(kept);
  });

  it('writes nothing when it runs again on the same activity at the same time', async () => {
    await runAt(TEST_DATABASE_NOW);
    requests.length = 0;
    expect(await runAt(TEST_DATABASE_NOW)).toBe('2 games trending, 0 re-ranked');
    expect(writes()).toEqual([]);
  });

  it('lets the burst age out: four weeks on, trending is empty and only the followers won remain', async () => {
    await runAt(TEST_DATABASE_NOW);
    expect(await runAt(TEST_DATABASE_NOW + 29 * DAY)).toBe('0 games trending, 2 re-ranked');
    expect(await server.get('indices_public/trendingIndex')).toBeNull();
    expect(await trendingGameIds(db.anonymous)).toEqual([]);
    expect(await server.get('highlights/home/trending')).toBeNull();
    // Home no longer shows a trending game, so no trending place is left (followers' places stay).
    expect(await server.get('game_summary_places/celeste/home:trending')).toBeNull();
    expect(await server.get('game_summary_places/hades/home:trending')).toBeNull();
    const top = await fetchTopGames(db.anonymous);
    expect(top.map((g) => [g.uuid, g.weighted_index])).toEqual([
      ['celeste', 89],
      ['hades', 86],
      ['inside', 83],
    ]);
    const kept = await facetIndex();
    await rebuildCatalogueFacets(server);
    expect(await facetIndex()).toEqual(kept);
  });

  it('takes a ranking a catalogue import wrote since as the game’s new base', async () => {
    await runAt(TEST_DATABASE_NOW);
    await writeGames(server, [game('hades', 300, ['Action'], ['Roguelike'])]);
    // The import moves it on home's top games at once, without waiting for the job.
    expect(await topOnHome()).toEqual(['hades', 'celeste', 'inside']);
    await runAt(TEST_DATABASE_NOW);
    expect(await server.get('games/hades/weighted_index')).toBe(302.5);
  });

  it('counts nothing for malformed records, unknown targets or likes of posts that are gone', async () => {
    await server.patch('', {
      'follows/bad-time': { userUUID: 'x', targetUUID: 'inside', type: 'game', timestamp: 'soon' },
      'follows/no-target': { userUUID: 'x', type: 'game', timestamp: TEST_DATABASE_NOW },
      'follows/not-a-game': {
        userUUID: 'x',
        targetUUID: 'no-such-game',
        type: 'game',
        timestamp: TEST_DATABASE_NOW,
      },
      'posts/on-a-member': {
        uuid: 'on-a-member',
        targetUUID: 'inside',
        targetType: 'user',
        sourceUUID: 'x',
        content: 'hi',
        timestamp: TEST_DATABASE_NOW,
      },
      'likes/of-nothing': {
        sourceUUID: 'x',
        targetUUID: 'gone-post',
        targetType: 'post',
        timestamp: TEST_DATABASE_NOW,
      },
      'suggestions/odd-answer': {
        userUUID: 'x',
        targetUUID: 'inside',
        success: 'maybe',
        timestamp: TEST_DATABASE_NOW,
      },
      'ranking_activity/inside': 'garbage',
    });
    expect(await runAt(TEST_DATABASE_NOW)).toBe('2 games trending, 2 re-ranked');
    expect(await server.get('indices_public/trendingIndex')).toEqual({ celeste: 20, hades: 1.5 });
    expect(await server.get('games/inside/weighted_index')).toBe(83);
    expect(await server.get('games/no-such-game')).toBeNull();
  });

  it('counts no act by an account without a member record, and no page view', async () => {
    // An account made at the auth provider and never registered, acting on Inside as members do, and a
    // thousand views of Inside's page: none of it moves trending or top games.
    const throwaway = 'made-at-the-provider';
    // Its follow record as the follow transition writes it (the follower count the transition also
    // moves is left out: the API no longer lets such an account follow, worker/auth/require-member.test.ts).
    await server.patch('', {
      'follows/throwaway-follow': {
        userUUID: throwaway,
        targetUUID: 'inside',
        type: 'game',
        timestamp: TEST_DATABASE_NOW,
      },
    });
    const postId = await commitNewPost(server, throwaway, {
      targetType: 'game',
      targetId: 'inside',
      content: 'Best game ever',
      type: 'text',
    });
    await commitLike(server, { uid: throwaway, type: 'post', targetId: postId, like: true });
    await commitSuggestion(server, { uid: throwaway, targetId: 'inside', success: 'yes' });
    await server.patch(
      '',
      Object.fromEntries(
        Array.from({ length: 1000 }, (_, i) => [
          `logs/page_views/view-${String(i)}`,
          { path: '/game/inside', timestamp: TEST_DATABASE_NOW },
        ]),
      ),
    );
    expect(await runAt(TEST_DATABASE_NOW)).toBe('2 games trending, 2 re-ranked');
    expect(await server.get('indices_public/trendingIndex')).toEqual({ celeste: 20, hades: 1.5 });
    expect(await server.get('games/inside/weighted_index')).toBe(83);
    expect(await server.get('ranking_activity/inside')).toBeNull();
  });

  it('is the job `npm run job -- trending` runs', () => {
    expect(JOBS.trending).toEqual(expect.objectContaining({ run: runTrending }));
  });
});

describe('reading recent records a page at a time', () => {
  beforeEach(async () => {
    await server.put('', null);
    // 3 records before the window, 7 sharing one millisecond (more than a page), 5 more after it.
    const follow = (at: number) => ({ userUUID: 'ana', targetUUID: 'hades', type: 'game', timestamp: at });
    await server.patch('', {
      ...Object.fromEntries([1, 2, 3].map((i) => [`follows/early-${String(i)}`, follow(100 + i)])),
      ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`follows/same-${String(i)}`, follow(500)])),
      ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`follows/late-${String(i)}`, follow(600 + i)])),
    });
  });

  it('reads every record of the window exactly once, also when more share a millisecond than a page holds', async () => {
    const found = await childrenFrom(server, 'follows', 'timestamp', 200, 3);
    expect([...found.keys()].sort()).toEqual(
      [
        ...[1, 2, 3, 4, 5, 6, 7].map((i) => `same-${String(i)}`),
        ...[1, 2, 3, 4, 5].map((i) => `late-${String(i)}`),
      ].sort(),
    );
  });
});
