import { describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { testEnv } from '../test-support/test-database.ts';

// POST /api/functions/anon-auth against the real anon-auth handler (functions/src/search/
// callable-test-server.ts serves it, with the secret it hands these tests), which answers the Worker
// only. The function's own refusal of a call without the secret is tested beside it
// (functions/src/anon-auth-function.test.ts); the whole path with the Functions and Auth emulators by
// the guest browser tests (tests/e2e/auth/guest.spec.ts).

const env = testEnv({
  FUNCTIONS_BASE_URL: inject('anonAuthFunctionsBaseUrl'),
  WORKER_FUNCTIONS_SECRET: inject('anonAuthWorkerSecret'),
});
const device = (n: number) => ({
  domain_uri: 'http://questline.test',
  accessId: `proxy-device-${String(n)}`,
  accessKey: 'k'.repeat(32),
});

describe('a guest signing in through the Worker', () => {
  it('reaches anon-auth with the Worker’s secret and gets the token it answers', async () => {
    const response = await apiCaller(env)('/api/functions/anon-auth', {
      method: 'POST',
      address: '192.0.2.81',
      json: device(1),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      success: true,
      token: expect.stringMatching(/^custom-token-for:/) as unknown,
    });
  });

  it('is "not available" (never "access denied", which makes a device forget its key) when the function refuses the Worker’s secret', async () => {
    const misconfigured = { ...env, WORKER_FUNCTIONS_SECRET: 'not-the-functions-secret-0000000000' };
    const response = await apiCaller(misconfigured)('/api/functions/anon-auth', {
      method: 'POST',
      address: '192.0.2.82',
      json: device(2),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'Signing in is not available just now. Please try again in a moment.',
      },
    });
  });

  it('is "not available" when the function does not answer in time', async () => {
    const silent = {
      ...env,
      FUNCTIONS_BASE_URL: `${inject('searchFunctionsOrigin')}/stand-in-silent/us-central1`,
    };
    // The Worker waits 70 s for a function when deployed; here a moment.
    const response = await apiCaller(silent, createApp({ functionsTimeoutMs: 100 }))(
      '/api/functions/anon-auth',
      {
        method: 'POST',
        address: '192.0.2.83',
        json: device(3),
      },
    );
    expect(response.status).toBe(503);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('unavailable');
  });
});
