import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { apiCaller, memberToken } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from './rate-limit.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// The abuse limits through Miniflare's own rate-limiting binding, with wrangler.toml's [env.local]
// limits (the per-address ones far above production's, since every local visitor is 127.0.0.1).
const LOCAL_MEMBER_WRITES_PER_MINUTE = 120;
const LOCAL_ADDRESS_WRITES_PER_MINUTE = 1000;
const LOCAL_SIGN_UPS_PER_MINUTE = 100;
const LOCAL_GUESTS_PER_MINUTE = 200;
const LOCAL_PAGE_VIEWS_PER_MINUTE = 1000;

const app = createApp();

/** Requests to the app on `env`, in workerd, as `token` from `address`. */
const caller = (env: Env) => apiCaller(env, app);

/**
 * Miniflare's limiter counts in windows aligned to the clock's minutes. A burst that straddled two windows
 * would be counted half in each, so each test starts its burst with enough of the window left.
 */
async function withWindowAhead(neededMs = 15_000): Promise<void> {
  const windowMs = RATE_LIMIT_PERIOD_SECONDS * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/** Sends `count` requests made by `request(i)`, `atOnce` at a time, and answers their statuses. */
async function burst(count: number, atOnce: number, request: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += atOnce) {
    const batch = Array.from({ length: Math.min(atOnce, count - start) }, (_, i) => request(start + i));
    for (const response of await Promise.all(batch)) {
      statuses.push(response.status);
      await response.body?.cancel();
    }
  }
  return statuses;
}

async function expectRefusedForAMinute(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get('Retry-After')).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
  const body = await response.json<ApiErrorBody>();
  expect(body.error.code).toBe('too-many-requests');
  expect(body.error.message).toBe('You’re doing that too often. Please wait a minute, then try again.');
}

describe('a member’s writes', () => {
  const env = testEnv({ FIREBASE_EMULATORS: 'true' });
  const db = ownerDatabase(env);
  const call = caller(env);

  beforeAll(async () => {
    await db.patch('', {
      'games/hades': testGame('hades', 'Hades', 10),
      'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
      'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
    });
  });

  it(
    'are refused past the limit with 429 and Retry-After, write nothing, and leave other members alone',
    { timeout: 60_000 },
    async () => {
      await withWindowAhead();
      const ana = memberToken('ana');
      const follows = await burst(LOCAL_MEMBER_WRITES_PER_MINUTE, 1, (i) =>
        call('/api/follows/game/hades', { method: i % 2 === 0 ? 'PUT' : 'DELETE', token: ana }),
      );
      expect(follows.every((status) => status === 200)).toBe(true);

      const post = { targetType: 'game', targetId: 'hades', content: 'One post too many' };
      await expectRefusedForAMinute(await call('/api/posts', { method: 'POST', token: ana, json: post }));
      expect(await db.get('posts')).toBeNull();
      // Reading is not writing: Ana still sees where she stands.
      expect((await call('/api/follows/game/hades', { token: ana })).status).toBe(200);

      const bens = await call('/api/posts', { method: 'POST', token: memberToken('ben'), json: post });
      expect(bens.status).toBe(201);
      expect(Object.values((await db.get('posts')) as Record<string, { sourceUUID: string }>)).toEqual([
        expect.objectContaining({ sourceUUID: 'ben' }),
      ]);
    },
  );
});

describe('members’ writes from one address', () => {
  const env = testEnv({ FIREBASE_EMULATORS: 'true' });
  const db = ownerDatabase(env);
  const call = caller(env);
  /** Enough members that none reaches its own limit while the address reaches its. */
  const MEMBERS = 10;
  const member = (n: number) => `many-${String(n)}`;

  beforeAll(async () => {
    const records: Record<string, unknown> = { 'games/hades': testGame('hades', 'Hades', 10) };
    for (let n = 0; n <= MEMBERS; n++)
      records[`users/${member(n)}/public`] = { uuid: member(n), username: `many_${String(n)}`, follows: 0 };
    await db.patch('', records);
  });

  it(
    'are refused past the address’s limit with 429 and Retry-After, however many accounts share it, while another address writes',
    { timeout: 90_000 },
    async () => {
      await withWindowAhead(40_000);
      const address = '203.0.113.9';
      // Each member stays well under their own limit; the requests are malformed, which counts all the same.
      const perMember = LOCAL_ADDRESS_WRITES_PER_MINUTE / MEMBERS;
      expect(perMember).toBeLessThan(LOCAL_MEMBER_WRITES_PER_MINUTE);
      const statuses = await burst(LOCAL_ADDRESS_WRITES_PER_MINUTE, 25, (i) =>
        call('/api/posts', { method: 'POST', address, token: memberToken(member(i % MEMBERS)), json: {} }),
      );
      expect(statuses.every((status) => status === 400)).toBe(true);

      // A fresh account from the same address brings no fresh allowance.
      const post = { targetType: 'game', targetId: 'hades', content: 'One more from the same address' };
      const fresh = await call('/api/posts', {
        method: 'POST',
        address,
        token: memberToken(member(MEMBERS)),
        json: post,
      });
      await expectRefusedForAMinute(fresh);
      const follow = await call('/api/follows/game/hades', {
        method: 'PUT',
        address,
        token: memberToken(member(0)),
      });
      await expectRefusedForAMinute(follow);
      expect(await db.get('posts')).toBeNull();
      expect(await db.get('games/hades/follows')).toBe(0);

      const elsewhere = await call('/api/posts', {
        method: 'POST',
        address: '203.0.113.10',
        token: memberToken(member(MEMBERS)),
        json: post,
      });
      expect(elsewhere.status).toBe(201);
    },
  );
});

