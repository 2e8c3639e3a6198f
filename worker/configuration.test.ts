import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurationProblems, usesEmulators } from './configuration.ts';
import worker from './index.ts';
import { testEnv } from './test-support/test-database.ts';

/** What `wrangler deploy` ships from the top level of wrangler.toml, once its secrets are set. */
const production: Env = {
  ...env,
  FIREBASE_PROJECT_ID: 'questline-prod',
  FIREBASE_API_KEY: 'AIzaSyExampleExampleExampleExample123',
  FIREBASE_DATABASE_URL: 'https://questline-prod-default-rtdb.firebaseio.com',
  FIREBASE_DATABASE_NAMESPACE: 'questline-prod-default-rtdb',
  FUNCTIONS_BASE_URL: 'https://us-central1-questline-prod.cloudfunctions.net',
  FIREBASE_EMULATORS: undefined,
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  FIREBASE_SERVICE_ACCOUNT: '{"type":"service_account"}',
  WORKER_FUNCTIONS_SECRET: '5f0c1e9a7b3d2c8e4a6f1b0d9c7e2a4b',
  ANALYTICS_SINK: 'analytics-engine',
};

/** A request to the deployed entry point (the app behind the configuration check). */
async function get(path: string, bindings: Env) {
  const ctx = createExecutionContext();
  // A test's Request carries no `cf` properties; the entry point's type asks for the incoming ones.
  const request = new Request(`http://questline.test${path}`) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const response = await worker.fetch(request, bindings, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('configuration check', () => {
  it('finds nothing wrong with the local environment or a complete production one', () => {
    expect(configurationProblems(testEnv())).toEqual([]);
    expect(configurationProblems(production)).toEqual([]);
    expect(usesEmulators(testEnv())).toBe(true);
    expect(usesEmulators(production)).toBe(false);
  });

  it.each<[string, Partial<Env>, RegExp]>([
    ['the emulator flag on a real project', { FIREBASE_EMULATORS: 'true' }, /needs a demo- project/],
    [
      'the emulator flag with a remote database',
      { FIREBASE_EMULATORS: 'true', FIREBASE_PROJECT_ID: 'demo-questline' },
      /needs a loopback FIREBASE_DATABASE_URL/,
    ],
    [
      'a placeholder API key',
      { FIREBASE_API_KEY: 'set-in-dashboard' },
      /FIREBASE_API_KEY still holds a placeholder/,
    ],
    ['an empty project id', { FIREBASE_PROJECT_ID: '' }, /FIREBASE_PROJECT_ID is not set/],
    [
      'the loopback database in production',
      { FIREBASE_DATABASE_URL: 'http://127.0.0.1:9000' },
      /https address/,
    ],
    [
      'a demo- project in production',
      { FIREBASE_PROJECT_ID: 'demo-questline' },
      /exists only in the emulators/,
    ],
    [
      'the Auth emulator host in production',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      /outside the emulators/,
    ],
    [
      'no service account in production',
      { FIREBASE_SERVICE_ACCOUNT: undefined },
      /FIREBASE_SERVICE_ACCOUNT is not set/,
    ],
    [
      'no secret for the functions only the Worker may call',
      { WORKER_FUNCTIONS_SECRET: '' },
      /WORKER_FUNCTIONS_SECRET is not set/,
    ],
    [
      'a guessable secret for those functions in production',
      { WORKER_FUNCTIONS_SECRET: 'local-worker-functions-secret' },
      /WORKER_FUNCTIONS_SECRET is too short/,
    ],
    ['an unknown emulator flag', { FIREBASE_EMULATORS: 'yes' }, /must be "true" or "false"/],
    ['a database URL that is no URL', { FIREBASE_DATABASE_URL: 'rtdb' }, /not a URL/],
  ])('reports %s', (_kind, change, problem) => {
    expect(configurationProblems({ ...production, ...change }).join('; ')).toMatch(problem);
  });

  it.each<[string, Partial<Env>]>([
    ['a real project', { FIREBASE_PROJECT_ID: 'questline-prod' }],
    ['a remote database', { FIREBASE_DATABASE_URL: 'https://questline-prod-default-rtdb.firebaseio.com' }],
    [
      'a database host that only starts like loopback',
      { FIREBASE_DATABASE_URL: 'http://127.0.0.1.evil.example:9000' },
    ],
  ])('does not run against the emulators with %s, whatever the flag says', (_kind, change) => {
    expect(usesEmulators(testEnv({ FIREBASE_EMULATORS: 'true', ...change }))).toBe(false);
  });
});

describe('the deployed Worker', () => {
  it('serves normally with consistent settings', async () => {
    const { response } = await get('/api/no-such-endpoint', testEnv());
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each<[string, Partial<Env>]>([
    ['emulator settings on the production project', { FIREBASE_EMULATORS: 'true' }],
    ['a placeholder left in', { FIREBASE_API_KEY: 'set-in-dashboard' }],
    ['production pointed at the loopback emulator', { FIREBASE_DATABASE_URL: 'http://127.0.0.1:9000' }],
  ])('answers every request with a plain 503 and logs why, given %s', async (_kind, change) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bindings = { ...production, ...change };
    for (const path of ['/', '/game/portal-2', '/api/me']) {
      const { response, body } = await get(path, bindings);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(body).toBe('Questline is not available right now. Please try again later.');
      expect(body).not.toMatch(/FIREBASE|127\.0\.0\.1|set-in-dashboard/);
    }
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/misconfigured/);
  });
});
