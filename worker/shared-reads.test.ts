import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, SHARED_READS_MS } from './app.ts';
import { apiCaller } from './test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// The top games every game page and not-found page shows are read once for the pages an isolate renders
// in the same moment (shared/rtdb/shared-reads.ts). What a visitor may notice: a page rendered within
// that moment shows the top games as they were at its start, never older, and a write made through
// the Worker is seen by the next page at once.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const TOP = 'sharedtopgame';
const FOLLOWED = 'sharedfollowedgame';

// Moved by hand; it starts at the real time, which the ID tokens of the write are checked against.
let now = Date.now();
const app = createApp({ clock: () => now });
const call = apiCaller(env, app);

/** The not-found page at a path of its own (so no edge copy answers it), as a visitor gets it. */
let pages = 0;
async function notFoundPage(): Promise<string> {
  pages++;
  const response = await call(`/game/no-such-game-${String(pages)}`);
  return response.text();
}

const rename = (name: string) => ownerDatabase(env).patch('', { [`games/${TOP}/name`]: name });

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    [`games/${TOP}`]: testGame(TOP, 'Top Game First Name', 1_000_000),
    [`games/${FOLLOWED}`]: testGame(FOLLOWED, 'Followed Game', 1),
    'users/sharedreader/public': { uuid: 'sharedreader', username: 'shared_reader', follows: 0 },
    'users_public/sharedreader': { username: 'shared_reader' },
  });
});

describe('top games shared by the pages of a moment', () => {
  it('are read again once their moment is over, never later', async () => {
    await rename('Top Game Before');
    now += SHARED_READS_MS + 1;
    expect(await notFoundPage()).toContain('Top Game Before');
    await rename('Top Game After');
    // Within the moment: the answer read at its start.
    now += SHARED_READS_MS;
    expect(await notFoundPage()).toContain('Top Game Before');
    // Past it: read afresh.
    now += 1;
    const later = await notFoundPage();
    expect(later).toContain('Top Game After');
    expect(later).not.toContain('Top Game Before');
  });

  it('are read again after a write made through the Worker, however soon', async () => {
    now += SHARED_READS_MS + 1;
    await rename('Top Game Unwritten');
    expect(await notFoundPage()).toContain('Top Game Unwritten');
    await rename('Top Game Written');
    const follow = await call(`/api/follows/game/${FOLLOWED}`, { method: 'PUT', uid: 'sharedreader' });
    expect(follow.status).toBe(200);
    expect(await notFoundPage()).toContain('Top Game Written');
  });

  it('are not shared between apps on different databases', async () => {
    const other = testEnv({ FIREBASE_EMULATORS: 'true' });
    await ownerDatabase(other).patch('', {
      [`games/${TOP}`]: testGame(TOP, 'Other Database Game', 1_000_000),
    });
    now += SHARED_READS_MS + 1;
    expect(await notFoundPage()).not.toContain('Other Database Game');
    const elsewhere = await apiCaller(other, app)('/game/no-such-game-elsewhere');
    expect(await elsewhere.text()).toContain('Other Database Game');
  });
});
