import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { feedCaller, FeedUnavailable } from '../feed/call-feed.ts';
import { requestApp } from '../test-support/page-request.ts';
import { testEnv } from '../test-support/test-database.ts';

// GET /api/feed, the Worker's proxy of the `http-getFeed` function, against labelled stand-ins of the
// function (tests/setup/feed-function-stand-ins.ts): one that answers a page and says what it was sent,
// and others failing in the ways a real one can. The function's own logic is tested against the database
// emulator (functions/src/feed/get-feed.test.ts).

const LEAKY_UPSTREAM_TEXT = 'ECONNREFUSED 10.0.0.7:443';
const standIn = (kind: string) => `${inject('feedFunctionsOrigin')}/stand-in-${kind}/us-central1`;
const env = testEnv({ FIREBASE_EMULATORS: 'true', FUNCTIONS_BASE_URL: standIn('echo') });
const token = unsignedEmulatorToken('uid-mira', {
  firebase: { sign_in_provider: 'password', identities: {} },
});

async function feed(query: string, options: { signedIn?: boolean; functions?: string } = {}) {
  const environment = options.functions ? { ...env, FUNCTIONS_BASE_URL: standIn(options.functions) } : env;
  const headers: Record<string, string> =
    options.signedIn === false ? {} : { Authorization: `Bearer ${token}` };
  const { response, body } = await requestApp(environment, `/api/feed${query}`, {}, { headers });
  return { response, json: JSON.parse(body) as unknown };
}

describe('GET /api/feed', () => {
  it('answers the function’s page, asked with the member’s ID token, never kept by a cache', async () => {
    const { response, json } = await feed('?limit=5&cursor=1936774200000.-Nabc_1');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const page = json as { posts: { content: string }[]; nextCursor: string };
    expect(page.nextCursor).toBe('1936774200000.post-echo');
    expect(JSON.parse(page.posts[0]?.content ?? '')).toEqual({
      authorization: `Bearer ${token}`,
      data: { data: { cursor: '1936774200000.-Nabc_1', limit: 5 } },
    });
    // Without a query: the first page of 10.
    const first = (await feed('')).json as { posts: { content: string }[] };
    expect(JSON.parse(first.posts[0]?.content ?? '')).toMatchObject({ data: { data: { limit: 10 } } });
  });

  it('answers 401 to a visitor without a token or with a forged one, calling nothing', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const { response, body } = await requestApp(env, '/api/feed', {}, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect((JSON.parse(body) as ApiErrorBody).error).toMatchObject({
        code: 'unauthenticated',
        message: 'Please sign in.',
      });
    }
  });

  it('answers 400 for a cursor or a limit it did not give, without calling the function', async () => {
    for (const query of [
      '?cursor=',
      '?cursor=..%2F..%2Fusers',
      '?cursor=12.a%2Fb',
      '?cursor=abc.post',
      '?limit=0',
      '?limit=26',
      '?limit=2.5',
      '?limit=-3',
      '?limit=ten',
      '?limit=',
    ]) {
      // The failing stand-in would answer 502: a 400 shows the request was refused before any call.
      const { response, json } = await feed(query, { functions: 'failing' });
      expect(response.status, query).toBe(400);
      expect(response.headers.get('Cache-Control'), query).toBe('private, no-store');
      expect((json as ApiErrorBody).error.code, query).toBe('invalid-input');
    }
  });

  it('answers 502 or 503 in its own words when the function fails, leaking nothing of it', async () => {
    for (const [kind, status] of [
      ['failing', 502],
      ['wrong-shape', 502],
      ['garbled', 502],
      ['unavailable', 503],
    ] as const) {
      const { response, json } = await feed('', { functions: kind });
      expect(response.status, kind).toBe(status);
      expect(json, kind).toEqual({
        error: {
          code: 'unavailable',
          message: 'Your feed is not available just now. Please try again in a moment.',
        },
      });
      expect(response.headers.get('Cache-Control'), kind).toBe('private, no-store');
      expect(JSON.stringify(json)).not.toContain(LEAKY_UPSTREAM_TEXT);
    }
    const unreachable = await feed('', { functions: 'nowhere' });
    expect(unreachable.response.status).toBe(502);
    const closed = await requestApp(
      { ...env, FUNCTIONS_BASE_URL: 'http://127.0.0.1:9/x' },
      '/api/feed',
      {},
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(closed.response.status).toBe(503);
  });

  it('asks the member to sign in again when the function refuses their token', async () => {
    const { response, json } = await feed('', { functions: 'unauthenticated' });
    expect(response.status).toBe(401);
    expect((json as ApiErrorBody).error.code).toBe('unauthenticated');
  });

  it('gives up on a function that does not answer in time (70 s; here less)', async () => {
    const callFeed = feedCaller({ functionsBaseUrl: standIn('silent'), timeoutMs: 200 });
    const error: unknown = await callFeed(token, { limit: 10 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(FeedUnavailable);
    expect(error).toMatchObject({ status: 503, message: 'home feed timed out' });
  });
});
