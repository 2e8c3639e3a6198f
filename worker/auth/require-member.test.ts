import { beforeAll, describe, expect, it } from 'vitest';
import { createGuestAccount } from '../../shared/accounts/account-sections.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID, GUEST_EMAIL_DOMAIN } from '../../shared/auth/account-api.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';
import { unsignedEmulatorToken } from './id-token-test-keys.ts';
import { NOT_A_MEMBER_MESSAGE } from './require-member.ts';

// Only members move public counts (issue 21, point 3), in workerd against the database emulator. An account
// made straight at the auth provider (the Auth emulator's accounts:signUp hands out exactly such a token:
// a verified uid and address, and no member record, since POST /api/accounts was never called) is refused
// every write that moves something public; a guest made as anon-auth makes it, and a member registered
// through POST /api/accounts, are not.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const requests: RtdbRequestRecord[] = [];
const call = apiCaller(
  env,
  createApp({
    onDatabaseRequest: (record) => {
      requests.push(record);
    },
  }),
);

const run = runTag();
const ANA = `rm-ana-${run}`;
const GAME = `rm-hades-${run}`;
const LIST = `rm-list-${run}`;
let anaPost = '';

/** A token of the kind the Auth emulator's accounts:signUp issues: an e-mail account, nothing more. */
const providerToken = (uid: string, email = `${uid}@example.com`) =>
  unsignedEmulatorToken(uid, {
    email,
    email_verified: false,
    firebase: { sign_in_provider: 'password', identities: {} },
  });

/** Every write that moves something public, as a caller would send it. */
const WRITES: { write: string; path: () => string; method: string; json?: unknown }[] = [
  { write: 'follow a member', path: () => `/api/follows/user/${ANA}`, method: 'PUT' },
  { write: 'follow a game', path: () => `/api/follows/game/${GAME}`, method: 'PUT' },
  { write: 'follow a list', path: () => `/api/follows/list/${LIST}`, method: 'PUT' },
  { write: 'unfollow', path: () => `/api/follows/user/${ANA}`, method: 'DELETE' },
  { write: 'like a post', path: () => `/api/likes/post/${anaPost}`, method: 'PUT' },
  { write: 'vote', path: () => '/api/votes/best-of-year', method: 'PUT', json: { targetId: GAME } },
  {
    write: 'answer a suggestion',
    path: () => `/api/suggestions/${GAME}`,
    method: 'PUT',
    json: { success: 'yes' },
  },
  {
    write: 'post',
    path: () => '/api/posts',
    method: 'POST',
    json: { targetType: 'game', targetId: GAME, content: 'Throwaway account says hi' },
  },
  { write: 'comment', path: () => `/api/comments/posts/${anaPost}`, method: 'POST', json: { content: 'Hi' } },
  { write: 'edit a profile', path: () => '/api/profiles/SELF', method: 'PATCH', json: { brief: 'Nobody' } },
  { write: 'block', path: () => '/api/blocks', method: 'POST', json: { kind: 'users', ids: [ANA] } },
  { write: 'hide a tag', path: () => '/api/hidden-tags/horror', method: 'PUT' },
];

beforeAll(async () => {
  await db.patch('', {
    [`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`]: {
      uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
      username: 'questline',
    },
    [`users/${ANA}/public`]: { uuid: ANA, username: `ana_${run}`, follows: 2 },
    [`games/${GAME}`]: testGame(GAME, 'Hades', 10),
    [`lists/${LIST}`]: {
      code: LIST,
      name: 'Indie essentials',
      games: { c1: { name: 'Picks', games: { [GAME]: 1 } } },
    },
    [`lists-public/${LIST}`]: { name: 'Indie essentials', game_count: 1 },
  });
  const made = await call('/api/posts', {
    method: 'POST',
    uid: ANA,
    json: { targetType: 'game', targetId: GAME, content: 'Who else is on run 40?' },
  });
  expect(made.status).toBe(201);
  anaPost = (await made.json<{ post: { uuid: string } }>()).post.uuid;
});

