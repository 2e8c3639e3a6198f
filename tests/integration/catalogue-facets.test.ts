// Browsing the catalogue by genre and tag against the real emulator with the project's rules: the
// writers (import, demo seed, rebuild) keep the index exact, and a visitor pages through it with the
// public, bounded queries only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../emulator/index.ts';
import { main as runImporter } from '../../scripts/import.ts';
import { loadDemoData } from '../../seed/demo-data.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { readGameFacets, rebuildCatalogueFacets } from '../../shared/catalogue/catalogue-facet-index.ts';
import {
  facetDirectory,
  facetEntry,
  facetSortValue,
  gamesInFacet,
  InvalidFacetPageError,
  type FacetEntry,
} from '../../shared/catalogue/catalogue-facets.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { slugFromName } from '../../shared/catalogue/slug.ts';
import type { RtdbClient, RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import type { CatalogueFacet, FacetPageRequest } from '../../shared/schemas/catalogue-facet.ts';
import { catalogueRow } from './catalogue-rows.ts';
import { countingClient, startTestDatabase, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
/** The server's client, counting its requests. */
let server: RtdbClient;
const requests: RtdbRequestRecord[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  server = countingClient(db, requests);
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.server.put('', null);
  requests.length = 0;
});

/** Steam app ids for the test games, one each. */
let nextAppid = 1;

const game = (slug: string, popularity: number | null, genres: string[], tags: string[] = []) =>
  catalogueRow(nextAppid++, slug, popularity, genres, tags);

/** Every page of a genre or tag as a visitor reads them, following the cursors to the end. */
async function allPages(
  facet: CatalogueFacet,
  slug: string,
  pageSize?: number,
): Promise<{ pages: string[][]; cursors: (string | null)[] }> {
  const pages: string[][] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const request: FacetPageRequest = {
      facet,
      slug,
      ...(cursor ? { cursor } : {}),
      ...(pageSize ? { pageSize } : {}),
    };
    const page = await gamesInFacet(db.anonymous, request);
    pages.push(page.gameIds);
    cursors.push(page.nextCursor);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return { pages, cursors };
}

const directoryEntry = (entries: FacetEntry[], slug: string) => entries.find((entry) => entry.slug === slug);

describe('paging through a genre', () => {
  // 60 indie games: 20 with their own ranking, 30 tied at 10 (more than a page), 10 unranked.
  const rows = [
    ...Array.from({ length: 20 }, (_, i) => game(`ranked-${String(i).padStart(2, '0')}`, 100 + i, ['Indie'])),
    ...Array.from({ length: 30 }, (_, i) => game(`tied-${String(i).padStart(2, '0')}`, 10, ['Indie'])),
    ...Array.from({ length: 10 }, (_, i) => game(`unranked-${String(i)}`, null, ['Indie'])),
  ];
  // The order a member sees: the ranking, highest first; ties by id (descending); unranked last.
  const expected = [
    ...Array.from({ length: 20 }, (_, i) => `ranked-${String(19 - i).padStart(2, '0')}`),
    ...Array.from({ length: 30 }, (_, i) => `tied-${String(29 - i).padStart(2, '0')}`),
    ...Array.from({ length: 10 }, (_, i) => `unranked-${String(9 - i)}`),
  ];

  beforeEach(async () => {
    await writeGames(server, rows, { batchSize: 25 });
  });

  it('shows every game exactly once, best ranked first, across pages that split a run of equal rankings', async () => {
    const { pages, cursors } = await allPages('genre', 'indie', 7);
    expect(pages.flat()).toEqual(expected);
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 4]);
    expect(cursors.at(-1)).toBeNull();
  });

  it('pages 24 games at a time by default, the last page saying there is no next', async () => {
    const { pages, cursors } = await allPages('genre', 'indie');
    expect(pages.map((page) => page.length)).toEqual([24, 24, 12]);
    expect(pages.flat()).toEqual(expected);
    expect(cursors.slice(0, 2).every((cursor) => typeof cursor === 'string')).toBe(true);
  });

  it('answers one bounded query per page', async () => {
    const counted: RtdbRequestRecord[] = [];
    const visitor = db.anonymous.withCredential({ kind: 'anonymous' });
    const countingVisitor = countingClient(db, counted, { kind: 'anonymous' });
    const first = await gamesInFacet(countingVisitor, { facet: 'genre', slug: 'indie' });
    expect(counted).toHaveLength(1);
    expect(first.gameIds).toHaveLength(24);
    expect(await gamesInFacet(visitor, { facet: 'genre', slug: 'nothing-here' })).toEqual({
      gameIds: [],
      nextCursor: null,
    });
  });

  it('goes on from where a page ended even when the game at the cursor has since moved', async () => {
    const first = await gamesInFacet(db.anonymous, { facet: 'genre', slug: 'indie', pageSize: 10 });
    expect(first.nextCursor).toBe(facetSortValue(109, 'ranked-09'));
    // ranked-09 climbs to the top before the member asks for the next page.
    await writeGames(server, [game('ranked-09', 500, ['Indie'])]);
    const second = await gamesInFacet(db.anonymous, {
      facet: 'genre',
      slug: 'indie',
      pageSize: 10,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.gameIds).toEqual(expected.slice(11, 21));
  });

  it('refuses a hostile cursor as invalid input before reading anything', async () => {
    const visitor = countingClient(db, requests, { kind: 'anonymous' });
    requests.length = 0;
    const hostile = ['"zzz"&limitToLast=1000', '../../users', 'ffffffffffffffff_../x', 'x'.repeat(5000)];
    const refusal = (request: FacetPageRequest) =>
      gamesInFacet(visitor, request).then(
        () => null,
        (error: unknown) => error,
      );
    for (const cursor of hostile) {
      const error = await refusal({ facet: 'genre', slug: 'indie', cursor });
      expect(error).toBeInstanceOf(InvalidFacetPageError);
      expect(error).toMatchObject({ code: 'invalid-input', message: 'invalid-input' });
      expect(Object.keys((error as InvalidFacetPageError).fields)).toEqual(['cursor']);
    }
    const oversized = await refusal({ facet: 'genre', slug: 'indie', pageSize: 500 });
    expect(Object.keys((oversized as InvalidFacetPageError).fields)).toEqual(['pageSize']);
    expect(requests).toEqual([]);
  });
});

