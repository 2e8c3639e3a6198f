import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isApiErrorCode } from '../shared/api/error-codes.ts';
import { ERROR_MESSAGES, type ApiErrorCode } from '../shared/errors.ts';
import { Refusal } from '../shared/refusal.ts';
import { MAX_HIDDEN_TAGS } from '../shared/schemas/hidden-tags.ts';
import { UnknownGamesError } from '../shared/transitions/editor-games.ts';
import { EditConflictError } from '../shared/transitions/editor-revision.ts';
import { TransitionBusyError } from '../shared/transitions/gated-transition.ts';
import { HiddenTagsFullError } from '../shared/transitions/hidden-tags.ts';
import { kindMismatch, targetMissing, TransitionRefused } from '../shared/transitions/transition-refused.ts';
import { apiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';
import { createApp } from './app.ts';
import { unsignedEmulatorToken } from './auth/id-token-test-keys.ts';
import { RegistrationRefused } from './auth/register-account.ts';
import { FeedUnavailable } from './feed/call-feed.ts';
import { SearchUnavailable } from './search/call-search.ts';
import { onError } from './on-error.ts';
import { testEnv } from './test-support/test-database.ts';

// Every error the API answers carries a code of the shared union (shared/errors.ts), which the browser
// reads: at compile time apiError() takes nothing else, and at run time each kind of failure is checked.
const env = testEnv();
const app = createApp();
const bearer = `Bearer ${unsignedEmulatorToken('ana', { firebase: { sign_in_provider: 'password', identities: {} } })}`;

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://questline.test${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function errorCode(response: Response): Promise<unknown> {
  const body = await response.json<{ error?: { code?: unknown; message?: unknown } }>();
  expect(typeof body.error?.message).toBe('string');
  return body.error?.code;
}

describe('API error codes', () => {
  it('are a closed union: apiError() takes only its members', () => {
    expectTypeOf(apiError).parameter(1).toEqualTypeOf<ApiErrorCode>();
    // @ts-expect-error a code outside the union does not compile
    expect(() => apiError(400, 'made-up-code')).not.toThrow();
    expect(isApiErrorCode('made-up-code')).toBe(false);
    expect(isApiErrorCode('not-found')).toBe(true);
  });

  it.each([
    ['an unknown endpoint', '/api/no-such-thing', {}, 404, 'not-found'],
    ['an invalid username', '/api/accounts/usernames/%20', {}, 400, 'invalid-input'],
    ['a missing ID token', '/api/me', {}, 401, 'unauthenticated'],
    [
      'a body over the limit',
      '/api/posts',
      {
        method: 'POST',
        headers: { Authorization: bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ targetType: 'game', targetId: 'hades', content: 'x'.repeat(20_000) }),
      },
      413,
      'payload-too-large',
    ],
    [
      // ana has no member record: refused before the profile is looked at (worker/auth/require-member.ts).
      'a write by an account that never registered',
      '/api/profiles/someone-else',
      {
        method: 'PATCH',
        headers: { Authorization: bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ brief: 'Not mine' }),
      },
      403,
      'not-a-member',
    ],
  ] as const)('answers %s with a code of the union', async (_case, path, init, status, code) => {
    const response = await send(path, init);
    expect(response.status).toBe(status);
    const answered = await errorCode(response);
    expect(answered).toBe(code);
    expect(isApiErrorCode(answered)).toBe(true);
  });

  it('answers an unexpected failure with the default code and no detail', async () => {
    const failing = new Hono<AppEnv>()
      .get('/api/boom', () => {
        throw new Error('database at https://secret.example answered 500');
      })
      .onError(onError);
    const response = await failing.request('/api/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret.example');
    const code = (JSON.parse(text) as { error: { code: unknown } }).error.code;
    expect(code).toBe('default');
    expect(isApiErrorCode(code)).toBe(true);
  });
});

/** An app whose one route throws `error`, answered by the one error handler. */
function throwing(error: unknown, path = '/api/refused'): Promise<Response> {
  const app = new Hono<AppEnv>()
    .all('*', () => {
      throw error;
    })
    .onError(onError);
  return Promise.resolve(app.request(path, { method: 'POST' }));
}