describe('sign-ups', () => {
  const env = testEnv({ FIREBASE_EMULATORS: 'true' });
  const db = ownerDatabase(env);
  const call = caller(env);
  const tokenFor = (uid: string) => unsignedEmulatorToken(uid, { email: `${uid}@example.com` });

  it(
    'from one address are refused past the limit, creating no member, while another address signs up',
    { timeout: 60_000 },
    async () => {
      await withWindowAhead();
      const address = '198.51.100.7';
      // Attempts count whatever they carry: a script without a token uses up the address's sign-ups too.
      const attempts = await burst(LOCAL_SIGN_UPS_PER_MINUTE, 25, () =>
        call('/api/accounts', { method: 'POST', address, json: { username: 'nobody_here' } }),
      );
      expect(attempts.every((status) => status === 401)).toBe(true);

      const late = await call('/api/accounts', {
        method: 'POST',
        address,
        token: tokenFor('late-comer'),
        json: { username: 'late_comer' },
      });
      await expectRefusedForAMinute(late);
      expect(await db.get('users/late-comer')).toBeNull();
      expect(await db.get('usernames/late_comer')).toBeNull();

      const elsewhere = await call('/api/accounts', {
        method: 'POST',
        address: '198.51.100.8',
        token: tokenFor('next-door'),
        json: { username: 'next_door' },
      });
      expect(elsewhere.status).toBe(201);
      expect(await db.get('users/next-door/public/username')).toBe('next_door');
    },
  );
});

describe('guest sign-ins', () => {
  it(
    'from one address are refused past the limit before the function is asked, while another address goes on',
    { timeout: 60_000 },
    async () => {
      // The search function's test server has no anon-auth: a sign-in that reaches it gets its 404 page,
      // which the Worker answers as a 503 in its own words; one stopped by the limit is answered 429.
      const env = testEnv({
        FUNCTIONS_BASE_URL: `${inject('searchFunctionsOrigin')}/demo-questline/us-central1`,
      });
      const call = caller(env);
      const device = (n: number) => ({
        domain_uri: 'http://questline.test',
        accessId: `device${String(n)}`,
        accessKey: 'k'.repeat(32),
      });
      await withWindowAhead();
      const malformed = await burst(LOCAL_GUESTS_PER_MINUTE, 25, () =>
        call('/api/functions/anon-auth', { method: 'POST', address: '192.0.2.44', json: { accessId: '' } }),
      );
      expect(malformed.every((status) => status === 400)).toBe(true);

      await expectRefusedForAMinute(
        await call('/api/functions/anon-auth', { method: 'POST', address: '192.0.2.44', json: device(1) }),
      );

      const elsewhere = await call('/api/functions/anon-auth', {
        method: 'POST',
        address: '192.0.2.45',
        json: device(2),
      });
      expect(elsewhere.status).toBe(503);
      const text = await elsewhere.text();
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 'unavailable',
          message: 'Signing in is not available just now. Please try again in a moment.',
        },
      });
      expect(text).not.toMatch(/127\.0\.0\.1|Cannot POST|<html/i);
    },
  );
});

describe('page-view beacons', () => {
  it(
    'from one IPv6 network are refused past the limit, recording nothing, while another network counts',
    { timeout: 60_000 },
    async () => {
      const env = testEnv();
      const db = ownerDatabase(env);
      const call = caller(env);
      await withWindowAhead();
      // Every address of the /64 is the same visitor: changing the last groups buys no fresh counter.
      const malformed = await burst(LOCAL_PAGE_VIEWS_PER_MINUTE, 50, (i) =>
        call('/api/page-views', { method: 'POST', address: `2001:db8:77:1::${i.toString(16)}`, json: {} }),
      );
      expect(malformed.every((status) => status === 400)).toBe(true);

      const view = { path: '/game/hades' };
      const refused = await call('/api/page-views', {
        method: 'POST',
        address: '2001:DB8:77:1:FFFF:0:0:1',
        json: view,
      });
      await expectRefusedForAMinute(refused);
      expect(await db.get('logs/page_views')).toBeNull();

      const other = await call('/api/page-views', {
        method: 'POST',
        address: '2001:db8:77:2::1',
        json: view,
      });
      expect(other.status).toBe(204);
      expect(Object.values((await db.get('logs/page_views')) as Record<string, { path: string }>)).toEqual([
        expect.objectContaining({ path: '/game/hades' }),
      ]);
    },
  );

  it('still count when the limiter cannot be reached: the limit guards against abuse, not the visit', async () => {
    // Test double: Miniflare's limiter never fails, so a failing one is handed in.
    const env = testEnv({
      PAGE_VIEWS_LIMITER: { limit: () => Promise.reject(new Error('limiter unreachable')) },
    });
    const response = await caller(env)('/api/page-views', {
      method: 'POST',
      address: '203.0.113.9',
      json: { path: '/game/celeste' },
    });
    expect(response.status).toBe(204);
    expect(Object.values((await ownerDatabase(env).get('logs/page_views')) as object)).toHaveLength(1);
  });
});