describe('counts stay exact', () => {
  const rows = [
    game('hades', 90, ['Action', 'Indie'], ['Roguelike']),
    game('celeste', 80, ['Indie'], ['Platformer', 'Difficult']),
    game('doom', 70, ['Action'], ['FPS']),
    game('1849', 5, ['Simulation', 'Strategy'], ['City Builder']),
    // Keys the database orders as numbers (300 before 1849), unlike strings.
    game('300', 3, ['Strategy']),
  ];

  it('counts each game once however often the import runs', async () => {
    await writeGames(server, rows, { batchSize: 2 });
    const once = await facetDirectory(db.anonymous);
    await writeGames(server, rows, { batchSize: 3 });
    await writeGames(server, rows);
    expect(await facetDirectory(db.anonymous)).toEqual(once);
    expect(once.genres).toEqual([
      { slug: 'action', name: 'Action', count: 2 },
      { slug: 'indie', name: 'Indie', count: 2 },
      { slug: 'strategy', name: 'Strategy', count: 2 },
      { slug: 'simulation', name: 'Simulation', count: 1 },
    ]);
    expect(once.tags.map((tag) => [tag.slug, tag.count])).toEqual([
      ['city-builder', 1],
      ['difficult', 1],
      ['fps', 1],
      ['platformer', 1],
      ['roguelike', 1],
    ]);
  });

  it('moves a game from the genres it lost to those it gained, and drops a genre left with no games', async () => {
    await writeGames(server, rows);
    await writeGames(server, [game('doom', 70, ['Shooter'], ['FPS'])]);
    const directory = await facetDirectory(db.anonymous);
    expect(directoryEntry(directory.genres, 'action')?.count).toBe(1);
    expect(directoryEntry(directory.genres, 'shooter')).toEqual({
      slug: 'shooter',
      name: 'Shooter',
      count: 1,
    });
    expect((await gamesInFacet(db.anonymous, { facet: 'genre', slug: 'action' })).gameIds).toEqual(['hades']);

    await writeGames(server, [game('1849', 5, ['Strategy'], [])]);
    const after = await facetDirectory(db.anonymous);
    expect(directoryEntry(after.genres, 'simulation')).toBeUndefined();
    expect(directoryEntry(after.tags, 'city-builder')).toBeUndefined();
    expect(await facetEntry(db.anonymous, 'genre', 'simulation')).toBeNull();
    expect(await facetEntry(db.anonymous, 'genre', 'strategy')).toEqual({
      slug: 'strategy',
      name: 'Strategy',
      count: 2,
    });
  });

  it('finds what a sparse batch of games had among many others (a small import into a big catalogue)', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      game(`game-${String(i).padStart(2, '0')}`, i, ['Casual']),
    );
    await writeGames(server, many);
    const spread = [many[0], many[31], many[59]].flatMap((row) => (row ? [row] : []));
    const found = await readGameFacets(server, [...spread.map((row) => row.slug), 'not-a-game']);
    expect([...found.keys()].sort()).toEqual(['game-00', 'game-31', 'game-59']);
    expect(found.get('game-31')).toEqual({ genres: ['Casual'], tags: [], weightedIndex: 31 });

    await writeGames(server, spread, { batchSize: 3 });
    expect(directoryEntry((await facetDirectory(db.anonymous)).genres, 'casual')?.count).toBe(60);
  });

  it('keeps the stored ranking when a writer leaves it as it is (the curated lists’ games)', async () => {
    await writeGames(server, rows);
    await writeGames(server, rows, { weightedIndex: () => undefined });
    const action = await db.server.get('indices_public/games_by_genre/action');
    expect(action).toEqual({ hades: facetSortValue(90, 'hades'), doom: facetSortValue(70, 'doom') });
  });

  it('sends one range read and one atomic PATCH per batch, and reports progress', async () => {
    const progress: number[] = [];
    const many = Array.from({ length: 5 }, (_, i) => game(`game-${String(i)}`, i, ['Casual']));
    await writeGames(server, many, { batchSize: 2, onProgress: (done) => progress.push(done) });
    // First, once: which games have summaries kept elsewhere (shared/catalogue/game-summary-places.ts).
    expect(requests[0]?.path).toBe('game_summary_places');
    expect(requests.slice(1).map((request) => request.method)).toEqual([
      'GET',
      'PATCH',
      'GET',
      'PATCH',
      'GET',
      'PATCH',
      // Last, home's copy of the top games (shared/catalogue/home-top-games.ts): their query and the copy
      // read together, and the copy written, the import having moved them.
      'GET',
      'GET',
      'PATCH',
    ]);
    expect(progress).toEqual([2, 4, 5]);
  });
});

