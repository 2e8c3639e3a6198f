// The top-rated job against the real emulator with the project's rules and `.indexOn`: members' ratings
// (through the rating transition) and a crowd's put the crowd's 9s above three 10s on home, with their
// summaries, plain averages and counts; a second run writes nothing; a new rating moves the ranking;
// a game's summary refreshed elsewhere keeps its average; and the job reads the rated games only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshGameSummary } from '../../shared/catalogue/game-summary-places.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { homeHighlightsSchema } from '../../shared/catalogue/home-highlights.ts';
import { keptTopRated } from '../../shared/catalogue/top-rated.ts';
import { JOBS } from '../../shared/jobs/jobs.ts';
import { runTopRated } from '../../shared/jobs/top-rated-job.ts';
import type { RtdbClient, RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { commitRating } from '../../shared/transitions/rating.ts';
import { catalogueRow } from './catalogue-rows.ts';
import { countingClient, startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
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
const game = (slug: string, popularity: number, genres: string[]) =>
  catalogueRow(popularity, slug, popularity, genres);

const now = () => TEST_DATABASE_NOW;
const run = () => runTopRated({ db: server, now, log: () => undefined });
const rate = (uid: string, gameId: string, score: number | null) =>
  commitRating(server, { uid, gameId, score }, now);

/** Home's top rated games as the page reads them: id, average, count, name. */
async function homeTopRated() {
  const highlights = await server.read('highlights/home', homeHighlightsSchema);
  return keptTopRated(highlights?.top_rated).map(({ gameId, average, count, summary }) => [
    gameId,
    average,
    count,
    summary.name,
  ]);
}

describe('the top-rated job', () => {
  beforeEach(async () => {
    await server.put('', null);
    await writeGames(server, [
      game('hades', 85, ['Action']),
      game('celeste', 84, ['Indie']),
      game('inside', 83, ['Indie']),
      game('unrated', 82, ['Puzzle']),
    ]);
    const ids = (await server.get('games', { shallow: true })) as Record<string, unknown>;
    expect(Object.keys(ids)).toHaveLength(4);
    // Three members give Celeste 10 through the rating write; a crowd of two thousand gave Hades 9 (its
    // summary as two thousand rating writes would leave it), and Inside has 8s from forty.
    for (const uid of ['ana', 'ben', 'cid']) await rate(uid, gameIdOf(ids, 'celeste'), 10);
    await server.patch('', {
      [`games/${gameIdOf(ids, 'hades')}/ratings`]: { count: 2000, sum: 18000, s9: 2000 },
      [`games/${gameIdOf(ids, 'inside')}/ratings`]: { count: 40, sum: 320, s8: 40 },
    });
    requests.length = 0;
  });

  it('puts two thousand 9s above forty 8s above three 10s, with plain averages and counts', async () => {
    expect(await run()).toBe('3 top rated games of 3 rated');
    const made = requests.map(({ method }) => method);
    expect(await homeTopRated()).toEqual([
      [expect.any(String), 9, 2000, 'hades'],
      [expect.any(String), 8, 40, 'inside'],
      [expect.any(String), 10, 3, 'celeste'],
    ]);
    // One query of the rated games (ordered by their count of ratings), one read of what home kept, one PATCH.
    expect(made).toEqual(['GET', 'GET', 'PATCH']);
    // The job is listed for `npm run job -- top-rated`.
    expect(JOBS['top-rated']?.description).toMatch(/Bayesian/);
  });

  it('writes nothing when run again on the same ratings', async () => {
    await run();
    requests.length = 0;
    expect(await run()).toBe('3 top rated games of 3 rated, unchanged');
    expect(requests.filter(({ method }) => method !== 'GET')).toEqual([]);
  });

  it('moves a game when members rate it, and drops one whose ratings are all cleared', async () => {
    await run();
    const ids = (await server.get('games', { shallow: true })) as Record<string, unknown>;
    const celeste = gameIdOf(ids, 'celeste');
    // Thirty more 10s: (65 + 330) / 43 ≈ 9.19 beats the crowd's ≈ 8.99.
    for (let member = 0; member < 30; member += 1) await rate(`m${String(member)}`, celeste, 10);
    await run();
    expect((await homeTopRated()).map(([, , , name]) => name)).toEqual(['celeste', 'hades', 'inside']);
    await server.patch('', { [`games/${gameIdOf(ids, 'inside')}/ratings`]: { count: 0, sum: 0 } });
    await run();
    expect((await homeTopRated()).map(([, , , name]) => name)).toEqual(['celeste', 'hades']);
    // Its place among top rated games is gone; the import's, among top games, stays.
    expect(await server.get(`game_summary_places/${gameIdOf(ids, 'inside')}`)).toEqual({
      'home:top-games': true,
    });
  });

  it('keeps the average when the game is renamed and its kept summaries refreshed', async () => {
    await run();
    const ids = (await server.get('games', { shallow: true })) as Record<string, unknown>;
    const hades = gameIdOf(ids, 'hades');
    expect(await server.get(`game_summary_places/${hades}/home:top-rated`)).toBe(true);
    // Kept among home's top rated games and, by the import, its top games.
    expect(await refreshGameSummary(server, hades, { name: 'Hades II' })).toBe(2);
    expect((await homeTopRated())[0]).toEqual([hades, 9, 2000, 'Hades II']);
  });

  it('keeps home empty of top rated games while no game is rated', async () => {
    await server.put('games', null);
    expect(await run()).toBe('0 top rated games of 0 rated, unchanged');
    expect(await homeTopRated()).toEqual([]);
  });
});

/** The id of the game whose name is `name` among the games read. */
function gameIdOf(ids: Record<string, unknown>, name: string): string {
  const id = Object.keys(ids).find((key) => key.includes(name));
  if (id === undefined) throw new Error(`no game ${name} among ${Object.keys(ids).join(', ')}`);
  return id;
}
