import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../shared/session-cookie.ts';
import { createApp, type AppOptions } from './app.ts';
import { makeTestSigningKey, signTestIdToken, unsignedEmulatorToken } from './auth/id-token-test-keys.ts';
import { cachedRemoteKeySet, SECURETOKEN_JWKS_URL } from './auth/verify-id-token.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// Pages with and without a session cookie: what caches may keep, and what an unverifiable cookie gets.
const env = testEnv();
const memberCookie = `${SESSION_COOKIE}=${unsignedEmulatorToken('pia', {
  email: 'pia@example.com',
  firebase: { sign_in_provider: 'password', identities: {} },
})}`;

async function get(path: string, init: RequestInit = {}, options: AppOptions = {}, bindings: Env = env) {
  const ctx = createExecutionContext();
  const response = await createApp(options).request(`http://questline.test${path}`, init, bindings, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', { 'games/hades': testGame('hades', 'Hades', 10) });
  // Pia becomes a member through the API, as sign-up does.
  const ctx = createExecutionContext();
  const signUp = await createApp().request(
    'http://questline.test/api/accounts',
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${memberCookie.slice(SESSION_COOKIE.length + 1)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ username: 'pia_plays' }),
    },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(signUp.status).toBe(201);
});

describe('Cache-Control of pages', () => {
  it('marks the page rendered for a signed-in member (browse) private, no-store', async () => {
    const response = await get('/browse', { headers: { Cookie: memberCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('serves public pages to a signed-in member as to anyone: nothing in them is the member’s', async () => {
    for (const path of ['/', '/game/hades', '/game/no-such-game']) {
      const response = await get(path, { headers: { Cookie: memberCookie } });
      expect(response.headers.get('Cache-Control'), path).toBe(
        'public, max-age=60, stale-while-revalidate=600',
      );
    }
  });

  it('marks page data answered for a session cookie private, no-store, as the rendered page is', async () => {
    const response = await get('/api/pages/browse', { headers: { Cookie: memberCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('keeps the edge-cache headers of public pages for anonymous visitors', async () => {
    for (const path of ['/', '/game/hades']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Cache-Control'), path).toBe(
        'public, max-age=60, stale-while-revalidate=600',
      );
    }
  });
});

describe('an unverifiable session cookie (Google’s key set unreachable)', () => {
  const production = { ...env, FIREBASE_EMULATORS: 'false' };
  const unreachable: AppOptions = {
    idTokenKeys: cachedRemoteKeySet(SECURETOKEN_JWKS_URL, () =>
      Promise.resolve(new Response('upstream down', { status: 503 })),
    ),
  };

  it('is treated as signed out: the guarded page redirects home, public pages are served', async () => {
    const token = await signTestIdToken(await makeTestSigningKey('google-current'), 'pia');
    const cookie = { headers: { Cookie: `${SESSION_COOKIE}=${token}` } };
    const browse = await get('/browse', cookie, unreachable, production);
    expect(browse.status).toBe(302);
    expect(browse.headers.get('Location')).toBe('/');
    const home = await get('/', cookie, unreachable, production);
    expect(home.status).toBe(200);
  });
});