describe('the demo seed', () => {
  it('indexes every demo game under its genres and tags, ranked as top games are', async () => {
    await seedDemoData(server);
    const data = loadDemoData();
    const counts = (facet: 'genres' | 'tags') => {
      const bySlug = new Map<string, number>();
      for (const row of data.games)
        for (const slug of new Set(row[facet].map(slugFromName)))
          bySlug.set(slug, (bySlug.get(slug) ?? 0) + 1);
      return bySlug;
    };
    const directory = await facetDirectory(db.anonymous);
    expect(new Map(directory.genres.map((entry) => [entry.slug, entry.count]))).toEqual(counts('genres'));
    expect(new Map(directory.tags.map((entry) => [entry.slug, entry.count]))).toEqual(counts('tags'));
    expect(directory.genres.length).toBe(11);
    expect(directory.tags.length).toBe(98);

    const actionGames = data.games.filter((row) => row.genres.includes('Action')).map((row) => row.slug);
    const { pages } = await allPages('genre', 'action');
    expect(pages.flat()).toEqual(actionGames);
  });
});

describe('rebuilding the index from the games', () => {
  it('gives the index the import keeps, and drops entries no game supports', async () => {
    const rows = [
      game('hades', 90, ['Action', 'Indie'], ['Roguelike']),
      game('celeste', 80, ['Indie'], ['Platformer']),
      game('outer-wilds', null, ['Adventure'], ['Space', 'Exploration']),
    ];
    await writeGames(server, rows);
    const kept = await db.server.get('indices_public');
    await db.server.patch('', {
      'indices_public/facets': null,
      'indices_public/games_by_genre/racing/ghost': facetSortValue(1, 'ghost'),
    });

    const out: string[] = [];
    const code = await runImporter(
      ['facets', '--database-url', db.emulator.url, '--namespace', DEFAULT_NAMESPACE],
      {
        out: (line) => out.push(line),
        err: (line) => out.push(line),
        tty: false,
      },
    );
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^indexed 3 games under 3 genres and 4 tags, in \d+\.\d s$/);
    expect(await db.server.get('indices_public')).toEqual(kept);
  });

  it('leaves an empty catalogue with an empty index', async () => {
    await db.server.patch('', { 'indices_public/facets/genre/action': { name: 'Action', count: 3 } });
    expect(await rebuildCatalogueFacets(server)).toEqual({ games: 0, genres: 0, tags: 0 });
    expect(await db.server.get('indices_public/facets')).toBeNull();
  });
});
