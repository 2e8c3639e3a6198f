import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { createApp, type AppOptions } from '../app.ts';
import { TEST_NOW } from '../auth/id-token-test-keys.ts';
import { requestApp, uncached, urlOf } from '../test-support/page-request.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

const env = testEnv();

/** Three URLs a child: seven games make three children. */
const PAGE_SIZE = 3;

/** A request that reads the database (no edge cache), with small sitemap children. */
const request = (path: string, options: AppOptions = {}) =>
  requestApp(env, path, { sitemapPageSize: PAGE_SIZE, ...options }, uncached);

const GAMES = ['1849', 'celeste', 'dead-cells', 'hades', 'half-life-2', 'portal-2', 'zork'];

/**
 * Miniflare's limiter counts in windows aligned to the clock's minutes: a burst that straddled two would
 * be counted half in each, so a test of a limit starts its burst with enough of the window left.
 */
async function withWindowAhead(neededMs = 20_000): Promise<void> {
  const windowMs = 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/** Every `<loc>` of a sitemap or sitemap index, entities decoded. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => (loc ?? '').replaceAll('&amp;', '&'));
}

/**
 * The documents are well-formed and as the protocol says: the declaration, the namespace, one element
 * per entry, and no `&` or `<` that is not part of markup or an entity.
 */
function expectValidSitemap(xml: string, root: 'urlset' | 'sitemapindex'): void {
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  const text = '(?:[^<>&"\']|&(?:amp|lt|gt|quot|apos);)*';
  const document = new RegExp(
    `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<${root} xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\\n` +
      `(?:<${entry}><loc>https?://${text}</loc></${entry}>\\n?)*` +
      `\\n?</${root}>\\n$`,
  );
  expect(xml).toMatch(document);
}

/** Every URL the sitemaps list, child after child, as a crawler would gather them from the index. */
async function crawl(options: AppOptions = {}): Promise<{ children: string[]; pages: string[] }> {
  const index = await request('/sitemap.xml', options);
  expect(index.response.status).toBe(200);
  const children = locs(index.body);
  const pages: string[] = [];
  for (const child of children) {
    const url = new URL(child);
    const { response, body } = await request(`${url.pathname}${url.search}`, options);
    expect(response.status).toBe(200);
    expectValidSitemap(body, 'urlset');
    const urls = locs(body);
    expect(urls.length).toBeLessThanOrEqual(PAGE_SIZE);
    pages.push(...urls);
  }
  return { children, pages };
}

beforeAll(async () => {
  const updates: Record<string, unknown> = {};
  for (const deepLink of GAMES) updates[`games/${deepLink}`] = testGame(deepLink, `Game ${deepLink}`);
  // Firebase allows `&` in a key, but no page has such a deep link: it is left out, not escaped into a 404.
  updates['games/tom-&-jerry'] = testGame('tom-and-jerry', 'Tom & Jerry');
  updates['events/game-fest-2031'] = { name: 'Game Fest 2031', deeplink_url_code: 'game-fest-2031' };
  updates['events/indie-week'] = { name: 'Indie Week', deeplink_url_code: 'indie-week' };
  // 85 games: three pages of 40.
  updates['lists-public/long-list'] = { name: 'A long list', game_count: 85 };
  updates['lists-public/short-list'] = { name: 'A short list', game_count: 3 };
  updates['lists-public/empty-list'] = { name: 'An empty list', game_count: 0 };
  const member = (username: string) => ({ username });
  updates['users_public/uid-ana'] = member('ana_roguelites');
  updates['users/uid-ana/private'] = { email: 'ana@private.example' };
  updates['users_public/uid-ben'] = member('ben_pixels');
  updates['profiles/uid-ben'] = { sourceUUID: 'uid-ben', brief: 'Pixel art.', disabled: false };
  updates['users_public/uid-hidden'] = member('hidden_member');
  updates['profiles/uid-hidden'] = { sourceUUID: 'uid-hidden', brief: 'Hidden.', disabled: true };
  updates['users_public/uid-web'] = member('web-AbCdEf12');
  await ownerDatabase(env).patch('', updates);
});

describe('sitemap index', () => {
  it('lists the home page and children of at most the page size for each kind of public page', async () => {
    const { response, body } = await request('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expectValidSitemap(body, 'sitemapindex');
    expect(locs(body)).toEqual([
      'http://questline.test/sitemaps/home.xml',
      // Eight game keys in the database's key order (the integer-like `1849` first), three a child.
      'http://questline.test/sitemaps/games.xml',
      'http://questline.test/sitemaps/games.xml?from=hades',
      'http://questline.test/sitemaps/games.xml?from=tom-%26-jerry',
      'http://questline.test/sitemaps/events.xml',
      // The long list's three pages fill a child on their own.
      'http://questline.test/sitemaps/lists.xml',
      'http://questline.test/sitemaps/lists.xml?from=long-list',
      'http://questline.test/sitemaps/lists.xml?from=short-list',
      'http://questline.test/sitemaps/users.xml',
      'http://questline.test/sitemaps/users.xml?from=uid-web',
    ]);
  });

  it('escapes what the protocol requires inside <loc>', async () => {
    const { body } = await request('/sitemap.xml');
    expect(body).toContain('<loc>http://questline.test/sitemaps/games.xml?from=tom-%26-jerry</loc>');
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('is made with one round of database reads', async () => {
    const requests: RtdbRequestRecord[] = [];
    await request('/sitemap.xml', { onDatabaseRequest: (record) => requests.push(record) });
    expect(sequentialRounds(requests)).toBe(1);
    expect(requests).toHaveLength(4);
  });
});

describe('child sitemaps', () => {
  it('list every public page once, in order, across children of at most the page size', async () => {
    const { pages } = await crawl();
    expect(pages).toEqual([
      'http://questline.test/',
      ...GAMES.map((deepLink) => `http://questline.test/game/${deepLink}`),
      'http://questline.test/event/game-fest-2031',
      'http://questline.test/event/indie-week',
      'http://questline.test/lists/games/empty-list',
      'http://questline.test/lists/games/long-list',
      'http://questline.test/lists/games/long-list?page=2',
      'http://questline.test/lists/games/long-list?page=3',
      'http://questline.test/lists/games/short-list',
      'http://questline.test/user/ana_roguelites',
      'http://questline.test/user/ben_pixels',
    ]);
  });

  it('never list a member whose profile is disabled, a guest, or anything of a private section', async () => {
    const { pages } = await crawl();
    const everything = pages.join('\n');
    expect(everything).not.toContain('hidden_member');
    expect(everything).not.toContain('web-AbCdEf12');
    expect(everything).not.toContain('uid-');
    expect(everything).not.toContain('private.example');
  });

  it('still leave out a disabled profile when profiles of members no longer listed come before it', async () => {
    const separate = testEnv();
    await ownerDatabase(separate).patch('', {
      // Profiles left behind by members who are gone sort before the hidden member's.
      'profiles/uid-a1': { sourceUUID: 'uid-a1', brief: 'Gone.' },
      'profiles/uid-a2': { sourceUUID: 'uid-a2', brief: 'Gone.' },
      'profiles/uid-a3': { sourceUUID: 'uid-a3', brief: 'Gone.' },
      'profiles/uid-b': { sourceUUID: 'uid-b', brief: 'Hidden.', disabled: true },
      'users_public/uid-b': { username: 'hidden_member' },
      'users_public/uid-c': { username: 'shown_member' },
    });
    const { body } = await requestApp(
      separate,
      '/sitemaps/users.xml',
      { sitemapPageSize: PAGE_SIZE },
      uncached,
    );
    expect(locs(body)).toEqual(['http://questline.test/user/shown_member']);
  });

  it('read a bounded number of profile pages however many profiles of members no longer listed pile up', async () => {
    const crowded = testEnv();
    const gone = Object.fromEntries(
      Array.from({ length: 40 }, (_, n) => [
        `profiles/uid-a${String(n).padStart(2, '0')}`,
        { sourceUUID: 'gone', brief: 'Gone.' },
      ]),
    );
    await ownerDatabase(crowded).patch('', {
      ...gone,
      'users_public/uid-a-first': { username: 'first_member' },
      'users_public/uid-b': { username: 'past_the_gone' },
    });
    const requests: RtdbRequestRecord[] = [];
    const { response, body } = await requestApp(
      crowded,
      '/sitemaps/users.xml',
      { sitemapPageSize: PAGE_SIZE, onDatabaseRequest: (record) => requests.push(record) },
      uncached,
    );
    expect(response.status).toBe(200);
    // The first page of profiles with the members, then at most four more: a member past what was read
    // is left out rather than listed unchecked.
    expect(requests.filter((record) => record.path === 'profiles').length).toBeLessThanOrEqual(5);
    expect(locs(body)).not.toContain('http://questline.test/user/past_the_gone');
  });

  it('are each one round of database reads of at most the page size', async () => {
    for (const path of ['/sitemaps/games.xml?from=hades', '/sitemaps/users.xml']) {
      const requests: RtdbRequestRecord[] = [];
      const urls: string[] = [];
      const counted: typeof fetch = (input, init) => {
        urls.push(decodeURIComponent(urlOf(input)));
        return fetch(input, init);
      };
      await request(path, {
        onDatabaseRequest: (record) => requests.push(record),
        databaseFetch: counted,
      });
      expect(sequentialRounds(requests), path).toBe(1);
      for (const url of urls) expect(url).toContain(`limitToFirst=${String(PAGE_SIZE)}`);
    }
  });

  it('answer 404 for an unknown kind or a starting key that is not a key', async () => {
    expect((await request('/sitemaps/secrets.xml')).response.status).toBe(404);
    expect((await request('/sitemaps/games.xml?from=..%2Fusers')).response.status).toBe(404);
    expect((await request('/sitemaps/users.xml?from=a%5Bb')).response.status).toBe(404);
    expect((await request(`/sitemaps/games.xml?from=${'a'.repeat(769)}`)).response.status).toBe(404);
  });

  it('answer an empty sitemap past the last page', async () => {
    const { response, body } = await request('/sitemaps/games.xml?from=zzzz');
    expect(response.status).toBe(200);
    expectValidSitemap(body, 'urlset');
    expect(locs(body)).toEqual([]);
  });

  it('answer 503 without the reason when the database fails', async () => {
    const failing: typeof fetch = () =>
      Promise.reject(new Error(`cannot reach ${env.FIREBASE_DATABASE_URL}`));
    for (const path of ['/sitemap.xml', '/sitemaps/games.xml']) {
      const { response, body } = await request(path, { databaseFetch: failing });
      expect(response.status).toBe(503);
      expect(body).not.toContain(env.FIREBASE_DATABASE_URL);
      expect(body).not.toContain('cannot reach');
    }
  });
});

describe('edge cache', () => {
  it('answers the sitemap index again from the cache, without touching the database', async () => {
    const ask = async (options: AppOptions) => {
      const ctx = createExecutionContext();
      // A host of its own, so no other test's cached copy answers.
      const response = await createApp({ sitemapPageSize: PAGE_SIZE, ...options }).request(
        'https://cache-test.questline.test/sitemap.xml',
        {},
        env,
        ctx,
      );
      const body = await response.text();
      await waitOnExecutionContext(ctx);
      return { response, body };
    };
    const miss = await ask({});
    expect(miss.response.headers.get('cache-control')).toBe(
      'public, max-age=3600, stale-while-revalidate=82800',
    );
    const requests: RtdbRequestRecord[] = [];
    const hit = await ask({ onDatabaseRequest: (record) => requests.push(record) });
    expect(hit.response.headers.get('x-questline-cache')).toBe('hit');
    expect(hit.body).toBe(miss.body);
    expect(requests).toEqual([]);
  });
});

describe('the sitemap index at the edge', () => {
  it('keeps no parameter: made-up `from` values are hits of the one stored copy, reading nothing', async () => {
    const host = 'index-parameters.questline.test';
    const ask = async (path: string, onDatabaseRequest?: (record: RtdbRequestRecord) => void) => {
      const ctx = createExecutionContext();
      const response = await createApp({
        sitemapPageSize: PAGE_SIZE,
        clock: () => TEST_NOW,
        ...(onDatabaseRequest ? { onDatabaseRequest } : {}),
      }).request(`https://${host}${path}`, {}, env, ctx);
      const body = await response.text();
      await waitOnExecutionContext(ctx);
      return { response, body, cache: response.headers.get('x-questline-cache') };
    };
    const stored = await ask('/sitemap.xml');
    expect(stored.response.status).toBe(200);
    const reads: RtdbRequestRecord[] = [];
    const madeUp = ['hades', 'zzzz', ...Array.from({ length: 8 }, () => crypto.randomUUID())];
    for (const from of madeUp) {
      const answer = await ask(`/sitemap.xml?from=${encodeURIComponent(from)}&x=${from}`, (record) =>
        reads.push(record),
      );
      expect(answer.response.status, from).toBe(200);
      expect(answer.cache, from).toBe('hit');
      expect(answer.body, from).toBe(stored.body);
    }
    expect(reads).toEqual([]);
    expect(await caches.default.match(`https://${host}/sitemap.xml?from=zzzz`)).toBeUndefined();
  });
});

describe('child sitemaps at the edge', () => {
  /** A request on a host of its own (no other test's copies), at `ms` past the test's clock. */
  const ask = async (host: string, path: string, ms = 0, testEnvironment = env) => {
    const ctx = createExecutionContext();
    const response = await createApp({
      sitemapPageSize: PAGE_SIZE,
      clock: () => TEST_NOW + ms,
    }).request(`https://${host}${path}`, {}, testEnvironment, ctx);
    const body = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, body, cache: response.headers.get('x-questline-cache') };
  };
  const stored = async (host: string, path: string) =>
    (await caches.default.match(`https://${host}${path}`)) !== undefined;

  it('are stored only at the starts the stored index hands out: made-up ones are answered, never stored', async () => {
    const host = 'flood.questline.test';
    const index = await ask(host, '/sitemap.xml');
    const children = locs(index.body).map((loc) => new URL(loc));
    const real = children.find((child) => child.search === '?from=hades');
    expect(real).toBeDefined();
    // Any key is a valid start: each made-up one is read and answered, and leaves nothing behind.
    const madeUp = ['a', 'celeste', 'hades2', ...Array.from({ length: 20 }, () => crypto.randomUUID())];
    for (const from of madeUp) {
      const path = `/sitemaps/games.xml?from=${encodeURIComponent(from)}`;
      const answer = await ask(host, path);
      expect(answer.response.status, path).toBe(200);
      expectValidSitemap(answer.body, 'urlset');
      expect(answer.response.headers.get('cache-control'), path).toBe(
        'public, max-age=3600, stale-while-revalidate=82800',
      );
      expect(await stored(host, path), path).toBe(false);
    }
    // What the index names is kept as before, the first child of each kind too.
    for (const path of ['/sitemaps/games.xml?from=hades', '/sitemaps/games.xml', '/sitemaps/users.xml']) {
      expect((await ask(host, path)).cache, path).toBeNull();
      expect((await ask(host, path, 1000)).cache, path).toBe('hit');
    }
  });

  it(
    'at starts the index does not name are refused past the per-address limit (429, Retry-After), reading nothing',
    { timeout: 60_000 },
    async () => {
      const host = 'walker.questline.test';
      /** wrangler.toml's [env.local] SITEMAP_CHILDREN_LIMITER (production: 30 a minute). */
      const LOCAL_UNLISTED_CHILDREN_PER_MINUTE = 60;
      await withWindowAhead();
      const index = await ask(host, '/sitemap.xml');
      const named = locs(index.body).find((loc) => loc.endsWith('/sitemaps/games.xml?from=hades'));
      expect(named).toBeDefined();
      await ask(host, '/sitemaps/games.xml?from=hades');
      const walker = '203.0.113.77';
      const askFrom = async (path: string, address: string, onDatabaseRequest?: () => void) => {
        const ctx = createExecutionContext();
        const response = await createApp({
          sitemapPageSize: PAGE_SIZE,
          clock: () => TEST_NOW,
          ...(onDatabaseRequest ? { onDatabaseRequest } : {}),
        }).request(`https://${host}${path}`, { headers: { 'CF-Connecting-IP': address } }, env, ctx);
        await waitOnExecutionContext(ctx);
        return response;
      };
      for (let i = 0; i < LOCAL_UNLISTED_CHILDREN_PER_MINUTE; i++) {
        const answer = await askFrom(`/sitemaps/games.xml?from=made-up-${String(i)}`, walker);
        expect(answer.status, String(i)).toBe(200);
        await answer.body?.cancel();
      }
      let reads = 0;
      const refused = await askFrom('/sitemaps/users.xml?from=one-too-many', walker, () => reads++);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect(refused.headers.get('Cache-Control')).toBeNull();
      expect(await refused.json()).toEqual({
        error: {
          code: 'too-many-requests',
          message: 'You’re doing that too often. Please wait a minute, then try again.',
        },
      });
      expect(reads).toBe(0);
      // What the index names is still answered to that address, from its stored copy; another address
      // is counted on its own.
      const namedChild = await askFrom('/sitemaps/games.xml?from=hades', walker);
      expect(namedChild.status).toBe(200);
      expect(namedChild.headers.get('x-questline-cache')).toBe('hit');
      const neighbour = await askFrom('/sitemaps/games.xml?from=made-up-0', '203.0.113.78');
      expect(neighbour.status).toBe(200);
    },
  );

  it('are not stored while no index is stored here (it says which starts are real)', async () => {
    const host = 'no-index.questline.test';
    const path = '/sitemaps/games.xml?from=hades';
    expect((await ask(host, path)).response.status).toBe(200);
    expect(await stored(host, path)).toBe(false);
    await ask(host, '/sitemap.xml');
    await ask(host, path);
    expect(await stored(host, path)).toBe(true);
  });

  it('drop a stored child on its refresh once the index no longer names its start', async () => {
    const host = 'moved.questline.test';
    const moving = testEnv();
    const db = ownerDatabase(moving);
    await db.patch('', {
      'games/a-game': testGame('a-game', 'A'),
      'games/b-game': testGame('b-game', 'B'),
      'games/c-game': testGame('c-game', 'C'),
      'games/d-game': testGame('d-game', 'D'),
    });
    const before = await ask(host, '/sitemap.xml', 0, moving);
    expect(locs(before.body)).toContain(`https://${host}/sitemaps/games.xml?from=d-game`);
    await ask(host, '/sitemaps/games.xml?from=d-game', 0, moving);
    expect(await stored(host, '/sitemaps/games.xml?from=d-game')).toBe(true);
    // A game added before it moves where the second child starts.
    await db.put('games/aa-game', testGame('aa-game', 'AA'));
    const hourLater = 60 * 60 * 1000 + 1000;
    await ask(host, '/sitemap.xml', hourLater, moving); // stale: refreshed behind the answer
    const after = await ask(host, '/sitemap.xml', hourLater + 1000, moving);
    expect(locs(after.body)).toContain(`https://${host}/sitemaps/games.xml?from=c-game`);
    expect((await ask(host, '/sitemaps/games.xml?from=d-game', hourLater, moving)).cache).toBe('stale');
    expect(await stored(host, '/sitemaps/games.xml?from=d-game')).toBe(false);
  });
});

describe('robots.txt', () => {
  it('names the sitemap index by its absolute URL on the host asked', async () => {
    const ctx = createExecutionContext();
    const response = await createApp().request('https://questline.example/robots.txt', {}, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toContain('Sitemap: https://questline.example/sitemap.xml\n');
    expect(body).toContain('Disallow: /api/\n');
  });
});
