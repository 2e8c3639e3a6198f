// The local stack's first start against the real emulator: the demo data and the whole embedded catalogue
// on a fresh data folder, nothing more on the next start, a folder holding part of it completed, and the demo
// data alone under QUESTLINE_DEMO_ONLY=1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE, startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { createRtdbClient, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { loadDemoData } from '../../seed/demo-data.ts';
import { readEmbeddedCatalogue } from '../../seed/embedded-catalogue.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { readCatalogue } from '../import-catalogue.ts';
import { importCuratedLists, readCuratedLists } from '../import-lists.ts';
import { seedLocalDatabase, startCatalogue } from './first-start.ts';

const RULES = new URL('../../database.rules.json', import.meta.url).pathname;
const texts = readEmbeddedCatalogue();
const catalogue = readCatalogue(texts);
const demo = loadDemoData();
const catalogueSlugs = new Set(catalogue.games.map((game) => game.slug));
/** Demo games the catalogue lacks (released after 2019): they keep their demo records. */
const demoOnlyGames = demo.games.filter((game) => !catalogueSlugs.has(game.slug));
/** A full import takes about 5 s on a quiet machine; this one is shared. */
const IMPORT_TIMEOUT_MS = 120_000;

let emulator: RunningEmulator;
let namespaces = 0;

/** A database of its own, as a fresh data folder is. */
function freshDatabase(): RtdbClient {
  namespaces += 1;
  return createRtdbClient({
    databaseUrl: emulator.url,
    namespace: `${DEFAULT_NAMESPACE}-${String(namespaces)}`,
    credential: { kind: 'emulatorOwner' },
  });
}

const keysOf = async (db: RtdbClient, path: string) =>
  Object.keys((await db.get(path, { shallow: true })) ?? {});

/** The browse index of genres and tags: each value's name and game count. */
const facetsOf = (db: RtdbClient) => db.get('indices_public/facets');

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, rules: RULES });
});

afterAll(async () => {
  await emulator.close();
});

describe('the first start of npm start', () => {
  let fresh: RtdbClient;
  let freshFacets: unknown;

  it(
    'imports the whole catalogue beside the demo data, once',
    async () => {
      fresh = freshDatabase();
      const first = await seedLocalDatabase(fresh, startCatalogue({}));
      expect(first.seeded).toBe(true);
      expect(first.catalogue).toMatchObject({ games: 20_000, lists: { lists: 56, rejects: [] } });

      // Every catalogue game, and the demo games it lacks beside them.
      expect(await keysOf(fresh, 'games')).toHaveLength(20_000 + demoOnlyGames.length);
      // The demo lists beside the 56 curated lists that name a catalogue game.
      expect(await keysOf(fresh, 'lists')).toHaveLength(Object.keys(demo.lists).length + 56);
      // The demo members are there, with their posts.
      const members = (await fresh.get('users_public')) as Record<string, { username: string }>;
      expect(Object.values(members).map((member) => member.username)).toEqual(
        expect.arrayContaining(demo.members.map((member) => member.username)),
      );
      expect((await keysOf(fresh, 'posts')).length).toBeGreaterThan(0);

      // Top games are Steam's ranking: the catalogue's most popular game first.
      const top = (await fresh.get('games', { orderBy: 'weighted_index', limitToLast: 1 })) as Record<
        string,
        unknown
      >;
      expect(Object.keys(top)).toEqual([catalogue.games[0]?.slug]);

      // A demo game the catalogue has merges into its demo record: Steam's fields and ranking, the demo's
      // description (the catalogue has none), and the attribution its source asks for.
      const portal = catalogue.games.find((game) => game.slug === 'portal-2');
      expect(await fresh.get('games/portal-2')).toMatchObject({
        source: 'steam-catalogue',
        weighted_index: portal?.popularity,
        steam_appid: portal?.id,
        content: { description: demo.games.find((game) => game.slug === 'portal-2')?.description },
      });
      // A demo game the catalogue lacks keeps its demo record, and its page its posts' game.
      expect(await fresh.get('games/hades')).toMatchObject({ source: 'questline', name: 'Hades' });
      expect(demoOnlyGames.map((game) => game.slug)).toContain('hades');

      // A later start finds it whole and writes nothing.
      freshFacets = await facetsOf(fresh);
      expect(await seedLocalDatabase(fresh, startCatalogue({}))).toEqual({ seeded: false, catalogue: null });
    },
    IMPORT_TIMEOUT_MS,
  );

  it(
    'finishes the import on a data folder that holds part of the catalogue, counting no game twice',
    async () => {
      // A data folder of the earlier first start: the demo data, the curated lists and only the catalogue
      // games they name (so the lists, written last, are there); or a start stopped half-way.
      const db = freshDatabase();
      await seedDemoData(db);
      const linked = new Set(
        readCuratedLists(texts.lists).lists.flatMap(({ list }) => list.entries.map((entry) => entry.game_id)),
      );
      await writeGames(
        db,
        catalogue.games.filter((game) => linked.has(game.id)),
        { weightedIndex: () => undefined },
      );
      await importCuratedLists(db, texts.lists, { now: 0 });

      const next = await seedLocalDatabase(db, startCatalogue({}));
      expect(next.catalogue?.games).toBe(20_000);
      expect(await keysOf(db, 'games')).toHaveLength(20_000 + demoOnlyGames.length);
      // The genre and tag counts are those of a first start that ran through.
      expect(await facetsOf(db)).toEqual(freshFacets);
    },
    IMPORT_TIMEOUT_MS,
  );

  it('keeps to the demo data under QUESTLINE_DEMO_ONLY=1', async () => {
    expect(startCatalogue({ QUESTLINE_DEMO_ONLY: '1' })).toBeUndefined();
    const db = freshDatabase();
    expect(await seedLocalDatabase(db, startCatalogue({ QUESTLINE_DEMO_ONLY: '1' }))).toEqual({
      seeded: true,
      catalogue: null,
    });
    expect(await keysOf(db, 'games')).toHaveLength(demo.games.length);
    expect(await keysOf(db, 'lists')).toHaveLength(Object.keys(demo.lists).length);
  });

  it('imports the catalogue when QUESTLINE_DEMO_ONLY is 0 or unset, and stops with a sentence on anything else', () => {
    expect(startCatalogue({})).toEqual(texts);
    expect(startCatalogue({ QUESTLINE_DEMO_ONLY: '' })).toEqual(texts);
    expect(startCatalogue({ QUESTLINE_DEMO_ONLY: '0' })).toEqual(texts);
    for (const value of ['true', ' 1', 'yes', '1; rm -rf /'])
      expect(() => startCatalogue({ QUESTLINE_DEMO_ONLY: value })).toThrow(
        /^QUESTLINE_DEMO_ONLY must be 1 \(the demo data alone\) or 0 or unset/,
      );
  });
});
