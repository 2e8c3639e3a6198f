import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isApiErrorCode } from '../shared/api/error-codes.ts';
import type { ApiErrorCode } from '../shared/errors.ts';
import { apiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';
import { createApp } from './app.ts';
import { unsignedEmulatorToken } from './auth/id-token-test-keys.ts';
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
      'a change of someone else’s profile',
      '/api/profiles/someone-else',
      {
        method: 'PATCH',
        headers: { Authorization: bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ brief: 'Not mine' }),
      },
      403,
      'forbidden',
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
