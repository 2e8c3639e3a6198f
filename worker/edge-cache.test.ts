import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../client/routes.tsx';
import { LIST_PAGE_SIZE } from '../shared/constants.ts';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import { createRtdbClient } from '../shared/rtdb/rest-client.ts';
import { createApp, type AppOptions } from './app.ts';
import { TEST_NOW } from './auth/id-token-test-keys.ts';
import { cacheKeyFor, dropEdgeCopy, publicAddress } from './edge-cache.ts';
import { pageParameters } from './page-parameters.ts';
import { hydrationData } from './test-support/page-state.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { planNewPost } from '../shared/transitions/post.ts';

// The edge cache cannot be gamed: what cannot change a public page (a session cookie, a parameter the
// page does not read) neither skips its cached copy nor makes a new one, while what can still does.
const env = testEnv({ FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
const BIG_LIST_GAMES = LIST_PAGE_SIZE + 5;

/** A page whose loader shows the query it was given: what any loader could read of the address. */
const addressEcho: RouteObject = {
  id: 'address-echo',
  path: 'address-echo',
  loader: ({ request }: LoaderFunctionArgs) => ({ query: new URL(request.url).search }),
  Component: () => null,
};

/** The app's route table with the echo page beside the other pages (before the catch-all). */
const withEcho: RouteObject[] = routes.map((root) => ({
  ...root,
  children: root.children?.map((group) =>
    group.id === 'pages' ? { ...group, children: [addressEcho, ...(group.children ?? [])] } : group,
  ),
})) as RouteObject[];

interface Visit {
  status: number;
  cache: string | null;
  cacheControl: string | null;
  body: string;
  /** The database requests the visit made. */
  reads: number;
  /** What they read, in the order they were made. */
  paths: string[];
}

/** One visitor's request to the Worker, waiting for what it left running (the cache write). */
async function visit(path: string, init: RequestInit = {}, options: AppOptions = {}): Promise<Visit> {
  const records: RtdbRequestRecord[] = [];
  const ctx = createExecutionContext();
  const response = await createApp({ onDatabaseRequest: (r) => records.push(r), ...options }).request(
    `http://questline.test${path}`,
    init,
    env,
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    cache: response.headers.get('x-questline-cache'),
    cacheControl: response.headers.get('cache-control'),
    body,
    reads: records.length,
    paths: records.map((record) => record.path),
  };
}

beforeAll(async () => {
  const games = Object.fromEntries(
    Array.from({ length: BIG_LIST_GAMES }, (_, n) => [
      `games/ec-game-${String(n)}`,
      testGame(`ec-game-${String(n)}`, `Listed Game ${String(n)}`),
    ]),
  );
  await ownerDatabase(env).patch('', {
    ...games,
    'games/ec-portal': testGame('ec-portal', 'Portal Cached', 50),
    'games/ec-hades': testGame('ec-hades', 'Hades Cached', 40),
    'games/ec-celeste': testGame('ec-celeste', 'Celeste Cached', 30),
    'games/ec-braid': testGame('ec-braid', 'Braid Cached', 20),
    'games/ec-limbo': testGame('ec-limbo', 'Limbo Cached', 10),
    'lists/ec-big-list': {
      code: 'ec-big-list',
      name: 'A long list',
      games: {
        all: {
          name: 'All',
          games: Object.fromEntries(
            Array.from({ length: BIG_LIST_GAMES }, (_, n) => [`ec-game-${String(n)}`, n]),
          ),
        },
      },
    },
  });
  const search = createRtdbClient({
    databaseUrl: inject('searchDatabaseUrl'),
    namespace: inject('searchDatabaseNamespace'),
    credential: { kind: 'emulatorOwner' },
  });
  await search.patch('', {
    'games/ec-xylofrog': { name: 'Xylofrog Quest', deeplink_url_code: 'ec-xylofrog', follows: 0 },
    'games/ec-quibblenaut': { name: 'Quibblenaut Quest', deeplink_url_code: 'ec-quibblenaut', follows: 0 },
  });
});

describe('the address a copy is kept under', () => {
  it('drops tracking parameters and sorts the rest (search answers)', () => {
    expect(cacheKeyFor('https://q.test/api/search?utm_source=x&q=2&fbclid=y&limit=1#top').url).toBe(
      'https://q.test/api/search?limit=1&q=2',
    );
  });

  it('keeps only the parameters a page reads, the first value of each, sorted', () => {
    expect(publicAddress('https://q.test/lists/games/a?x=1&page=2&utm_source=y#top', ['page'])).toBe(
      'https://q.test/lists/games/a?page=2',
    );
    expect(publicAddress('https://q.test/login?t=pwdrs&next=%2Fbrowse&t=other', ['t', 'next'])).toBe(
      'https://q.test/login?next=%2Fbrowse&t=pwdrs',
    );
    expect(publicAddress('https://q.test/game/hades?', [])).toBe('https://q.test/game/hades');
    expect(publicAddress('https://q.test/game/hades', [])).toBe('https://q.test/game/hades');
  });

  it('knows which parameters each page reads, and that browse is the member’s own', () => {
    expect(pageParameters(routes, '/search')).toEqual(['q']);
    expect(pageParameters(routes, '/lists/games/top-rpgs')).toEqual(['page']);
    expect(pageParameters(routes, '/game/hades')).toEqual([]);
    expect(pageParameters(routes, '/')).toEqual([]);
    expect(pageParameters(routes, '/no/such/page')).toEqual([]);
    expect(pageParameters(routes, '/browse')).toBeNull();
  });
});

describe('a parameter the page does not read', () => {
  it('is answered from the copy of the page without it, reading nothing', async () => {
    const first = await visit('/game/ec-portal');
    expect(first.status).toBe(200);
    for (const junk of ['?x=8f3a9c', '?x=1&y=2', '?utm_source=mail&nonce=77', '?page=3']) {
      const again = await visit(`/game/ec-portal${junk}`);
      expect(again.cache, junk).toBe('hit');
      expect(again.reads, junk).toBe(0);
      expect(again.body, junk).toBe(first.body);
    }
  });

  it('makes no copy of its own: the first visit with it stores the page under its plain address', async () => {
    const junk = await visit('/game/ec-hades?cachebuster=1234');
    expect(junk.cache).toBeNull();
    expect(junk.body).toContain('<h1>Hades Cached</h1>');
    const plain = await visit('/game/ec-hades');
    expect(plain.cache).toBe('hit');
    expect(plain.reads).toBe(0);
  });

  it('never reaches the page’s loader, rendered or as page data', async () => {
    const options = { routes: withEcho };
    const rendered = await visit('/address-echo?x=1&q=2', {}, options);
    expect(hydrationData(rendered.body).loaderData['address-echo']).toEqual({ query: '' });
    const data = await visit('/api/pages/address-echo?x=1&q=2', {}, options);
    expect((JSON.parse(data.body) as { loaderData: unknown }).loaderData).toEqual({
      'address-echo': { query: '' },
    });
  });

  it('leaves page data the same as without it', async () => {
    const plain = await visit('/api/pages/lists/games/ec-big-list?page=2');
    const junk = await visit('/api/pages/lists/games/ec-big-list?page=2&x=99&page=1');
    expect(plain.status).toBe(200);
    expect(junk.body).toBe(plain.body);
  });
});

describe('a parameter that changes the page', () => {
  it('still makes its own copy: a list’s page number', async () => {
    const first = await visit('/lists/games/ec-big-list');
    expect(first.body).toContain('Listed Game 0');
    const second = await visit('/lists/games/ec-big-list?page=2');
    expect(second.cache).toBeNull();
    expect(second.reads).toBeGreaterThan(0);
    expect(second.body).toContain(`Listed Game ${String(BIG_LIST_GAMES - 1)}`);
    expect(second.body).not.toContain('Listed Game 0<');
    const again = await visit('/lists/games/ec-big-list?x=junk&page=2');
    expect(again.cache).toBe('hit');
    expect(again.body).toBe(second.body);
  });

  it('makes no copy for a page number written otherwise than the list’s links write it', async () => {
    // Each of these shows the first page (the loader reads a number), and could be written endlessly.
    for (const number of ['01', '001', '1.0', '+1', 'x', crypto.randomUUID()]) {
      const path = `/lists/games/ec-big-list?page=${encodeURIComponent(number)}`;
      const answer = await visit(path);
      expect(answer.status, path).toBe(200);
      expect(answer.cacheControl, path).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(await caches.default.match(`http://questline.test${path}`), path).toBeUndefined();
    }
  });

  it('changes the page, but the text searched for makes no copy: random texts leave nothing at the edge', async () => {
    // Texts are without bound and search matches any word of one, so no search's page is stored
    // (worker/page-copies.ts): each is answered afresh.
    const first = await visit('/search?q=xylofrog');
    expect(first.body).toContain('Xylofrog Quest');
    expect(first.cache).toBeNull();
    expect(first.cacheControl).toBe('public, max-age=60, stale-while-revalidate=600');
    const other = await visit('/search?q=quibblenaut');
    expect(other.body).toContain('Quibblenaut Quest');
    expect(other.body).not.toContain('Xylofrog Quest');
    const firstAgain = await visit('/search?utm_campaign=x&q=xylofrog&sort=new');
    expect(firstAgain.cache).toBeNull();
    expect(firstAgain.body).toContain('Xylofrog Quest');
    const texts = [
      'xylofrog',
      'Xylofrog',
      'xylofrog quest',
      ...Array.from({ length: 20 }, () => crypto.randomUUID()),
    ];
    for (const text of texts) {
      const path = `/search?q=${encodeURIComponent(text)}`;
      expect((await visit(path)).status, path).toBe(200);
      expect(await caches.default.match(`http://questline.test${path}`), path).toBeUndefined();
    }
  });

  it('but the search page without a text is one page, and is kept', async () => {
    await visit('/search');
    const again = await visit('/search?utm_source=x');
    expect(again.cache).toBe('hit');
  });
});

describe('the sign-in and sign-up pages', () => {
  const stored = async (path: string) =>
    (await caches.default.match(`http://questline.test${path}`)) !== undefined;

  it('answer any parameter they do not read from their one copy, and make no copy of it', async () => {
    for (const page of ['/login', '/signup']) {
      await visit(page);
      expect((await visit(page)).cache, page).toBe('hit');
      for (const junk of [`?x=${crypto.randomUUID()}`, `?utm_source=a&x=${crypto.randomUUID()}`]) {
        const again = await visit(`${page}${junk}`);
        expect(again.status, `${page}${junk}`).toBe(200);
        expect(again.cache, `${page}${junk}`).toBe('hit');
        expect(await stored(`${page}${junk}`), `${page}${junk}`).toBe(false);
      }
    }
  });

  it('answer sign-up’s return path from its one copy: the page never reads it', async () => {
    await visit('/signup');
    for (const next of ['/browse', `/game/${crypto.randomUUID()}`, 'https://elsewhere.example/']) {
      const path = `/signup?next=${encodeURIComponent(next)}`;
      const answer = await visit(path);
      expect(answer.cache, path).toBe('hit');
      expect(await stored(path), path).toBe(false);
    }
  });

  it('store no copy of sign-in for a reset code or a return path, which take any value, but keep the return from a reset', async () => {
    for (const query of [
      `?mode=resetPassword&oobCode=${crypto.randomUUID()}`,
      `?next=${encodeURIComponent(`/game/${crypto.randomUUID()}`)}`,
      `?t=${crypto.randomUUID()}`,
    ]) {
      const answer = await visit(`/login${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.cacheControl, query).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(await stored(`/login${query}`), query).toBe(false);
    }
    const reset = await visit(`/login?mode=resetPassword&oobCode=code-${crypto.randomUUID()}`);
    expect(reset.body).toContain('Choose a new password');
    await visit('/login?t=pwdrs');
    expect(await stored('/login?t=pwdrs')).toBe(true);
    expect((await visit('/login?t=pwdrs&x=1')).body).toContain('Your password has been reset.');
  });
});

describe('a page found missing', () => {
  const at = (ms: number) => ({ clock: () => TEST_NOW + ms });

  it('is not stored: random missing addresses leave no copy at the edge, however many', async () => {
    const addresses = Array.from({ length: 20 }, () => `/game/ec-made-up-${crypto.randomUUID()}`);
    for (const path of addresses) {
      const first = await visit(path);
      expect(first.body, path).toContain('We couldn’t find that page');
      expect(await caches.default.match(`http://questline.test${path}`), path).toBeUndefined();
    }
  });

  it('is answered 404 with the status line when asked again (its head no longer leaves first)', async () => {
    // The first visit's head left with 200 before the game was read: its body says not found, noindex.
    const first = await visit('/game/ec-no-such-game', {}, at(0));
    expect(first.status).toBe(200);
    expect(first.body).toContain('<meta name="robots" content="noindex"/>');
    const again = await visit('/game/ec-no-such-game', {}, at(1000));
    expect(again.status).toBe(404);
    expect(again.cache).toBeNull();
    expect(again.body).toContain('We couldn’t find that page');
    expect(await caches.default.match('http://questline.test/game/ec-no-such-game')).toBeUndefined();
  });

  it('asked again, costs a read of its record only, not of what its page would show (its feed)', async () => {
    const first = await visit('/game/ec-dead-link', {}, at(0));
    expect(first.paths).toContain('posts');
    for (const ms of [1000, 2000, 3000]) {
      const again = await visit('/game/ec-dead-link', {}, at(ms));
      expect(again.status).toBe(404);
      expect(again.paths.filter((path) => path !== 'games')).toEqual(['games/ec-dead-link']);
    }
  });

  it('is served as soon as its record exists, with its feed, and then kept', async () => {
    expect((await visit('/game/ec-late-game', {}, at(0))).body).toContain('We couldn’t find that page');
    expect((await visit('/game/ec-late-game', {}, at(1000))).status).toBe(404);
    await ownerDatabase(env).put('games/ec-late-game', testGame('ec-late-game', 'Late Game'));
    await ownerDatabase(env).patch(
      '',
      planNewPost(
        'ec-rosa',
        { targetType: 'game', targetId: 'ec-late-game', content: 'First!', type: 'text' },
        'ec-late-post',
        false,
        { authorName: 'rosa_runs', now: TEST_NOW },
      ),
    );
    const created = await visit('/game/ec-late-game', {}, at(2000));
    expect(created.status).toBe(200);
    expect(created.body).toContain('<h1>Late Game</h1>');
    // Read a round after the game, since the address was missing lately, but on the page all the same.
    expect(created.body).toContain('First!');
    expect((await visit('/game/ec-late-game', {}, at(3000))).cache).toBe('hit');
  });

  it('is remembered for as long as a copy would have lived (11 minutes), no longer', async () => {
    await visit('/game/ec-long-gone', {}, at(0));
    expect((await visit('/game/ec-long-gone', {}, at(11 * 60_000))).status).toBe(404);
    // Found missing again at 11 minutes: remembered from then on, and forgotten 11 minutes later.
    const later = await visit('/game/ec-long-gone', {}, at(22 * 60_000 + 1));
    expect(later.status).toBe(200);
    expect(later.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('drops the copy it replaces: a deleted record stops being served once its refresh finds it missing', async () => {
    await ownerDatabase(env).put('games/ec-deleted-game', testGame('ec-deleted-game', 'Deleted Game'));
    expect((await visit('/game/ec-deleted-game', {}, at(0))).status).toBe(200);
    await ownerDatabase(env).delete('games/ec-deleted-game');
    // Past its freshness: the stale copy is answered while the refresh finds the game gone.
    const stale = await visit('/game/ec-deleted-game', {}, at(61_000));
    expect(stale.cache).toBe('stale');
    const after = await visit('/game/ec-deleted-game', {}, at(62_000));
    expect(after.status).toBe(404);
    expect(after.cache).toBeNull();
  });

  it('but for the not-found page itself, where every unknown path is sent: its one copy is kept', async () => {
    expect((await visit('/404')).status).toBe(404);
    const again = await visit('/404?from=somewhere');
    expect(again.status).toBe(404);
    expect(again.cache).toBe('hit');
  });
});

describe('a session cookie on a public page', () => {
  const garbage = { headers: { Cookie: '__session=not-a-token; theme=dark' } };

  it('is answered from the cached copy, the same public page as anyone gets', async () => {
    const anonymous = await visit('/game/ec-celeste');
    const member = await visit('/game/ec-celeste', garbage);
    expect(member.status).toBe(200);
    expect(member.cache).toBe('hit');
    expect(member.reads).toBe(0);
    expect(member.body).toBe(anonymous.body);
    expect(member.body).toContain('<h1>Celeste Cached</h1>');
    expect(member.cacheControl).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  it('renders the public page on a miss, and that copy serves the next visitor', async () => {
    const member = await visit('/game/ec-braid', garbage);
    expect(member.status).toBe(200);
    expect(member.body).toContain('<h1>Braid Cached</h1>');
    const anonymous = await visit('/game/ec-braid');
    expect(anonymous.cache).toBe('hit');
    expect(anonymous.body).toBe(member.body);
  });
});

describe('the member’s own page (browse)', () => {
  it('is never cached nor shared, whatever its parameters', async () => {
    for (const path of ['/browse', '/browse', '/browse?x=1']) {
      const answer = await visit(path, { headers: { Cookie: '__session=not-a-token' } });
      // An unverifiable session is sent home; the answer is still the member's own.
      expect(answer.status, path).toBe(302);
      expect(answer.cache, path).toBeNull();
      expect(answer.cacheControl, path).toBe('private, no-store');
    }
    const anonymous = await visit('/browse');
    expect(anonymous.cacheControl).toBe('private, no-store');
  });
});

describe('copies kept in the isolate', () => {
  const at = { clock: () => TEST_NOW };

  it('answer a busy page again and again, whole, then go when the page is dropped', async () => {
    const rendered = await visit('/game/ec-limbo', {}, at);
    for (let n = 0; n < 3; n++) {
      const hit = await visit('/game/ec-limbo', {}, at);
      expect(hit.cache).toBe('hit');
      expect(hit.body).toBe(rendered.body);
    }
    await dropEdgeCopy('http://questline.test/game/ec-limbo');
    const after = await visit('/game/ec-limbo', {}, at);
    expect(after.cache).toBeNull();
    expect(after.reads).toBeGreaterThan(0);
  });

  it('go out gzipped once to a visitor who takes gzip, and plain to one who does not', async () => {
    const plain = await visit('/game/ec-game-2', {}, at);
    expect((await visit('/game/ec-game-2', {}, at)).cache).toBe('hit');
    const ctx = createExecutionContext();
    const gzipped = await createApp(at).request(
      'http://questline.test/game/ec-game-2',
      { headers: { 'Accept-Encoding': 'br, gzip;q=0.8' } },
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gzipped.headers.get('Vary')).toContain('Accept-Encoding');
    const unzipped = gzipped.body?.pipeThrough(new DecompressionStream('gzip'));
    expect(await new Response(unzipped).text()).toBe(plain.body);
    const refused = await visit('/game/ec-game-2', { headers: { 'Accept-Encoding': 'gzip;q=0' } }, at);
    expect(refused.cache).toBe('hit');
    expect(refused.body).toBe(plain.body);
  });

  it('are not served once the page is past its freshness: the stale copy is refreshed', async () => {
    await visit('/game/ec-game-1', {}, at);
    expect((await visit('/game/ec-game-1', {}, at)).cache).toBe('hit');
    const later = await visit('/game/ec-game-1', {}, { clock: () => TEST_NOW + 61_000 });
    expect(later.cache).toBe('stale');
  });
});
