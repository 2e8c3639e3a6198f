// The suggestion engine job against the real emulator with the project's rules: it reads members' follows
// and answers a page at a time with the server's credential, writes `se_matrix` and `se_matrix_seedgames`,
// and what browse then asks a member about comes from it, with its reason.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberSuggestions } from '../../shared/catalogue/member-suggestions.ts';
import { gameSuggestions } from '../../shared/catalogue/suggested-games.ts';
import { JOBS } from '../../shared/jobs/jobs.ts';
import { runSuggestionEngine } from '../../shared/jobs/suggestion-engine-job.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** A member's follows as the follow transition indexes them (`follows_by_userid/{uid}/{kind}:{targetId}`). */
const followEntries = (games: string[], extra: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(
    games.map((gameId, n) => [
      `game:${gameId}`,
      {
        followId: `f-${gameId}`,
        type: 'game',
        timestamp: TEST_DATABASE_NOW - n,
        type_time: `game_${String(n)}`,
      },
    ]),
  ),
  ...extra,
});

/** A game record as the importer writes it. */
const gameRecord = (id: string, name: string) => ({
  name,
  deeplink_url_code: id,
  genres: ['Platformer'],
  release_date: '2018-01-25',
});

/** Six members: Hades' players also play Celeste; one of them said no to Dead Cells. */
const POPULATION: Record<string, string[]> = {
  'member-1': ['hades', 'celeste', 'dead-cells'],
  'member-2': ['hades', 'celeste', 'dead-cells'],
  'member-3': ['hades', 'celeste'],
  'member-4': ['hades', 'dead-cells'],
  'member-5': ['factorio', 'rimworld'],
  'member-6': ['factorio', 'rimworld'],
};

beforeEach(async () => {
  await db.server.delete('');
  await db.server.patch('', {
    ...Object.fromEntries(
      Object.entries(POPULATION).map(([uid, games]) => [
        `follows_by_userid/${uid}`,
        // A followed member is not a game: it must not enter the matrix.
        followEntries(
          games,
          uid === 'member-5' ? { 'user:member-6': { followId: 'f-m6', type: 'user', timestamp: 1 } } : {},
        ),
      ]),
    ),
    'suggestions_by_userid/member-3/no/dead-cells': 's-1',
    // A row left from an earlier run, for a game nobody follows any more.
    'se_matrix/forgotten-game': { hades: 0.9 },
  });
});

