import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../../emulator/index.ts';
import { createSearchService, type SearchService } from './search-service.ts';
import { planAccountSections } from '../../../shared/accounts/account-sections.ts';
import { gameNode, usersPublicNode } from '../../../shared/rtdb/paths.ts';
import { serverIncrement } from '../../../shared/rtdb/server-values.ts';
import {
  startTestDatabase,
  TEST_DATABASE_NOW,
  type TestDatabase,
} from '../../../tests/integration/emulator-db.ts';

// The search the `http-doSearch` callable runs, against the project's database emulator: the index is
// built from `games` and `users_public` on the first search and follows every later write over the
// database's REST stream — a member who has just signed up is found within moments, without reading the
// member list again.

let db: TestDatabase;
const services: SearchService[] = [];
beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    ...gameNode('portal-2').set({
      name: 'Portal 2',
      deeplink_url_code: 'portal-2',
      follows: 3,
      weighted_index: 140_000,
    }),
    ...gameNode('portal').set({
      name: 'Portal',
      deeplink_url_code: 'portal',
      follows: 0,
      weighted_index: 60_000,
    }),
    ...gameNode('dark-souls-iii').set({
      name: 'DARK SOULS™ III',
      deeplink_url_code: 'dark-souls-iii',
      icon: 'https://cdn.example/ds3.jpg',
      follows: 0,
      weighted_index: 110_000,
    }),
    ...gameNode('dark-souls-ii').set({
      name: 'DARK SOULS™ II',
      deeplink_url_code: 'dark-souls-ii',
      follows: 0,
      weighted_index: 50_000,
    }),
    ...usersPublicNode('uid-ana').set({ username: 'ana_roguelites', icon: 'https://cdn.example/ana.png' }),
  });
});
afterEach(() => {
  for (const service of services.splice(0)) service.close();
});
afterAll(async () => {
  await db.close();
});

/** A search service on the test database, counting the streams it opens. */
function searchService(clock: () => number = () => TEST_DATABASE_NOW) {
  const opened: string[] = [];
  const service = createSearchService({
    source: {
      databaseUrl: db.emulator.url,
      namespace: DEFAULT_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
      fetch: (input, init) => {
        opened.push(new URL(input instanceof Request ? input.url : input).pathname);
        return fetch(input, init);
      },
    },
    clock,
  });
  services.push(service);
  const names = async (name: string) =>
    (await service.search({ name, limit: 25 })).results.map((result) => result.name);
  return { service, opened, names };
}

