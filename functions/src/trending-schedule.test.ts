import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_NOW, type TestDatabase } from '../../tests/integration/emulator-db.ts';
import {
  startFunctionsTestDatabase,
  type FunctionsTestDatabase,
} from './test-support/functions-test-database.ts';

// The scheduled function `trending` as deployed (functions/src/index.ts), run once as Cloud Scheduler
// would trigger it, against the project's database emulator through the functions' own database client.
// The Firebase Functions emulator only fires scheduled functions through the Pub/Sub emulator, which is not
// available offline here, so the exported function's handler is called directly.

let running: FunctionsTestDatabase;
let db: TestDatabase;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  running = await startFunctionsTestDatabase();
  db = running.db;
});
afterAll(() => running.stop());

describe('the scheduled function trending', () => {
  it('ranks the games members were active on, as of the time the run was scheduled for', async () => {
    const game = (name: string, weightedIndex: number, follows: number) => ({
      name,
      deeplink_url_code: name,
      follows,
      weighted_index: weightedIndex,
      genres: ['Indie'],
    });
    await db.server.patch('', {
      'games/hades': game('hades', 50, 2),
      'games/celeste': game('celeste', 40, 0),
      // Both are members: only members' acts count.
      'users_public/ada': { username: 'ada' },
      'users_public/bo': { username: 'bo' },
      'follows/f1': { userUUID: 'ada', targetUUID: 'hades', type: 'game', timestamp: TEST_DATABASE_NOW },
      'follows/f2': {
        userUUID: 'bo',
        targetUUID: 'hades',
        type: 'game',
        timestamp: TEST_DATABASE_NOW - 7 * DAY,
      },
    });
    const { trending } = await import('./index.ts');
    await trending.run({ scheduleTime: new Date(TEST_DATABASE_NOW).toISOString() });
    // Hades: a follow now (3) and one a week before (3 × ½); 2 followers; base 50.
    expect(
      await db.anonymous.get('indices_public/trendingIndex', { orderBy: '$value', limitToLast: 10 }),
    ).toEqual({
      hades: 4.5,
    });
    expect(await db.anonymous.get('games/hades/weighted_index')).toBe(56.5);
    expect(await db.anonymous.get('games/celeste/weighted_index')).toBe(40);
  });
});
