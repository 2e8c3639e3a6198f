import type { hc, InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { SearchAnswer } from '../../shared/schemas/search.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { searchCaller, SearchUnavailable } from '../search/call-search.ts';
import { requestApp } from '../test-support/page-request.ts';
import { testEnv } from '../test-support/test-database.ts';
import type { api } from './index.ts';

// GET /api/search against the real `http-doSearch` callable (functions/src/search/callable-test-server.ts: the
// function's own code behind firebase-functions' onCall wrapper, over a database emulator), and against
// stand-ins for a function failing in the ways a real one can.

/** The route's answer, as the browser's client sees it, is the callable's (checked by the compiler). */
type SearchRoute = ReturnType<typeof hc<typeof api>>['search']['$get'];
const answersTheContract: InferResponseType<SearchRoute, 200> extends SearchAnswer ? true : false = true;

/** The leaked text the stand-ins answer with (functions/src/search/callable-test-server.ts). */
const LEAKY_UPSTREAM_TEXT = 'ECONNREFUSED 10.0.0.7:443 at /workspace/lib/index.js:12:9';

const env = testEnv({ FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
const standIn = (failure: string) => `${inject('searchFunctionsOrigin')}/stand-in-${failure}/us-central1`;
const searchDatabase = createRtdbClient({
  databaseUrl: inject('searchDatabaseUrl'),
  namespace: inject('searchDatabaseNamespace'),
  credential: { kind: 'emulatorOwner' },
});

/** One search through the Worker; each test asks its own questions, so the edge cache never answers for another. */
async function search(query: string, environment: Env = env) {
  const { response, body } = await requestApp(environment, `/api/search?${query}`);
  return { response, json: JSON.parse(body) as unknown };
}

beforeAll(async () => {
  const games: Record<string, unknown> = {};
  for (let n = 1; n <= 30; n++)
    games[`games/quest-of-ages-${String(n)}`] = {
      name: `Quest of Ages ${String(n)}`,
      deeplink_url_code: `quest-of-ages-${String(n)}`,
      follows: 0,
      weighted_index: n,
    };
  await searchDatabase.patch('', {
    ...games,
    'games/hollow-knight': {
      name: 'Hollow Knight',
      deeplink_url_code: 'hollow-knight',
      icon: 'https://cdn.example/hollow-knight.jpg',
      follows: 0,
      weighted_index: 40_000,
    },
    'games/hollow-knight-silksong': {
      name: 'Hollow Knight: Silksong™',
      deeplink_url_code: 'hollow-knight-silksong',
      follows: 0,
      weighted_index: 10,
    },
    'users_public/uid-rosa': { username: 'rosa_runs' },
  });
});

describe('GET /api/search', () => {
  it('answers the callable’s shape: games and members with their name, link and picture, best match first', async () => {
    expect(answersTheContract).toBe(true);
    const { response, json } = await search('q=hollow%20kn');
    expect(response.status).toBe(200);
    expect(json).toEqual({
      success: true,
      results: [
        {
          _type: 'game',
          _id: 'hollow-knight',
          name: 'Hollow Knight',
          link: '/game/hollow-knight',
          image: 'https://cdn.example/hollow-knight.jpg',
        },
        {
          _type: 'game',
          _id: 'hollow-knight-silksong',
          name: 'Hollow Knight: Silksong™',
          link: '/game/hollow-knight-silksong',
        },
      ],
    });
    expect((await search('q=ROSA')).json).toEqual({
      success: true,
      results: [{ _type: 'user', _id: 'uid-rosa', name: 'rosa_runs', link: '/user/rosa_runs' }],
    });
  });

  it('answers as many results as asked for, and never more than 25', async () => {
    const few = await search('q=quest%20of&limit=3');
    expect((few.json as SearchAnswer).results.map((result) => result.name)).toEqual([
      'Quest of Ages 30',
      'Quest of Ages 29',
      'Quest of Ages 28',
    ]);
    expect((await search('q=quest%20of%20ages&limit=100000')).json).toMatchObject({
      results: { length: 25 },
    });
    expect((await search('q=quest')).json).toMatchObject({ results: { length: 25 } });
  });

  it('lets browsers and the edge keep an answer for a few seconds, since it is the same for everyone', async () => {
    const first = await search('q=silksong');
    expect(first.response.headers.get('Cache-Control')).toBe('public, max-age=10');
    // Asked again while the function fails: the edge's copy answers.
    const again = await search('q=silksong', { ...env, FUNCTIONS_BASE_URL: standIn('failing') });
    expect(again.response.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it('finds a member who has just signed up', async () => {
    await searchDatabase.patch('', { 'users_public/uid-nova': { username: 'nova_speedruns' } });
    let found = false;
    for (let attempt = 0; attempt < 50 && !found; attempt++) {
      const { json } = await search(`q=nova_speed&attempt=${String(attempt)}`);
      found = (json as SearchAnswer).results.some((result) => result.name === 'nova_speedruns');
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toBe(true);
  });

  it('answers 400 for an empty, blank, missing or overlong query or a bad limit, without calling search', async () => {
    // The failing stand-in would answer 502: a 400 shows the request was refused before any call.
    const failing = { ...env, FUNCTIONS_BASE_URL: standIn('failing') };
    for (const query of [
      'q=',
      'q=%20%20%20',
      '',
      `q=${'x'.repeat(101)}`,
      'q=portal&limit=0',
      'q=portal&limit=-1',
      'q=portal&limit=2.5',
      'q=portal&limit=ten',
      'q=portal&limit=',
    ]) {
      const { response, json } = await search(query, failing);
      expect(response.status, query).toBe(400);
      expect((json as ApiErrorBody).error.code, query).toBe('invalid-input');
    }
    const empty = (await search('q=', failing)).json as ApiErrorBody;
    expect(empty.error.fields).toEqual({ q: 'Type a game or member name to search for.' });
    const long = (await search(`q=${'y'.repeat(101)}`, failing)).json as ApiErrorBody;
    expect(long.error.fields).toEqual({ q: 'Type at most 100 characters.' });
  });

  it('answers 502 or 503 in its own words when the search function fails, leaking nothing of it', async () => {
    for (const [failure, status] of [
      ['failing', 502],
      ['wrong-shape', 502],
      ['garbled', 502],
      ['unavailable', 503],
    ] as const) {
      const { response, json } = await search(`q=failure-${failure}`, {
        ...env,
        FUNCTIONS_BASE_URL: standIn(failure),
      });
      expect(response.status, failure).toBe(status);
      expect(json, failure).toEqual({
        error: {
          code: 'unavailable',
          message: 'Search is not available just now. Please try again in a moment.',
        },
      });
      expect(response.headers.get('Cache-Control'), failure).toBe('no-store');
      expect(JSON.stringify(json)).not.toContain('ECONNREFUSED');
    }
    // Nothing listens there.
    const unreachable = await search('q=unreachable', { ...env, FUNCTIONS_BASE_URL: 'http://127.0.0.1:9/x' });
    expect(unreachable.response.status).toBe(503);
    expect(JSON.stringify(unreachable.json)).not.toContain(LEAKY_UPSTREAM_TEXT);
  });

  it('gives up on a function that does not answer in time (70 s; here less)', async () => {
    const callSearch = searchCaller({ functionsBaseUrl: standIn('silent'), timeoutMs: 200 });
    const error: unknown = await callSearch({ name: 'portal', limit: 25 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SearchUnavailable);
    expect(error).toMatchObject({ status: 503, message: 'search timed out' });
  });
});
