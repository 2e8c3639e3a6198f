import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// Following a curated list through the API in workerd against the database emulator: the count on the
// list's public summary stays exact, the member's follows map holds it, and the list page shows the count.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();
const call = apiCaller(env, app);

const LIST = 'indie-essentials';

beforeAll(async () => {
  await db.patch('', {
    'games/hades': testGame('hades', 'Hades', 10),
    [`lists/${LIST}`]: {
      code: LIST,
      name: 'Indie essentials',
      games: { c1: { name: 'Picks', games: { hades: 1 } } },
    },
    [`lists-public/${LIST}`]: { name: 'Indie essentials', game_count: 1 },
    'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
    'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
  });
});

describe('following a list', () => {
  it('answers 401 without a token and changes nothing', async () => {
    expect((await call(`/api/follows/list/${LIST}`, { method: 'PUT' })).status).toBe(401);
    expect(await db.get(`lists-public/${LIST}/follows`)).toBeNull();
  });

  it('answers 404 for a list that does not exist, writing nothing', async () => {
    const response = await call('/api/follows/list/no-such-list', { method: 'PUT', uid: 'ana' });
    expect(response.status).toBe(404);
    expect(await db.get('lists-public/no-such-list')).toBeNull();
    expect(await db.get('follows_history/ana/list:no-such-list')).toBeNull();
  });

  it('counts each member once however often they follow, and unfollowing takes them off', async () => {
    for (const uid of ['ana', 'ana', 'ben']) {
      const response = await call(`/api/follows/list/${LIST}`, { method: 'PUT', uid });
      expect(response.status).toBe(200);
    }
    expect(await db.get(`lists-public/${LIST}/follows`)).toBe(2);
    expect(await db.get(`users/ana/private/follows/lists/${LIST}`)).toEqual(expect.any(Number));
    expect(await (await call(`/api/follows/list/${LIST}`, { uid: 'ana' })).json()).toEqual({
      following: true,
      followers: 2,
      self: false,
    });
    // The list's page shows the count to everyone.
    const page = await call(`/lists/games/${LIST}`);
    expect(await page.text()).toContain('2 followers');

    const undo = await call(`/api/follows/list/${LIST}`, { method: 'DELETE', uid: 'ana' });
    expect(await undo.json()).toMatchObject({ changed: true, following: false, followers: 1 });
    const again = await call(`/api/follows/list/${LIST}`, { method: 'DELETE', uid: 'ana' });
    expect(await again.json()).toMatchObject({ changed: false, following: false, followers: 1 });
    expect(await db.get(`users/ana/private/follows/lists/${LIST}`)).toBeNull();
    expect(await db.get(`lists-public/${LIST}/name`)).toBe('Indie essentials');
  });

  it('changes nothing on an unfollow of a followed game "as a list", so no count moves', async () => {
    await call('/api/follows/game/hades', { method: 'PUT', uid: 'ben' });
    // The list `hades` is another target (follows are keyed by kind and id), which Ben does not follow.
    const response = await call('/api/follows/list/hades', { method: 'DELETE', uid: 'ben' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ changed: false, following: false });
    expect(await db.get('games/hades/follows')).toBe(1);
    expect(await db.get('lists-public/hades')).toBeNull();
  });
});