/** Searches until `found` holds (the stream delivers writes within milliseconds); answers how long it took. */
async function searchUntil(check: () => Promise<boolean>, withinMs = 3_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not found within ${String(withinMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

describe('search over the database', () => {
  it('builds the index on the first search from games and members, and answers result rows', async () => {
    const { service, opened } = searchService();
    expect(opened).toEqual([]);
    const answer = await service.search({ name: 'dark so', limit: 25 });
    expect(answer).toEqual({
      success: true,
      results: [
        {
          _type: 'game',
          _id: 'dark-souls-iii',
          name: 'DARK SOULS™ III',
          link: '/game/dark-souls-iii',
          image: 'https://cdn.example/ds3.jpg',
        },
        { _type: 'game', _id: 'dark-souls-ii', name: 'DARK SOULS™ II', link: '/game/dark-souls-ii' },
      ],
    });
    expect((await service.search({ name: 'ana', limit: 25 })).results).toEqual([
      {
        _type: 'user',
        _id: 'uid-ana',
        name: 'ana_roguelites',
        link: '/user/ana_roguelites',
        image: 'https://cdn.example/ana.png',
      },
    ]);
    expect(service.stats()).toMatchObject({ games: 4, users: 1 });
    // One stream per node, kept open: later searches read memory only.
    await service.search({ name: 'portal', limit: 25 });
    expect(opened.sort()).toEqual(['/games.json', '/users_public.json']);
  });

  it('finds a member who has just signed up within moments, and a guest once they become a member', async () => {
    const { names } = searchService();
    expect(await names('mia_speed')).toEqual([]);

    await db.server.patch(
      '',
      planAccountSections({
        uid: 'uid-mia',
        profileName: 'mia_speedruns',
        email: 'mia@example.com',
        created: null,
        isOnboarded: false,
      }),
    );
    const tookMs = await searchUntil(async () => (await names('mia_speed')).includes('mia_speedruns'));
    expect(tookMs).toBeLessThan(3_000);

    // A guest (web-… display name) is not a result; signing up later renames them in place.
    await db.server.patch(
      '',
      planAccountSections({
        uid: 'uid-guest',
        profileName: 'web-AbCd1234',
        email: null,
        created: null,
        isOnboarded: false,
      }),
    );
    await searchUntil(async () => (await names('mia')).length === 1);
    expect(await names('web')).toEqual([]);
    await db.server.patch(
      '',
      planAccountSections({
        uid: 'uid-guest',
        profileName: 'zoe_farming',
        email: 'zoe@example.com',
        created: 1,
        isOnboarded: true,
      }),
    );
    await searchUntil(async () => (await names('zoe')).includes('zoe_farming'));
  });

  it('follows games as they change: a new game, a new icon, a follower count that re-ranks, a removal', async () => {
    const { service, names } = searchService();
    expect(await names('dark souls')).toEqual(['DARK SOULS™ III', 'DARK SOULS™ II']);

    await db.server.patch('', gameNode('dark-souls-ii').child('follows').set(serverIncrement(100_000)));
    await searchUntil(async () => (await names('dark souls'))[0] === 'DARK SOULS™ II');

    await db.server.patch(
      '',
      gameNode('dark-souls').set({
        name: 'DARK SOULS™: REMASTERED',
        deeplink_url_code: 'dark-souls',
        follows: 0,
      }),
    );
    await searchUntil(async () => (await names('remastered')).includes('DARK SOULS™: REMASTERED'));
    await db.server.patch('', gameNode('dark-souls').child('icon').set('https://cdn.example/ds1.jpg'));
    await searchUntil(
      async () =>
        (await service.search({ name: 'remastered', limit: 25 })).results[0]?.image ===
        'https://cdn.example/ds1.jpg',
    );

    await db.server.delete('games/dark-souls');
    await searchUntil(async () => (await names('remastered')).length === 0);
  });

  it('reopens a stream that has gone silent, answering from the index meanwhile', async () => {
    let now = TEST_DATABASE_NOW;
    const { opened, names } = searchService(() => now);
    expect(await names('portal')).toEqual(['Portal', 'Portal 2']);
    expect(opened).toHaveLength(2);
    // Nothing heard, not even a keep-alive, for longer than a live stream stays quiet.
    now += 10 * 60_000;
    expect(await names('portal')).toEqual(['Portal', 'Portal 2']);
    expect(opened).toHaveLength(4);
  });

  /** A database at a port of this machine that answers as `serve` does, for as long as `use` runs. */
  async function withDatabase(
    serve: Parameters<typeof createServer>[1],
    use: (url: string, asked: () => number) => Promise<void>,
  ): Promise<void> {
    let asked = 0;
    const server: Server = createServer((request, response) => {
      asked++;
      serve?.(request, response);
    });
    server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      await use(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, () => asked);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  for (const [what, serve] of [
    ['takes the connection and never answers', () => undefined],
    [
      'answers the stream’s headers and then nothing',
      (_request: unknown, response: ServerResponse) => {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.flushHeaders();
      },
    ],
  ] as const) {
    it(`fails within its time limit when the database ${what}, and asks again on the next search`, async () => {
      await withDatabase(serve, async (databaseUrl, asked) => {
        const service = createSearchService({
          source: { databaseUrl, credential: { kind: 'emulatorOwner' } },
          clock: () => TEST_DATABASE_NOW,
          openTimeoutMs: 100,
        });
        services.push(service);
        const started = performance.now();
        await expect(service.search({ name: 'portal', limit: 25 })).rejects.toThrow(
          /did not open within 100 ms/,
        );
        expect(performance.now() - started).toBeLessThan(2_000);
        const first = asked();
        expect(first).toBe(2);
        await expect(service.search({ name: 'portal', limit: 25 })).rejects.toThrow(/did not open/);
        // The stream given up on is asked for again (a search may also wait out the other's last moments).
        await searchUntil(() => Promise.resolve(asked() > first), 1_000);
      });
    });
  }

  it('fails, rather than answering nothing, when the database cannot be read', async () => {
    const service = createSearchService({
      source: { databaseUrl: 'http://127.0.0.1:9', credential: { kind: 'emulatorOwner' } },
      clock: () => TEST_DATABASE_NOW,
    });
    services.push(service);
    await expect(service.search({ name: 'portal', limit: 25 })).rejects.toThrow();
  });
});
