// The curated lists import against the emulator: importing a list again after it gained games records
// one list event naming them (what its followers' home feeds show), a first import records none, and the
// list's follower count survives the import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCuratedLists, type CuratedList } from '../../scripts/import-lists.ts';
import { listActivityNode } from '../../shared/rtdb/paths.ts';
import { startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';
import { followed } from './home-feed-delivery.ts';

let db: TestDatabase;

const list = (appids: number[]): CuratedList => ({
  id: 'co_op_nights',
  name: 'Co-op nights',
  source_lists: [{ name: 'A', url: null }],
  entries: appids.map((game_id, index) => ({
    position: index + 1,
    title: `Game ${String(game_id)}`,
    game_id,
  })),
});
const jsonl = (appids: number[]) => JSON.stringify(list(appids));

beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    'games/portal-2': { name: 'Portal 2', deeplink_url_code: 'portal-2', steam_appid: 620 },
    'games/it-takes-two': { name: 'It Takes Two', deeplink_url_code: 'it-takes-two', steam_appid: 1426210 },
    'games/deep-rock-galactic': {
      name: 'Deep Rock Galactic',
      deeplink_url_code: 'deep-rock-galactic',
      steam_appid: 548430,
    },
  });
});
afterAll(() => db.close());

describe('importing a curated list again', () => {
  it('records no event for a new list, then one naming the games a later import adds', async () => {
    await importCuratedLists(db.server, jsonl([620]), { now: TEST_DATABASE_NOW });
    expect(await db.server.get(listActivityNode('co-op-nights').path)).toBeNull();
    await db.server.patch('', {
      'lists-public/co-op-nights/follows': 4,
      // A follower, in both follow indexes.
      ...followed('uid-coop-fan', 'list', 'co-op-nights', TEST_DATABASE_NOW),
    });

    await importCuratedLists(db.server, jsonl([620, 1426210, 548430]), { now: TEST_DATABASE_NOW + 1 });
    const events = Object.values(
      ((await db.server.get(listActivityNode('co-op-nights').path)) ?? {}) as Record<string, unknown>,
    );
    expect(events).toEqual([
      { games: ['it-takes-two', 'deep-rock-galactic'], count: 2, timestamp: TEST_DATABASE_NOW + 1 },
    ]);
    // The event is in the follower's home feed, the list and its games named.
    const [eventId] = Object.keys((await db.server.get(listActivityNode('co-op-nights').path)) as object);
    expect(await db.server.get(`users/uid-coop-fan/private/home-feed/${eventId ?? ''}`)).toEqual({
      timestamp: TEST_DATABASE_NOW + 1,
      list: 'co-op-nights',
      event: {
        uuid: eventId,
        timestamp: TEST_DATABASE_NOW + 1,
        list: { code: 'co-op-nights', name: 'Co-op nights' },
        games: [
          { id: 'it-takes-two', name: 'It Takes Two' },
          { id: 'deep-rock-galactic', name: 'Deep Rock Galactic' },
        ],
        count: 2,
      },
    });
    expect(await db.server.get('lists-public/co-op-nights')).toEqual({
      name: 'Co-op nights',
      game_count: 3,
      follows: 4,
    });

    // The same list once more: nothing gained, no new event.
    await importCuratedLists(db.server, jsonl([620, 1426210, 548430]), { now: TEST_DATABASE_NOW + 2 });
    expect(Object.keys((await db.server.get(listActivityNode('co-op-nights').path)) as object)).toHaveLength(
      1,
    );
  });
});
