import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGuestAccount } from '../../shared/accounts/account-sections.ts';
import type { BrowsePageData } from '../../shared/api/browse-page.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID, GUEST_EMAIL_DOMAIN } from '../../shared/auth/account-api.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { FirstVisit, Onboarded } from '../../shared/schemas/first-visit.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// The first visit in workerd against the database emulator: what it offers, its end (isOnboarded, once,
// only the caller's own), and browse's suggestions built from the games it shelved.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();
const call = apiCaller(env, app);

const run = runTag();
const tag = run.toLowerCase(); // deep links are lower-case
const NEWBIE = `fv-new-${run}`;
const OTHER = `fv-other-${run}`;
const GHOST = `fv-ghost-${run}`; // signed in at the provider, never signed up here
const GUEST = `fv-guest-${run}`;
// Games ranked above anything else the tests' database holds, so they are the top games.
const TOP = [`fv-top-a-${tag}`, `fv-top-b-${tag}`, `fv-top-c-${tag}`];
const SUGGESTED = `fv-liked-${tag}`;
const FROM_DROPPED = `fv-from-dropped-${tag}`;
const TOP_RANK = Number.MAX_SAFE_INTEGER - 10;

const member = (uid: string) => ({
  [`users/${uid}/public`]: { uuid: uid, username: `u_${uid.replaceAll('-', '_')}`, follows: 0 },
  [`users/${uid}/private`]: { email: `${uid}@example.com`, isOnboarded: false },
});

beforeAll(async () => {
  await db.patch('', {
    ...member(NEWBIE),
    ...member(OTHER),
    [`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`]: {
      uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
      username: 'questline',
    },
    ...Object.fromEntries(
      TOP.map((id, index) => [`games/${id}`, testGame(id, `Top ${String(index)}`, TOP_RANK - index)]),
    ),
    [`games/${SUGGESTED}`]: testGame(SUGGESTED, 'Liked By Top A Players', 1),
    [`games/${FROM_DROPPED}`]: testGame(FROM_DROPPED, 'Liked By Top C Players', 1),
    // The suggestion engine's rows: Top A's players want SUGGESTED, Top C's want FROM_DROPPED.
    [`se_matrix/${TOP[0]}`]: { [SUGGESTED]: 0.9 },
    [`se_matrix/${TOP[2]}`]: { [FROM_DROPPED]: 0.95 },
  });
});

describe('the first visit (GET /api/me/first-visit)', () => {
  it('offers a new member the top games, best first, without those already shelved', async () => {
    const first = await (await call('/api/me/first-visit', { uid: NEWBIE })).json<FirstVisit>();
    expect(first.isOnboarded).toBe(false);
    expect(first.games.slice(0, 3).map(({ uuid }) => uuid)).toEqual(TOP);
    expect(first.games[0]).toMatchObject({ name: 'Top 0', deeplink_url_code: TOP[0] });

    const shelved = await call(`/api/games/${TOP[1]}/status`, {
      method: 'PUT',
      uid: OTHER,
      json: { status: 'played' },
    });
    expect(shelved.status).toBe(200);
    const other = await (await call('/api/me/first-visit', { uid: OTHER })).json<FirstVisit>();
    expect(other.games.map(({ uuid }) => uuid)).not.toContain(TOP[1]);
    expect(other.games.slice(0, 2).map(({ uuid }) => uuid)).toEqual([TOP[0], TOP[2]]);
  });

  it('answers a signed-out caller 401', async () => {
    const response = await call('/api/me/first-visit');
    expect(response.status).toBe(401);
    expect((await response.json<ApiErrorBody>()).error.code).toBe('unauthenticated');
  });
});

