import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_NOW, type TestDatabase } from '../../tests/integration/emulator-db.ts';
import {
  startFunctionsTestDatabase,
  type FunctionsTestDatabase,
} from './test-support/functions-test-database.ts';

// The scheduled function `suggestions` as deployed (functions/src/index.ts), run once as Cloud Scheduler
// would trigger it, against the project's database emulator through the functions' own database client.
// The Firebase Functions emulator only fires scheduled functions through the Pub/Sub emulator, which is not
// available offline here, so the exported function's handler is called directly.

let running: FunctionsTestDatabase;
let db: TestDatabase;
beforeAll(async () => {
  running = await startFunctionsTestDatabase();
  db = running.db;
});
afterAll(() => running.stop());

describe('the scheduled function suggestions', () => {
  it('rebuilds se_matrix and the seed games from members’ follows', async () => {
    const follows = (games: string[]) =>
      Object.fromEntries(
        games.map((gameId) => [
          `game:${gameId}`,
          { followId: `f-${gameId}`, type: 'game', timestamp: TEST_DATABASE_NOW },
        ]),
      );
    await db.server.patch('', {
      'follows_by_userid/uid-ada': follows(['hades', 'celeste']),
      'follows_by_userid/uid-bo': follows(['hades', 'celeste']),
      'follows_by_userid/uid-cy': follows(['hades']),
    });
    const { suggestions } = await import('./index.ts');
    await suggestions.run({ scheduleTime: new Date(TEST_DATABASE_NOW).toISOString() });
    // Hades: 2 of its 3 followers follow Celeste; Celeste: both of its followers follow Hades.
    expect(await db.anonymous.get('se_matrix/hades')).toEqual({ celeste: 0.6667 });
    expect(await db.anonymous.get('se_matrix/celeste')).toEqual({ hades: 1 });
    expect(await db.anonymous.get('se_matrix_seedgames/hades')).toBe(true);
  });
});