describe('the suggestion engine job', () => {
  it('writes each game’s ratios from follows, with a "no" counting against the pair, and removes old rows', async () => {
    const summary = await JOBS.suggestions?.run({
      db: db.server,
      now: () => TEST_DATABASE_NOW,
      log: () => {},
    });
    expect(summary).toBe('5 games with suggestions from 6 members (5 seed games, 1 old rows removed)');
    // Hades: 4 followers; Celeste 3 of 4; Dead Cells (3 − 1 no) of 4 = 0.5, under 0.51: not kept.
    expect(await db.server.get('se_matrix/hades')).toEqual({ celeste: 0.75 });
    expect(await db.server.get('se_matrix/factorio')).toEqual({ rimworld: 1 });
    expect(await db.server.get('se_matrix/forgotten-game')).toBeNull();
    expect(await db.server.get('se_matrix/member-6')).toBeNull();
    expect(Object.keys((await db.server.get('se_matrix_seedgames')) as object).sort()).toEqual([
      'celeste',
      'dead-cells',
      'factorio',
      'hades',
      'rimworld',
    ]);
    // What the game page reads, through the public rules.
    expect(await gameSuggestions(db.anonymous, 'hades')).toEqual([['celeste', 0.75]]);
  });

  it('gives the same matrix read one member at a time in two passes as read all at once', async () => {
    await runSuggestionEngine({ db: db.server, log: () => {} });
    const whole = await db.server.get('se_matrix');
    await db.server.delete('se_matrix');
    const run = await runSuggestionEngine(
      { db: db.server, log: () => {} },
      { pageSize: 1, rowShards: 2, rowsPerWrite: 1 },
    );
    expect(await db.server.get('se_matrix')).toEqual(whole);
    // 6 members + one empty page, twice; one PATCH per row, one for the seed games.
    expect(run.pages).toBe(12);
    expect(run.members).toBe(6);
    expect(run.writes).toBe(run.gamesWithRows + 1);
  });

  it('makes each game keep its best suggestions with their summaries, for its page to read with it', async () => {
    await db.server.patch('', {
      'games/hades': {
        ...gameRecord('hades', 'Hades'),
        // Kept by an earlier run: Hades suggested Dead Cells, which it no longer does.
        suggested: { 'dead-cells': { ratio: 0.6, name: 'Dead Cells', deeplink_url_code: 'dead-cells' } },
      },
      'games/celeste': { ...gameRecord('celeste', 'Celeste'), icon: 'https://cdn.test/celeste.png' },
      'game_summary_places/dead-cells/suggested:hades': true,
    });
    await runSuggestionEngine({ db: db.server, log: () => {} });
    expect(await db.server.get('games/hades/suggested')).toEqual({
      celeste: {
        ratio: 0.75,
        name: 'Celeste',
        deeplink_url_code: 'celeste',
        icon: 'https://cdn.test/celeste.png',
        genre: 'Platformer',
        year: 2018,
      },
    });
    // Where each summary is kept, so that a change to Celeste reaches Hades' page; Dead Cells' entry goes.
    expect(await db.server.get('game_summary_places')).toEqual({
      celeste: { 'suggested:hades': true },
      hades: { 'suggested:celeste': true },
    });
    // A game without a record gets no record made for its suggestions.
    expect(await db.server.get('games/factorio')).toBeNull();
  });

  it('suggests to a member from the rebuilt matrix, saying which followed game suggested it', async () => {
    await db.server.patch('', { 'users/newcomer/private/follows/games': { hades: TEST_DATABASE_NOW } });
    await runSuggestionEngine({ db: db.server, log: () => {} });
    expect(await memberSuggestions(db.server, 'newcomer')).toEqual([
      { gameId: 'celeste', reason: { kind: 'follows', gameId: 'hades' } },
    ]);
  });

  it('counts shelves and ratings: a game shelved or rated high as followed, one rated low as a no', async () => {
    // Two members who follow nothing: one rated Hades 9 and Dead Cells 8; the other is playing Hades,
    // played Dead Cells and rated Celeste 3. Found through the public shelves index, scored from their
    // private gamelist, as rating and shelving write them.
    const shelf = (status: string, timestamp: number, score?: number) => ({
      status,
      timestamp,
      ...(score === undefined ? {} : { score }),
    });
    await db.server.patch('', {
      'shelves_by_userid/member-7': {
        hades: { status: 'played', timestamp: 1, status_time: 'played~1' },
        'dead-cells': { status: 'played', timestamp: 2, status_time: 'played~2' },
      },
      'users/member-7/private/gamelist': {
        hades: shelf('played', 1, 9),
        'dead-cells': shelf('played', 2, 8),
      },
      'shelves_by_userid/member-8': {
        hades: { status: 'playing', timestamp: 1, status_time: 'playing~1' },
        'dead-cells': { status: 'played', timestamp: 2, status_time: 'played~2' },
        celeste: { status: 'played', timestamp: 3, status_time: 'played~3' },
      },
      'users/member-8/private/gamelist': {
        hades: shelf('playing', 1),
        'dead-cells': shelf('played', 2),
        celeste: shelf('played', 3, 3),
      },
    });
    const run = await runSuggestionEngine({ db: db.server, log: () => {} });
    expect(run.members).toBe(8);
    // Hades: 6 players. Dead Cells: 5 want it, 1 said no → 4/6; Celeste: 3 want it, 1 rated it 3 → 2/6,
    // under 0.51. From follows alone it was Celeste 0.75 and Dead Cells 0.5.
    expect(await db.server.get('se_matrix/hades')).toEqual({ 'dead-cells': 0.6667 });
    // The same read a member at a time, in two passes: members of both indexes, each once.
    const whole = await db.server.get('se_matrix');
    await db.server.delete('se_matrix');
    const paged = await runSuggestionEngine(
      { db: db.server, log: () => {} },
      { pageSize: 1, rowShards: 2, rowsPerWrite: 1 },
    );
    expect(paged.members).toBe(8);
    expect(await db.server.get('se_matrix')).toEqual(whole);
  });

  it('counts a member who shelved hundreds of games with their newest 500 only: their oldest say nothing', async () => {
    // A hoarder shelved 600 games (a library import makes it thousands in minutes; every pair of them cost
    // the job a count, 400 million for the whole catalogue). Two members like the hoarder's newest game and
    // their oldest one.
    const games = Array.from({ length: 600 }, (_, n) => `hoard-${String(n)}`);
    const newest = games.at(-1) as string;
    const oldest = games[0] as string;
    await db.server.patch('', {
      'shelves_by_userid/hoarder': Object.fromEntries(
        games.map((gameId, n) => [
          gameId,
          { status: 'played', timestamp: n + 1, status_time: `played~${String(n)}` },
        ]),
      ),
      'users/hoarder/private/gamelist': Object.fromEntries(
        games.map((gameId, n) => [gameId, { status: 'played', timestamp: n + 1 }]),
      ),
      'follows_by_userid/member-9': followEntries([newest, oldest]),
      'follows_by_userid/member-10': followEntries([newest, oldest]),
    });
    await runSuggestionEngine({ db: db.server, log: () => {} });
    // The newest game's 3 players: the oldest wanted by 2 of them (the hoarder's oldest left out), where
    // counting all 600 made it 3 of 3.
    expect(await db.server.get(`se_matrix/${newest}`)).toEqual({ [oldest]: 0.6667 });
    expect(await db.server.get(`se_matrix/${oldest}`)).toEqual({ [newest]: 1 });
  });
});