// Each domain refusal names its answer where it is thrown (shared/refusal.ts); no endpoint maps it. These
// are the answers the endpoints gave when they mapped them by hand, word for word.
describe('refusals', () => {
  const secret = 'users/ana-uid at https://secret.example';
  it.each([
    ['a missing target', targetMissing('game', 'hades'), 404, 'not-found', 'That game does not exist.'],
    [
      'another kind than recorded',
      kindMismatch('game', 'user', 'hades'),
      409,
      'kind-mismatch',
      'That is not a user.',
    ],
    [
      'a member who blocked the caller',
      new TransitionRefused('blocked', 'You cannot comment here.', secret),
      403,
      'forbidden',
      'You cannot comment here.',
    ],
    [
      'a gate that stayed busy',
      new TransitionBusyError(secret),
      409,
      'busy',
      'This is changing right now. Please try again.',
    ],
    [
      'one hidden tag too many',
      new HiddenTagsFullError(secret),
      400,
      'invalid-input',
      `You can hide at most ${String(MAX_HIDDEN_TAGS)} tags. Show one again first.`,
    ],
    [
      'games the catalogue lacks',
      new UnknownGamesError(['a', 'b', 'c', 'd', 'e', 'f', 'g']),
      400,
      'invalid-input',
      'No game with the id a, b, c, d, e and 2 more.',
    ],
    [
      'a save over a newer one',
      new EditConflictError(secret, 3, 4),
      409,
      'edit-conflict',
      'Someone else saved this since you opened it.',
    ],
    [
      'a save over a newer list',
      new EditConflictError(
        secret,
        3,
        4,
        'Someone else saved this list since you opened it: reload to see theirs.',
      ),
      409,
      'edit-conflict',
      'Someone else saved this list since you opened it: reload to see theirs.',
    ],
    [
      'a username someone holds',
      new RegistrationRefused('username-in-use'),
      409,
      'username-in-use',
      ERROR_MESSAGES['username-in-use'],
    ],
    [
      'a second username',
      new RegistrationRefused('already-registered'),
      409,
      'already-registered',
      'This account already has a username.',
    ],
    [
      'a feed function that refused the token',
      new FeedUnavailable(401, secret),
      401,
      'unauthenticated',
      'Please sign in.',
    ],
    [
      'a feed function that failed',
      new FeedUnavailable(503, secret),
      503,
      'unavailable',
      'Your feed is not available just now. Please try again in a moment.',
    ],
    [
      'a search function that failed',
      new SearchUnavailable(502, secret),
      502,
      'unavailable',
      'Search is not available just now. Please try again in a moment.',
    ],
  ] as const)(
    'answer %s with its status, code and words, never its detail',
    async (_case, error, status, code, message) => {
      expect(error).toBeInstanceOf(Refusal);
      const response = await throwing(error);
      expect(response.status).toBe(status);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      const text = await response.text();
      // The whole body: nothing of the detail (the Error's message, for the logs) is answered.
      expect(JSON.parse(text)).toEqual({ error: { code, message } });
      expect(text).not.toContain('secret.example');
    },
  );

  it('answer with their headers, and answer on any path the same way', async () => {
    const refusal = new Refusal(503, 'unavailable', {
      message: 'Search is not available just now.',
      detail: secret,
      headers: { 'Retry-After': '5' },
    });
    for (const path of ['/api/refused', '/games/hades']) {
      const response = await throwing(refusal, path);
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('5');
      expect(await response.json()).toEqual({
        error: { code: 'unavailable', message: 'Search is not available just now.' },
      });
    }
  });

  it('answer in the catalogue’s words when they bring none', async () => {
    const response = await throwing(new Refusal(409, 'username-in-use', { detail: secret }));
    expect(await response.json()).toEqual({
      error: { code: 'username-in-use', message: ERROR_MESSAGES['username-in-use'] },
    });
  });

  it('leave any other error a generic 500 that says nothing of it', async () => {
    // An error that looks like a refusal (a status, a code, words) but is not one answers nothing it carries.
    const lookalike = Object.assign(new Error(secret), {
      status: 404,
      code: 'not-found',
      userMessage: 'That game does not exist.',
    });
    const response = await throwing(lookalike);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'default', message: ERROR_MESSAGES.default } });
    expect(text).not.toContain('secret.example');
  });
});