describe('an account with no member record', () => {
  it('is refused every write that moves something public with 403 not-a-member, and nothing changes', async () => {
    const before = await db.get('');
    // Five throwaway accounts, as in the issue: none moves Ana's follower count.
    for (let n = 1; n <= 5; n++) {
      const uid = `rm-throwaway${String(n)}-${run}`;
      for (const { write, path, method, json } of WRITES) {
        const response = await call(path().replace('SELF', uid), {
          method,
          token: providerToken(uid),
          ...(json === undefined ? {} : { json }),
        });
        expect(response.status, write).toBe(403);
        expect(await response.json<ApiErrorBody>(), write).toEqual({
          error: { code: 'not-a-member', message: NOT_A_MEMBER_MESSAGE },
        });
      }
      const picture = await call('/api/users/me/images/avatar', { method: 'PUT', token: providerToken(uid) });
      expect(picture.status, 'picture').toBe(403);
      expect((await picture.json<ApiErrorBody>()).error.code, 'picture').toBe('not-a-member');
    }
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(2);
    expect(await db.get(`posts/${anaPost}/likes`)).toBe(0);
    expect(await db.get('')).toEqual(before);
  });

  it('still reads: the refusal is for writes only', async () => {
    const uid = `rm-reader-${run}`;
    const response = await call(`/api/follows/user/${ANA}`, { token: providerToken(uid) });
    expect(response.status).toBe(200);
  });

  it('writes once it has signed up, without waiting for anything to expire', async () => {
    const uid = `rm-latecomer-${run}`;
    const token = providerToken(uid);
    expect((await call(`/api/follows/user/${ANA}`, { method: 'PUT', token })).status).toBe(403);
    const signedUp = await call('/api/accounts', {
      method: 'POST',
      token,
      json: { username: `late_${run}`.slice(0, 20) },
    });
    expect(signedUp.status).toBe(201);
    expect((await call(`/api/follows/user/${ANA}`, { method: 'PUT', token })).status).toBe(200);
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(3);
    expect((await call(`/api/follows/user/${ANA}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(2);
  });
});

describe('members', () => {
  it('a guest made as anon-auth makes it follows, likes and answers, and the counts move', async () => {
    const uid = `rmguest${run}`;
    await createGuestAccount(db, uid);
    const token = providerToken(uid, `${uid}@${GUEST_EMAIL_DOMAIN}`);
    expect((await call(`/api/follows/user/${ANA}`, { method: 'PUT', token })).status).toBe(200);
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(3);
    expect((await call(`/api/likes/post/${anaPost}`, { method: 'PUT', token })).status).toBe(200);
    expect(await db.get(`posts/${anaPost}/likes`)).toBe(1);
    const answer = await call(`/api/suggestions/${GAME}`, { method: 'PUT', token, json: { success: 'yes' } });
    expect(answer.status).toBe(200);
    for (const [path, method] of [
      [`/api/follows/user/${ANA}`, 'DELETE'],
      [`/api/likes/post/${anaPost}`, 'DELETE'],
    ] as const)
      expect((await call(path, { method, token })).status).toBe(200);
    expect(await db.get(`users/${ANA}/public/follows`)).toBe(2);
  });

  it('a member pays one read for the check on their first write in an isolate, and none after', async () => {
    const uid = `rm-member-${run}`;
    await db.patch('', { [`users/${uid}/public`]: { uuid: uid, username: `member_${run}`, follows: 0 } });
    const memberCheck = `users/${uid}/public/username`;
    const follow = async (method: string) => {
      requests.length = 0;
      expect((await call(`/api/follows/game/${GAME}`, { method, uid })).status).toBe(200);
      return {
        checks: requests.filter((request) => request.path.includes(memberCheck)).length,
        rounds: sequentialRounds(requests),
      };
    };
    const first = await follow('PUT');
    const second = await follow('DELETE');
    const third = await follow('PUT');
    expect(first.checks).toBe(1);
    expect(second.checks).toBe(0);
    expect(third.checks).toBe(0);
    // The first write waits one round for the check; a repeat of the same write does not.
    expect(first.rounds).toBe(third.rounds + 1);
  });
});
