import { beforeAll, describe, expect, it } from 'vitest';
import { requestApp, uncached } from '../test-support/page-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// The Cache-Control of page data tells the browser's service worker what it may keep for reading offline.

const env = testEnv();

beforeAll(async () => {
  await ownerDatabase(env).patch('', { 'games/portal-2': testGame('portal-2', 'Portal 2', 500) });
});

describe('page data for reading offline', () => {
  it('is marked public without a session, so the service worker may keep it', async () => {
    const { response } = await requestApp(env, '/api/pages/game/portal-2');
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const missing = await requestApp(env, '/api/pages/game/no-such-game');
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('is private with a session, so that nothing answered for a member is kept', async () => {
    const { response } = await requestApp(env, '/api/pages/game/portal-2', {}, uncached);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
