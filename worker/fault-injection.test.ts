import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../shared/errors.ts';
import { createApp, type AppOptions } from './app.ts';
import { memberToken } from './test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';

// The database failing in every way it can while visitors read pages and members write (issue 14,
// point 4; spec section 8): answering 500, never answering (the Worker's own timeout gives up),
// answering something that is not its JSON, answering JSON of the wrong shape, or not being reachable.
// Faults are injected with the app's `databaseFetch` option; the data around them is a real emulator's.

const env = testEnv({ FIREBASE_EMULATORS: 'true', FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
const db = ownerDatabase(env);

/** Text an upstream failure might carry, which must never reach a visitor. */
const LEAK = 'at Object.query (/srv/db/internal.js:42:7) https://leaky-db.firebaseio.example/secret';

/** How long the app waits for a database request in these tests (10 s when deployed). */
const TIMEOUT_MS = 40;

type Fault = (init: RequestInit | undefined) => Promise<Response>;

/** Each way the database can fail, as a fetch would see it. */
const FAULTS = {
  'answers 500': () => Promise.resolve(Response.json({ error: LEAK }, { status: 500 })),
  'never answers': (init) =>
    new Promise((_resolve, reject) => {
      const signal = init?.signal;
      // Without a signal the request would hang for good: that is the failure this case looks for.
      if (!signal) {
        reject(new Error('database request made without a timeout'));
        return;
      }
      signal.addEventListener('abort', () => {
        reject(signal.reason as Error);
      });
    }),
  'answers a page that is not JSON': () =>
    Promise.resolve(new Response(`<html><body>502 Bad Gateway ${LEAK}</body></html>`, { status: 200 })),
  // Data, not an error: a member's own sections pass through as stored, so it carries no leak text.
  'answers JSON of the wrong shape': () => Promise.resolve(Response.json({ unexpected: [true], name: 42 })),
  'cannot be reached': () => Promise.reject(new TypeError(`fetch failed: connect ECONNREFUSED ${LEAK}`)),
} satisfies Record<string, Fault>;

/**
 * A fetch that fails as `fault` does for the `from`-th to the `until`-th database request (by default
 * every request from the `from`-th on), and reaches the real database for the others.
 */
function faultyDatabase(
  fault: Fault,
  from = 1,
  until = Number.POSITIVE_INFINITY,
): { databaseFetch: typeof fetch; databaseTimeoutMs?: number; requests: () => number } {
  let count = 0;
  return {
    // Only a database that fails for every request waits less than the Worker would: real requests of
    // a partly failing one keep the Worker's own timeout, however slow this machine is.
    ...(from === 1 && until === Number.POSITIVE_INFINITY ? { databaseTimeoutMs: TIMEOUT_MS } : {}),
    databaseFetch: (input, init) => {
      count += 1;
      return count >= from && count <= until ? fault(init) : fetch(input, init);
    },
    requests: () => count,
  };
}

/** Every sign of an internal failure a response must not carry. */
function expectNothingLeaked(body: string, what: string): void {
  expect(body, what).not.toContain('leaky-db');
  expect(body, what).not.toContain('internal.js');
  expect(body, what).not.toContain('ECONNREFUSED');
  expect(body, what).not.toContain(env.FIREBASE_DATABASE_URL);
  expect(body, what).not.toMatch(/RtdbError|Realtime Database|TimeoutError|SyntaxError|ZodError/);
  expect(body, what).not.toMatch(/\n\s+at /);
}

/** One request through a fresh app with the given options, as a visitor or (`uid`) a signed-in member. */
async function send(
  path: string,
  options: AppOptions,
  init: { method?: string; uid?: string; json?: unknown; keepEdgeCopy?: boolean; environment?: Env } = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const headers = new Headers();
  if (init.uid) headers.set('Authorization', `Bearer ${memberToken(init.uid)}`);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const url = `http://questline.test${path}`;
  // Each case renders unless it asks for the edge's copy: a copy kept by an earlier case would answer instead.
  if (!init.keepEdgeCopy) await caches.default.delete(url);
  const ctx = createExecutionContext();
  const response = await createApp(options).request(
    url,
    {
      method: init.method ?? 'GET',
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    },
    init.environment ?? env,
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body, headers: response.headers };
}

beforeAll(async () => {
  await db.patch('', {
    'games/fi-portal': testGame('fi-portal', 'Fault Portal', 500),
    'games/fi-celeste': testGame('fi-celeste', 'Fault Celeste', 300),
    'users/fi-rosa/public': { uuid: 'fi-rosa', username: 'fi_rosa', follows: 0 },
    'users_public/fi-rosa': { username: 'fi_rosa' },
    'profiles/fi-rosa': { sourceUUID: 'fi-rosa', brief: 'Speedruns.', details: '', disabled: false },
    'users/fi-ben/public': { uuid: 'fi-ben', username: 'fi_ben', follows: 0 },
    'posts/fi-post': {
      uuid: 'fi-post',
      targetUUID: 'fi-portal',
      targetType: 'game',
      sourceUUID: 'fi-ben',
      content: 'Portals everywhere.',
      timestamp: 1,
    },
    'users/fi-rosa/readOnly': { created: 1, modified: 1, isDeveloper: true },
    'users/fi-rosa/developer/developerGames/fi-portal': true,
    'events/fi-fest': {
      name: 'Fault Fest',
      deeplink_url_code: 'fi-fest',
      games: { 'fi-portal': 1 },
    },
    'lists/fi-list': {
      code: 'fi-list',
      name: 'Fault list',
      games: { main: { name: 'Main', games: { 'fi-portal': 1 } } },
    },
  });
});

/** Each page type, the status the spec gives it when its data fails to load (section 8), and its heading. */
const PAGES = [
  // "A top-games load failure gives empty page data": the home page still answers, without them.
  { page: 'home', path: '/', failed: 200 },
  // "A not-found or failed load of a game, event, user or list redirects to 404."
  { page: 'game', path: '/game/fi-portal', failed: 404 },
  { page: 'user', path: '/user/fi_rosa', failed: 404 },
  { page: 'event', path: '/event/fi-fest', failed: 404 },
  { page: 'list', path: '/lists/games/fi-list', failed: 404 },
  // Search asks the search function, not the database.
  { page: 'search', path: '/search?q=fault', failed: 200 },
  { page: 'not found', path: '/404', failed: 404 },
] as const;

describe('pages while the database fails', () => {
  it('render normally when the database answers (the baseline the faults are measured against)', async () => {
    for (const { page, path } of PAGES) {
      const { status } = await send(path, {});
      expect(status, page).toBe(page === 'not found' ? 404 : 200);
    }
  });

  for (const [faultName, fault] of Object.entries(FAULTS)) {
    it(`degrade as the spec says when the database ${faultName}, leaking nothing`, async () => {
      for (const { page, path, failed } of PAGES) {
        const { status, body, headers } = await send(path, faultyDatabase(fault));
        expect(headers.get('Content-Type'), page).toContain('text/html');
        if (failed === 404 && status === 200) {
          // The head left before the data was read (worker/render/early-start.ts): the not-found screen
          // follows in the body, kept out of search engines.
          expect(body, page).toContain('<meta name="robots" content="noindex"/>');
        } else expect(status, `${page} page`).toBe(failed);
        if (failed === 404) expect(body, page).toContain('We couldn’t find that page');
        expectNothingLeaked(body, `${page} page`);
        // The same page's data for a client navigation.
        const data = await send(`/api/pages${path === '/' ? '' : path}`, faultyDatabase(fault));
        expect(data.status, `${page} page data`).toBe(failed);
        expectNothingLeaked(data.body, `${page} page data`);
      }
    });
  }

  it('keep no page rendered while the database failed: the next visitor gets the page again', async () => {
    const degraded = await send('/game/fi-portal', faultyDatabase(FAULTS['answers 500']));
    expect(degraded.body).toContain('We couldn’t find that page');
    const next = await send('/game/fi-portal', {}, { keepEdgeCopy: true });
    expect(next.status).toBe(200);
    expect(next.body).toContain('Fault Portal');
  });

  it('keep no page built from data of the wrong shape: the next visitor gets the page again', async () => {
    // The home page reads top games and highlights of the wrong shape: it still answers 200 (without
    // them), but what it shows is not what the database holds, so the edge does not keep it. (Its head,
    // headers included, left before the data was read: the edge cache's copy is what can be withheld.)
    const degraded = await send('/', faultyDatabase(FAULTS['answers JSON of the wrong shape']));
    expect(degraded.status).toBe(200);
    expect(degraded.body).not.toContain('Fault Portal');
    const next = await send('/', {}, { keepEdgeCopy: true });
    expect(next.headers.get('X-Questline-Cache')).toBeNull();
    expect(next.body).toContain('Fault Portal');
    expect(next.headers.get('Cache-Control')).toMatch(/^public/);
  });

  it('keep answering the copy kept at the edge while the database fails', async () => {
    expect((await send('/event/fi-fest', {})).status).toBe(200);
    const during = await send('/event/fi-fest', faultyDatabase(FAULTS['cannot be reached']), {
      keepEdgeCopy: true,
    });
    expect(during.status).toBe(200);
    expect(during.body).toContain('Fault Fest');
  });
});

describe('data of the wrong shape in the database', () => {
  // A database holding values no write of the app makes (an old format, a hand edit): each is logged and
  // read as absent, and what is built from it is not kept at the edge, so the next visitor after a fix
  // gets the page as the database holds it.
  const shapes = testEnv({
    FIREBASE_EMULATORS: 'true',
    FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl'),
  });
  const shapesDb = ownerDatabase(shapes);

  beforeAll(async () => {
    await shapesDb.patch('', {
      // A suggestion the game keeps (shared/catalogue/suggested-game-summaries.ts) without a ratio.
      'games/fs-portal': {
        ...testGame('fs-portal', 'Shape Portal', 500),
        suggested: { 'fs-celeste': 'high' },
      },
      'games/fs-celeste': testGame('fs-celeste', 'Shape Celeste', 300),
      'highlights/home': { games: { 'fs-celeste': 'first' } },
    });
  });

  const expectNotKept = async (path: string, shown: string) => {
    const logged: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    let first;
    try {
      first = await send(path, {}, { environment: shapes });
    } finally {
      console.error = error;
    }
    expect(first.status, path).toBe(200);
    expect(first.body, path).toContain(shown);
    const next = await send(path, {}, { keepEdgeCopy: true, environment: shapes });
    expect(next.headers.get('X-Questline-Cache'), path).toBeNull();
    expect(logged.map((args) => String(args[0])).join('\n'), path).toMatch(/^Invalid data at /m);
  };

  it('home highlights of the wrong shape: the page is answered without them, logged, and not kept', async () => {
    await expectNotKept('/', 'Shape Portal');
  });

  it('a suggestion the game keeps of the wrong shape: the page is answered without it, logged, and not kept', async () => {
    await expectNotKept('/game/fs-portal', 'Shape Portal');
  });

  it('a top game of the wrong shape: pages are answered without it, logged, and not kept', async () => {
    await shapesDb.patch('', { 'games/fs-broken': { weighted_index: 1e12, name: 42 } });
    try {
      for (const path of ['/game/fs-celeste', '/404']) {
        const page = await send(path, {}, { environment: shapes });
        expect(page.body, path).toContain('Shape Portal');
        const next = await send(path, {}, { keepEdgeCopy: true, environment: shapes });
        expect(next.headers.get('X-Questline-Cache'), path).toBeNull();
      }
    } finally {
      await shapesDb.patch('', { 'games/fs-broken': null });
    }
  });

  it('once the data is right again, the page is kept as usual', async () => {
    await shapesDb.patch('', {
      'highlights/home': null,
      'games/fs-portal/suggested/fs-celeste': { ratio: 0.5 },
    });
    for (const path of ['/', '/game/fs-portal', '/game/fs-celeste']) {
      await send(path, {}, { environment: shapes });
      const next = await send(path, {}, { keepEdgeCopy: true, environment: shapes });
      expect(next.headers.get('X-Questline-Cache'), path).toBe('hit');
    }
  });
});

/**
 * The API's reads and writes, each as a member would call it. Search and the home feed ask their
 * functions, not the Worker's database: their failures are tested in worker/api/search.test.ts and
 * worker/api/feed.test.ts against stand-ins that fail, garble or never answer.
 */
const API_CALLS = [
  { call: 'follow state', path: '/api/follows/game/fi-portal', method: 'GET' },
  { call: 'follow', path: '/api/follows/game/fi-portal', method: 'PUT' },
  { call: 'unfollow', path: '/api/follows/game/fi-portal', method: 'DELETE' },
  { call: 'a feed', path: '/api/posts?targetType=game&targetId=fi-portal', method: 'GET' },
  {
    call: 'post',
    path: '/api/posts',
    method: 'POST',
    json: { targetType: 'game', targetId: 'fi-portal', content: 'Hello' },
  },
  { call: 'like', path: '/api/likes/post/fi-post', method: 'PUT' },
  { call: 'comment', path: '/api/comments/posts/fi-post', method: 'POST', json: { content: 'Same here' } },
  { call: 'comments', path: '/api/comments/posts/fi-post', method: 'GET' },
  { call: 'profile', path: '/api/profiles/fi-rosa', method: 'GET' },
  { call: 'profile update', path: '/api/profiles/fi-rosa', method: 'PATCH', json: { brief: 'New brief' } },
  {
    call: 'game edit',
    path: '/api/developer/games/fi-portal',
    method: 'PATCH',
    json: { description: 'Now with portals.' },
  },
  { call: 'me', path: '/api/me', method: 'GET' },
  { call: 'notifications', path: '/api/notifications', method: 'GET' },
] as const;

describe('the API while the database fails', () => {
  for (const [faultName, fault] of Object.entries(FAULTS)) {
    it(`answers in the product's error shape when the database ${faultName}: never a 500, never a leak`, async () => {
      for (const { call, path, method, ...rest } of API_CALLS) {
        const { status, body, headers } = await send(path, faultyDatabase(fault), {
          method,
          uid: 'fi-rosa',
          ...('json' in rest ? { json: rest.json } : {}),
        });
        expectNothingLeaked(body, call);
        expect(status, `${call}: ${body}`).not.toBe(500);
        if (status >= 500) {
          expect(status, call).toBe(503);
          expect(headers.get('Retry-After'), call).toBe('5');
          expect((JSON.parse(body) as ApiErrorBody).error, call).toEqual({
            code: 'unavailable',
            message: 'Questline is not available just now. Please try again in a moment.',
          });
        }
      }
    });
  }

  it('answers a change it cannot read back after writing with a 503 to retry, never a bare 500', async () => {
    for (const { path, json } of [
      { path: '/api/profiles/fi-rosa', json: { brief: 'Read me back' } },
      { path: '/api/developer/games/fi-portal', json: { description: 'Read me back.' } },
    ]) {
      const methods: string[] = [];
      const counting: typeof fetch = (input, init) => {
        methods.push(init?.method ?? 'GET');
        return fetch(input, init);
      };
      // Once before counting: the first write of a member in an isolate also reads their member record
      // (worker/auth/require-member.ts), which is remembered after.
      expect((await send(path, {}, { method: 'PATCH', uid: 'fi-rosa', json })).status).toBe(200);
      expect(
        (await send(path, { databaseFetch: counting }, { method: 'PATCH', uid: 'fi-rosa', json })).status,
      ).toBe(200);
      // The same change again, the read right after its one PATCH answered with data of the wrong shape.
      const readBack = methods.indexOf('PATCH') + 2;
      const { status, body } = await send(
        path,
        faultyDatabase(FAULTS['answers JSON of the wrong shape'], readBack, readBack),
        { method: 'PATCH', uid: 'fi-rosa', json },
      );
      expect(status, path).toBe(503);
      expect((JSON.parse(body) as ApiErrorBody).error.code, path).toBe('unavailable');
    }
  });

  it('gives up on a database that never answers after the timeout, as a 503 the member can retry', async () => {
    const { status, body } = await send(
      '/api/posts?targetType=game&targetId=fi-portal',
      faultyDatabase(FAULTS['never answers']),
    );
    expect(status).toBe(503);
    expect((JSON.parse(body) as ApiErrorBody).error.code).toBe('unavailable');
  });
});

/** The database's whole content as leaf path → value, to see exactly what a write changed. */
async function snapshot(): Promise<Map<string, string>> {
  const leaves = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}/${key}` : key);
    else leaves.set(path, JSON.stringify(value));
  };
  walk(await db.get(''), '');
  return leaves;
}

/** A push id (shared/push-id.ts): differs between two runs of the same write. */
const PUSH_ID = /^[-0-9A-Za-z_]{20}$/;

/**
 * The paths a write changed between two snapshots, with the acting member's id and new record ids
 * written as placeholders so two runs of the same write by different members compare equal. Analytics
 * logs and the home feed's pending-rewrite markers (set by a like's or comment's announcement, after its
 * answer: shared/feed/home-feed-card-pending.ts) are left out: they are recorded beside the write, not
 * part of it. So is the copy of a member's followed games a follow works out from reads beside its gate,
 * with the summary places naming its games: when one of those reads fails, the follow still lands whole
 * with the copy's `changes` moved and no copy, and the member's page reads the follows index instead
 * (shared/transitions/followed-copy.ts; worker/user-page.test.ts checks what the page shows).
 */
function changedPaths(before: Map<string, string>, after: Map<string, string>, uid: string): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  const changed = [...paths].filter(
    (path) =>
      before.get(path) !== after.get(path) &&
      !path.startsWith('logs/') &&
      !path.startsWith('home_feed_card_pending/') &&
      !path.startsWith(`users/${uid}/public/followedGames/`) &&
      !path.endsWith(`/member-page:${uid}`),
  );
  const normalised = changed.map((path) =>
    path
      .split('/')
      .map((segment) => (PUSH_ID.test(segment) ? '{id}' : segment.replaceAll(uid, '{member}')))
      .join('/'),
  );
  return [...new Set(normalised)].sort();
}

describe('writes while the database fails part-way', () => {
  /** Each write a member makes, given the post it may act on. */
  const WRITES: {
    write: string;
    request: (postId: string) => { path: string; method: string; json?: unknown };
    /** Where the count the write moves is kept. */
    count?: (postId: string) => string;
    /** A repeat changes nothing (spec section 4), so an error answered after it landed costs nothing. */
    idempotent?: boolean;
  }[] = [
    {
      write: 'follow',
      request: () => ({ path: '/api/follows/game/fi-celeste', method: 'PUT' }),
      count: () => 'games/fi-celeste/follows',
      idempotent: true,
    },
    {
      write: 'like',
      request: (postId) => ({ path: `/api/likes/post/${postId}`, method: 'PUT' }),
      count: (postId) => `posts/${postId}/likes`,
      idempotent: true,
    },
    {
      write: 'post',
      request: () => ({
        path: '/api/posts',
        method: 'POST',
        json: { targetType: 'game', targetId: 'fi-celeste', content: 'Halfway there' },
      }),
    },
    {
      write: 'comment',
      request: (postId) => ({
        path: `/api/comments/posts/${postId}`,
        method: 'POST',
        json: { content: 'Same' },
      }),
    },
  ];

  let postId = '';
  beforeAll(async () => {
    // Every member below is a guest: writes need a member record (worker/auth/require-member.ts), and a
    // guest's posts and comments store no author name, so a failed read of it changes nothing written.
    const members: Record<string, string> = {};
    for (const { write } of WRITES)
      for (const suffix of ['ok', 'count', ...Array.from({ length: 60 }, (_, i) => String(i + 1))])
        members[`users/fi-${write}-${suffix}/public/username`] = 'web-figuests';
    await db.patch('', members);
    const made = await send(
      '/api/posts',
      {},
      {
        method: 'POST',
        uid: 'fi-ben',
        json: { targetType: 'game', targetId: 'fi-celeste', content: 'First' },
      },
    );
    expect(made.status).toBe(201);
    postId = (JSON.parse(made.body) as { post: { uuid: string } }).post.uuid;
  });

  for (const { write, request, count, idempotent } of WRITES) {
    it(`leave nothing half-written when any request of a ${write} fails, and a retry counts once`, async () => {
      // What the write changes when nothing fails, and how many database requests it makes.
      const baselineUid = `fi-${write}-ok`;
      const counted = faultyDatabase(FAULTS['answers 500'], Number.POSITIVE_INFINITY);
      const before = await snapshot();
      const ok = await send(request(postId).path, counted, { ...request(postId), uid: baselineUid });
      expect(ok.status, ok.body).toBeLessThan(300);
      const complete = changedPaths(before, await snapshot(), baselineUid);
      expect(complete.length).toBeGreaterThan(0);
      const mutations = [] as string[];
      await send(
        request(postId).path,
        {
          databaseFetch: (input, init) => {
            if (init?.method && init.method !== 'GET') mutations.push(init.method);
            return fetch(input, init);
          },
        },
        { ...request(postId), uid: `fi-${write}-count` },
      );
      // Gated writes take their gate with one conditional PUT, then commit everything in one PATCH.
      expect(
        mutations.filter((method) => method === 'PATCH'),
        write,
      ).toHaveLength(1);

      for (let failing = 1; failing <= counted.requests(); failing++) {
        const uid = `fi-${write}-${String(failing)}`;
        const start = await snapshot();
        const countBefore = count ? await db.get(count(postId)) : null;
        const failed = await send(
          request(postId).path,
          faultyDatabase(FAULTS['answers 500'], failing, failing),
          {
            ...request(postId),
            uid,
          },
        );
        expectNothingLeaked(failed.body, write);
        const changed = changedPaths(start, await snapshot(), uid);
        // Before its one PATCH lands nothing is left behind (a taken gate is put back); after it, all is there.
        expect([[], complete], `${write} with request ${String(failing)} failing`).toContainEqual(changed);
        if (failed.status < 300) expect(changed).toEqual(complete);
        // A post or comment that landed is answered as made: told otherwise, the member would send it twice.
        else if (!idempotent && changed.length > 0)
          expect(failed.status, `${write}: ${failed.body}`).toBeLessThan(300);
        // The member tries again: the write is whole, and counted once.
        const retried = await send(request(postId).path, {}, { ...request(postId), uid });
        expect(retried.status, retried.body).toBeLessThan(300);
        expect(changedPaths(start, await snapshot(), uid), `${write} retried`).toEqual(complete);
        if (count) expect(await db.get(count(postId)), `${write} count`).toBe(Number(countBefore ?? 0) + 1);
      }
    });
  }
});

describe('a write whose commit gets no answer', () => {
  // The commit PATCH sent, and no answer back: it timed out (the Worker's limit) or the connection dropped.
  // It may have landed, or may land later: the write gate keeps the member's entry held (shared/transitions/
  // gated-transition.ts) so that a retry decides from what landed, never counting twice.
  const GAME = 'fi-hollow';
  const gatePath = (uid: string) => `follows_history/${uid}/game:${GAME}`;
  const follow = (uid: string, databaseFetch: typeof fetch) =>
    send(`/api/follows/game/${GAME}`, { databaseFetch }, { method: 'PUT', uid });
  const isCommit = (uid: string, init: RequestInit | undefined) =>
    init?.method === 'PATCH' && typeof init.body === 'string' && init.body.includes(gatePath(uid));

  beforeAll(async () => {
    await db.patch('', {
      [`games/${GAME}`]: testGame(GAME, 'Fault Hollow', 100),
      'users/fi-late/public/username': 'web-figuests',
      'users/fi-lost/public/username': 'web-figuests',
    });
  });

  it('timed out and landing late: answered 503 to retry; the retry waits for it and it counts once', async () => {
    let late: (() => Promise<Response>) | undefined;
    const timingOut: typeof fetch = (input, init) => {
      if (!isCommit('fi-late', init)) return fetch(input, init);
      late = () => fetch(input, init);
      return Promise.reject(new DOMException('The database did not answer in time', 'TimeoutError'));
    };
    const first = await follow('fi-late', timingOut);
    expect(first.status).toBe(503);
    expect(first.headers.get('Retry-After')).toBe('5');
    expect((JSON.parse(first.body) as ApiErrorBody).error.code).toBe('unavailable');
    expectNothingLeaked(first.body, 'follow timed out');
    // The member taps again at once; the first PATCH lands while the retry waits at the gate.
    let looks = 0;
    const landing: typeof fetch = async (input, init) => {
      const path = decodeURIComponent(new URL(input instanceof Request ? input.url : String(input)).pathname);
      if ((init?.method ?? 'GET') === 'GET' && path === `/${gatePath('fi-late')}.json`) looks += 1;
      const send = late;
      if (send && (looks >= 3 || init?.method === 'PATCH')) {
        late = undefined;
        expect((await send()).status).toBe(200);
      }
      return fetch(input, init);
    };
    const retried = await follow('fi-late', landing);
    expect(retried.status, retried.body).toBe(200);
    expect(JSON.parse(retried.body)).toMatchObject({ following: true });
    expect(await db.get(`games/${GAME}/follows`)).toBe(1);
  });

  it('landed with its answer lost (the connection dropped): answered as done, counted once', async () => {
    const dropping: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (isCommit('fi-lost', init)) throw new TypeError('fetch failed: socket hang up');
      return answer;
    };
    const before = Number(await db.get(`games/${GAME}/follows`));
    const followed = await follow('fi-lost', dropping);
    expect(followed.status, followed.body).toBe(200);
    expect(JSON.parse(followed.body)).toMatchObject({ following: true });
    const again = await follow('fi-lost', (input, init) => fetch(input, init));
    expect(again.status).toBe(200);
    expect(await db.get(`games/${GAME}/follows`)).toBe(before + 1);
  });
});

describe('search and the home feed while their functions do not answer', () => {
  /** The app waits this long for a function here (70 s when deployed). */
  const FUNCTIONS_TIMEOUT_MS = 100;
  const silent = (origin: string) => ({
    ...env,
    FUNCTIONS_BASE_URL: `${origin}/stand-in-silent/us-central1`,
  });

  it('answers the search page and the search API with "not available just now" after the time limit', async () => {
    const environment = silent(inject('searchFunctionsOrigin'));
    const page = await send(
      '/search?q=portal',
      { functionsTimeoutMs: FUNCTIONS_TIMEOUT_MS },
      { environment },
    );
    expect(page.status).toBe(503);
    expect(page.body).toContain('Search is not available just now. Please try again in a moment.');
    expectNothingLeaked(page.body, 'search page');
    const api = await send(
      '/api/search?q=portal',
      { functionsTimeoutMs: FUNCTIONS_TIMEOUT_MS },
      { environment },
    );
    expect(api.status).toBe(503);
    expect(api.headers.get('Retry-After')).toBe('5');
    expect((JSON.parse(api.body) as ApiErrorBody).error.code).toBe('unavailable');
  });

  it('answers the home feed with "not available just now" after the time limit', async () => {
    const { status, body, headers } = await send(
      '/api/feed',
      { functionsTimeoutMs: FUNCTIONS_TIMEOUT_MS },
      { uid: 'fi-rosa', environment: silent(inject('feedFunctionsOrigin')) },
    );
    expect(status).toBe(503);
    expect(headers.get('Retry-After')).toBe('5');
    expect((JSON.parse(body) as ApiErrorBody).error).toEqual({
      code: 'unavailable',
      message: 'Your feed is not available just now. Please try again in a moment.',
    });
  });
});
