import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { apiCaller } from './test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// Public pages are served from their edge copy to members too (a session cookie does not skip it), so a
// write that changes what a page shows drops that copy: the member who followed, or edited their
// profile, sees it on their next view instead of a copy from before.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const call = apiCaller(env, createApp());
const run = Math.random().toString(36).slice(2, 8);
const GAME = `ownwritegame${run}`;
const LIST = `ownwritelist${run}`;
const USERNAME = `own_writer_${run}`;

/** A member's view of a page (with their session cookie), and whether it came from the edge's copy. */
async function view(path: string) {
  const response = await call(path, { cookie: 'ownwriter' });
  return { cache: response.headers.get('x-questline-cache'), body: await response.text() };
}

/** Views a page until its copy is stored, so the next view is served from it. */
async function cached(path: string) {
  await view(path);
  expect((await view(path)).cache).toBe('hit');
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Own Write Game'),
    [`lists/${LIST}`]: {
      code: LIST,
      name: 'Own list',
      games: { all: { name: 'All', games: { [GAME]: 1 } } },
    },
    [`lists-public/${LIST}`]: { name: 'Own list', game_count: 1 },
    'users/ownwriter/public': { uuid: 'ownwriter', username: USERNAME, follows: 0 },
    'users_public/ownwriter': { username: USERNAME },
    'profiles/ownwriter': {
      sourceUUID: 'ownwriter',
      brief: 'Before the edit.',
      details: '',
      disabled: false,
    },
  });
});

describe('a member’s own write', () => {
  it('following a game drops its page’s copy: the next view shows the new count', async () => {
    await cached(`/game/${GAME}`);
    expect((await call(`/api/follows/game/${GAME}`, { method: 'PUT', uid: 'ownwriter' })).status).toBe(200);
    const after = await view(`/game/${GAME}`);
    expect(after.cache).toBeNull();
    expect(after.body).toContain('1 follower');
  });

  it('following a list drops its first page’s copy', async () => {
    await cached(`/lists/games/${LIST}`);
    expect((await call(`/api/follows/list/${LIST}`, { method: 'PUT', uid: 'ownwriter' })).status).toBe(200);
    expect((await view(`/lists/games/${LIST}`)).cache).toBeNull();
  });

  it('editing the profile drops the member’s page copy: the next view shows the edit', async () => {
    await cached(`/user/${USERNAME}`);
    const edited = await call('/api/profiles/ownwriter', {
      method: 'PATCH',
      uid: 'ownwriter',
      json: { brief: 'After the edit.' },
    });
    expect(edited.status).toBe(200);
    const after = await view(`/user/${USERNAME}`);
    expect(after.cache).toBeNull();
    expect(after.body).toContain('After the edit.');
  });
});
