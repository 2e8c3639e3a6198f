import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { requestApp } from '../test-support/page-request.ts';
import { hydrationData } from '../test-support/page-state.ts';
import { testEnv } from '../test-support/test-database.ts';

// The results page (/search?q=): rendered by the Worker with the same search as GET /api/search (the
// real `http-doSearch` callable of functions/src/search/callable-test-server.ts), complete before any script runs.

const env = testEnv({ FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
const searchDatabase = createRtdbClient({
  databaseUrl: inject('searchDatabaseUrl'),
  namespace: inject('searchDatabaseNamespace'),
  credential: { kind: 'emulatorOwner' },
});

const page = (path: string, environment: Env = env) => requestApp(environment, path);

beforeAll(async () => {
  await searchDatabase.patch('', {
    'games/stardew-valley': {
      name: 'Stardew Valley',
      deeplink_url_code: 'stardew-valley',
      icon: 'https://cdn.example/stardew.jpg',
      follows: 0,
      weighted_index: 121_978,
    },
    'games/starbound': {
      name: 'Starbound',
      deeplink_url_code: 'starbound',
      follows: 0,
      weighted_index: 60_000,
    },
    'users_public/uid-star': { username: 'star_gazer' },
  });
});

describe('the search results page', () => {
  it('lists each game and member found, linked, with its picture, in the server’s HTML', async () => {
    const { response, body } = await page('/search?q=star');
    expect(response.status).toBe(200);
    expect(body).toContain('<h1 id="search-page-title">Results for “star”</h1>');
    expect(body).toContain('3 results for “star”.');
    const links = [
      ...body.matchAll(
        /<a [^>]*class="search-result"[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*class="search-result"/g,
      ),
    ].map((match) => match[1] ?? match[2]);
    expect(links).toEqual(['/game/stardew-valley', '/game/starbound', '/user/star_gazer']);
    expect(body).toContain('src="https://cdn.example/stardew.jpg"');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    // The page state the browser hydrates with holds the same results.
    const state = hydrationData(body) as { loaderData: Record<string, { results: { link: string }[] }> };
    expect(state.loaderData.search?.results.map((result) => result.link)).toEqual(links);
  });

  it('says so when nothing matches, and when nothing was typed', async () => {
    const none = await page('/search?q=zzqqxx');
    expect(none.response.status).toBe(200);
    expect(none.body).toContain('No games or members match “zzqqxx”.');
    const empty = await page('/search?q=%20%20');
    expect(empty.response.status).toBe(200);
    expect(empty.body).toContain('<h1 id="search-page-title">Search</h1>');
    expect(empty.body).toContain('Type the name of a game or a member to search for it.');
    expect((await page('/search')).body).toContain('Type the name of a game or a member to search for it.');
  });

  it('refuses an overlong query with 400 without repeating it, and says so when search fails', async () => {
    const long = await page(`/search?q=${'<b>'.repeat(40)}`);
    expect(long.response.status).toBe(400);
    expect(long.body).toContain('That is too long to be a name: type at most 100 characters.');
    expect(long.body).not.toContain('&lt;b&gt;&lt;b&gt;');

    const failing = await page('/search?q=stardew', {
      ...env,
      FUNCTIONS_BASE_URL: `${inject('searchFunctionsOrigin')}/stand-in-failing/us-central1`,
    });
    expect(failing.response.status).toBe(503);
    expect(failing.body).toContain('Search is not available just now. Please try again in a moment.');
    expect(failing.body).not.toContain('ECONNREFUSED');
  });
});
