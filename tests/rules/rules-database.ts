import { afterAll, beforeAll } from 'vitest';
import { RtdbError, type RtdbClient, type RtdbQuery } from '../../shared/rtdb/rest-client.ts';
import { startTestDatabase, type TestDatabase } from '../integration/emulator-db.ts';

// What every rules test needs: the emulator with the project's rules (database.rules.json), started before
// the file's tests and closed after them, its server client to seed with and clients for visitors and
// members to try the rules with, and the one question each test asks: did the database allow it?

/** The largest page a public list query may ask for (database.rules.json repeats this number). */
export const PUBLIC_QUERY_CAP = 25;

/**
 * The file's database: call at the top of a rules test file, then seed in the file's own `beforeAll`
 * (which runs after this one's start). Its clients are the started emulator's, read when a test uses them.
 */
export function rulesDatabase(): TestDatabase {
  let started: TestDatabase | undefined;
  beforeAll(async () => {
    started = await startTestDatabase();
  });
  afterAll(async () => {
    await started?.close();
  });
  const running = (): TestDatabase => {
    if (!started) throw new Error('The rules database starts in beforeAll: use it inside hooks and tests.');
    return started;
  };
  return {
    get emulator() {
      return running().emulator;
    },
    get server() {
      return running().server;
    },
    get anonymous() {
      return running().anonymous;
    },
    asUser: (uid) => running().asUser(uid),
    close: () => running().close(),
  };
}

/** Whether the database allowed `action`: false when its rules refused it (401, 403), any other failure thrown. */
export async function allowed(action: Promise<unknown>): Promise<boolean> {
  try {
    await action;
    return true;
  } catch (error) {
    if (error instanceof RtdbError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}

/** Whether `client` may read `path` (with `query`). */
export const canRead = (client: RtdbClient, path: string, query?: RtdbQuery): Promise<boolean> =>
  allowed(client.get(path, query));