describe('ending the first visit (PUT /api/me/onboarded)', () => {
  it('marks the caller onboarded once, and nothing else of their record moves', async () => {
    const before = (await db.get(`users/${NEWBIE}/private`)) as Record<string, unknown>;
    const response = await call('/api/me/onboarded', { method: 'PUT', uid: NEWBIE });
    expect(response.status).toBe(200);
    expect(await response.json<Onboarded>()).toEqual({ isOnboarded: true, changed: true });
    expect(await db.get(`users/${NEWBIE}/private`)).toEqual({ ...before, isOnboarded: true });

    const again = await call('/api/me/onboarded', { method: 'PUT', uid: NEWBIE });
    expect(await again.json<Onboarded>()).toEqual({ isOnboarded: true, changed: false });
    const first = await (await call('/api/me/first-visit', { uid: NEWBIE })).json<FirstVisit>();
    expect(first.isOnboarded).toBe(true);
    // What /api/me and browse tell the page.
    const browse = await (await call('/api/browse', { uid: NEWBIE })).json<BrowsePageData>();
    expect(browse.me.private?.isOnboarded).toBe(true);
  });

  it('only ever marks the caller: a body naming another member is ignored', async () => {
    const response = await call('/api/me/onboarded', {
      method: 'PUT',
      uid: OTHER,
      json: { uid: NEWBIE, isOnboarded: false },
    });
    expect(response.status).toBe(200);
    expect(await db.get(`users/${OTHER}/private/isOnboarded`)).toBe(true);
    expect(await db.get(`users/${NEWBIE}/private/isOnboarded`)).toBe(true);
  });

  it('refuses a signed-out caller and an account with no member record, writing nothing', async () => {
    const signedOut = await call('/api/me/onboarded', { method: 'PUT' });
    expect(signedOut.status).toBe(401);
    const ghost = await call('/api/me/onboarded', { method: 'PUT', uid: GHOST });
    expect(ghost.status).toBe(403);
    expect((await ghost.json<ApiErrorBody>()).error.message).toMatch(/\w+ \w+/);
    expect(await db.get(`users/${GHOST}`)).toBeNull();
  });

  it('keeps a guest who went through it onboarded when they sign up', async () => {
    await createGuestAccount(db, GUEST);
    const guestToken = unsignedEmulatorToken(GUEST, {
      email: `${GUEST}@${GUEST_EMAIL_DOMAIN}`,
      firebase: { sign_in_provider: 'custom', identities: {} },
    });
    expect(await db.get(`users/${GUEST}/private/isOnboarded`)).toBe(false);
    expect((await call('/api/me/onboarded', { method: 'PUT', token: guestToken })).status).toBe(200);

    const ctx = createExecutionContext();
    const signUp = await app.request(
      'http://questline.test/api/accounts',
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${unsignedEmulatorToken(GUEST, {
            email: `${GUEST}@example.com`,
            email_verified: false,
            firebase: { sign_in_provider: 'password', identities: {} },
          })}`,
        },
        body: JSON.stringify({ username: `g_${run}` }),
      },
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(signUp.status).toBe(201);
    expect(await db.get(`users/${GUEST}/private/isOnboarded`)).toBe(true);
  });
});

describe('suggestions from the games the first visit shelved', () => {
  it('builds browse’s first suggestions from a played game, saying so, and never from a dropped one', async () => {
    const taster = `fv-taster-${run}`;
    await db.patch('', member(taster));
    for (const [game, status] of [
      [TOP[0], 'played'],
      [TOP[2], 'dropped'],
    ] as const) {
      const shelved = await call(`/api/games/${game}/status`, {
        method: 'PUT',
        uid: taster,
        json: { status },
      });
      expect(shelved.status).toBe(200);
    }
    const browse = await (await call('/api/browse', { uid: taster })).json<BrowsePageData>();
    expect(browse.suggestions[0]).toMatchObject({
      uuid: SUGGESTED,
      reason: { kind: 'shelf', shelf: 'played', game: { name: 'Top 0', deeplink_url_code: TOP[0] } },
    });
    const ids = browse.suggestions.map(({ uuid }) => uuid);
    // A dropped game suggests nothing, and no shelved game is suggested back.
    expect(ids).not.toContain(FROM_DROPPED);
    expect(ids).not.toContain(TOP[0]);
    expect(ids).not.toContain(TOP[2]);
  });
});
