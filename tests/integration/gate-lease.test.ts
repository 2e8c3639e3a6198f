import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_NAMESPACE, startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { LOCAL_PROJECT_ID } from '../../scripts/stack/local-namespace.ts';
import { createRtdbClient, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../../shared/rtdb/server-values.ts';
import {
  commitGatedTransition,
  GATE_LEASE_MS,
  GATE_MEASURE_AFTER_MS,
} from '../../shared/transitions/gated-transition.ts';
import { commitLibraryShelving } from '../../shared/transitions/library-shelving.ts';

// The write gate's lease (shared/transitions/gated-transition.ts) against the real database emulator, with
// the Worker's clock and the database's each set by the test: a request held up after taking the gate
// must not commit once its mark could have been taken over, and whether a mark is abandoned must not
// depend on the two clocks agreeing. The times are in 2021, before any day these tests run, so the gate
// as it was (which read the machine's clock) shows what it did with them.

const T = Date.UTC(2021, 4, 17, 9, 30, 0);
const HOUR = 3_600_000;
const YEARS = 10 * 365 * 24 * HOUR;
/** The Worker's clock; `ticking` moves it on each time it is read (a request's time passing as it works). */
const worker = { now: T, ticking: 0 };
const workerClock = () => (worker.now += worker.ticking);
/** The database's clock runs with the Worker's, this far ahead (or behind, negative). */
let databaseAhead = 0;
const databaseNow = () => worker.now + databaseAhead;

let emulator: RunningEmulator;
let db: RtdbClient;
const clientWith = (fetch: typeof globalThis.fetch): RtdbClient =>
  createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
    fetch,
  });

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    rules: 'database.rules.json',
    projectId: LOCAL_PROJECT_ID,
    clock: databaseNow,
  });
  db = clientWith((input, init) => fetch(input, init));
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(async () => {
  worker.now = T;
  worker.ticking = 0;
  databaseAhead = 0;
  await db.put('', null);
  await db.put('games/hades', { name: 'Hades', deeplink_url_code: 'hades', follows: 0 });
});

const GATE = 'follows_history/ana/game:hades';
const followEntrySchema = z.object({ following: z.boolean() });

/** Ana follows Hades through the gate: the game's count moves once however often she asks. */
const follow = (client: RtdbClient) =>
  commitGatedTransition(client, {
    gatePath: GATE,
    entrySchema: followEntrySchema,
    clock: workerClock,
    decide: (current) =>
      current?.following
        ? { kind: 'unchanged', result: { counted: false } }
        : {
            kind: 'write',
            next: { following: true },
            updates: { 'games/hades/follows': { '.sv': { increment: 1 } } },
            result: { counted: true },
          },
  });

const method = (init: RequestInit | undefined) => init?.method ?? 'GET';
const isConditional = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['if-match'] !== undefined;
const pathOf = (input: string | URL | Request) =>
  decodeURIComponent(new URL(input instanceof Request ? input.url : input).pathname);

describe('a request held up after taking the gate', () => {
  it('sends nothing once its mark could have been taken over; the one that took it over counts once', async () => {
    let other: Promise<{ counted: boolean }> | undefined;
    const heldUp = clientWith(async (input, init) => {
      const answer = await fetch(input, init);
      if (method(init) === 'PUT' && isConditional(init) && answer.status === 200 && !other) {
        // Its gate taken, the request is held up for 16 s (an isolate starved of CPU), meanwhile Ana's
        // second tap comes for the same gate and finds the mark past its lease.
        worker.now += 16_000;
        other = follow(db);
        await other;
      }
      return answer;
    });
    const first = await follow(heldUp);
    expect(await other).toEqual({ counted: true });
    expect(first).toEqual({ counted: false });
    expect(await db.get('games/hades/follows')).toBe(1);
    expect(await db.get(GATE)).toEqual({ following: true });
  });

  it('commits when it is held up less than that', async () => {
    const slow = clientWith(async (input, init) => {
      const answer = await fetch(input, init);
      if (method(init) === 'PUT' && isConditional(init)) worker.now += 4_000;
      return answer;
    });
    expect(await follow(slow)).toEqual({ counted: true });
    expect(await db.get('games/hades/follows')).toBe(1);
  });
});

describe('a mark another request holds, whatever the two clocks say', () => {
  it('is waited for while fresh, even when the database’s clock is an hour behind the Worker’s', async () => {
    databaseAhead = -HOUR;
    let looks = 0;
    let holderCommit!: () => void;
    const commitMayGo = new Promise<void>((resolve) => (holderCommit = resolve));
    let committed!: () => void;
    const holderCommitted = new Promise<void>((resolve) => (committed = resolve));
    let marked!: () => void;
    const holderMarked = new Promise<void>((resolve) => (marked = resolve));
    const holder = clientWith(async (input, init) => {
      if (method(init) === 'PATCH') {
        await commitMayGo;
        const answer = await fetch(input, init);
        committed();
        return answer;
      }
      const answer = await fetch(input, init);
      if (method(init) === 'PUT' && isConditional(init)) marked();
      return answer;
    });
    const waiter = clientWith(async (input, init) => {
      // The holder commits after the waiter has looked three times, or just before the waiter's own commit.
      if (pathOf(input) === `/${GATE}.json` && method(init) === 'GET') looks += 1;
      if (looks >= 3 || method(init) === 'PATCH') {
        holderCommit();
        await holderCommitted;
      }
      return fetch(input, init);
    });
    const first = follow(holder);
    await holderMarked;
    const second = await follow(waiter);
    expect(await first).toEqual({ counted: true });
    expect(second).toEqual({ counted: false });
    expect(await db.get('games/hades/follows')).toBe(1);
  });

  for (const [clocks, ahead] of [
    ['years ahead of', 10 * YEARS],
    ['an hour behind', -HOUR],
  ] as const) {
    it(`left behind long ago, is taken over at once (database’s clock ${clocks} the Worker’s)`, async () => {
      databaseAhead = ahead;
      await leaveAbandonedMark();
      worker.now += 60_000;
      worker.ticking = 50;
      const startedAt = worker.now;
      let committedAt = 0;
      const waiter = clientWith((input, init) => {
        if (method(init) === 'PATCH') committedAt = worker.now;
        return fetch(input, init);
      });
      expect(await follow(waiter)).toEqual({ counted: true });
      // Asked the database how old the mark is within a second of watching it, not after a whole lease.
      expect(committedAt - startedAt).toBeLessThan(GATE_MEASURE_AFTER_MS + 1_000);
      expect(await db.get('games/hades/follows')).toBe(1);
      expect(await db.get(GATE)).toEqual({ following: true });
    });

    it(`left behind just now, is taken over once its lease has run out, not before (database’s clock ${clocks} the Worker’s)`, async () => {
      databaseAhead = ahead;
      const since = await leaveAbandonedMark();
      worker.now += 5_000;
      worker.ticking = 200;
      let ageAtCommit = 0;
      const waiter = clientWith((input, init) => {
        if (method(init) === 'PATCH') ageAtCommit = databaseNow() - since;
        return fetch(input, init);
      });
      expect(await follow(waiter)).toEqual({ counted: true });
      expect(ageAtCommit).toBeGreaterThanOrEqual(GATE_LEASE_MS);
      expect(ageAtCommit).toBeLessThan(GATE_LEASE_MS + 1_000);
      expect(await db.get('games/hades/follows')).toBe(1);
    });
  }
});

describe('the library’s batch gate', () => {
  const batch = (client: RtdbClient) =>
    commitLibraryShelving(
      client,
      { uid: 'ana', overwrite: true, games: [{ gameId: 'hades', shelf: 'played', score: 9 }] },
      () => worker.now,
      workerClock,
    );

  it('a batch held up after taking the gate sends nothing; the tap that took it over counts once', async () => {
    let other: Promise<unknown> | undefined;
    const heldUp = clientWith(async (input, init) => {
      const answer = await fetch(input, init);
      if (method(init) === 'PUT' && isConditional(init) && answer.status === 200 && !other) {
        worker.now += 16_000;
        other = batch(db);
        await other;
      }
      return answer;
    });
    const first = await batch(heldUp);
    expect(await other).toEqual([{ gameId: 'hades', outcome: 'changed' }]);
    expect(first).toEqual([{ gameId: 'hades', outcome: 'unchanged' }]);
    expect(await db.get('games/hades/shelves/played')).toBe(1);
    expect(await db.get('games/hades/ratings')).toMatchObject({ count: 1, sum: 9 });
    expect(await db.get('users/ana/private/gamelist/hades')).toMatchObject({ status: 'played', score: 9 });
  });

  it('waits for a fresh mark even when the database’s clock is an hour behind', async () => {
    databaseAhead = -HOUR;
    // A tap holding Hades's entry right now (its PATCH on its way).
    await db.put('users/ana/private/gamelist/hades', {
      status: 'want',
      pending: { op: 'a-tap', since: SERVER_TIMESTAMP, previous: null },
    });
    let looks = 0;
    const waiter = clientWith(async (input, init) => {
      // A look is any request at Hades's entry: the batch's conditional PUT answers the entry when refused.
      if (pathOf(input) === '/users/ana/private/gamelist/hades.json') looks += 1;
      // The tap commits after the batch has looked three times, or just before the batch's own commit.
      if (looks === 3 || (method(init) === 'PATCH' && looks < 3))
        await db.patch('', {
          'users/ana/private/gamelist/hades': { status: 'want', timestamp: T },
          'games/hades/shelves/want': 1,
        });
      return fetch(input, init);
    });
    expect(await batch(waiter)).toEqual([{ gameId: 'hades', outcome: 'changed' }]);
    // The batch moved Hades from the tap's shelf, never from the state before the tap.
    expect(await db.get('games/hades/shelves')).toMatchObject({ want: 0, played: 1 });
  });

  it('takes over a mark left behind long ago, the database’s clock years ahead', async () => {
    databaseAhead = 10 * YEARS;
    await db.put('users/ana/private/gamelist/hades', {
      status: 'want',
      pending: { op: 'a-dead-tap', since: SERVER_TIMESTAMP, previous: null },
    });
    worker.now += 60_000;
    worker.ticking = 50;
    expect(await batch(db)).toEqual([{ gameId: 'hades', outcome: 'changed' }]);
    expect(await db.get('games/hades/shelves/played')).toBe(1);
  });
});

describe('a commit PATCH that gets no answer', () => {
  /** The database's error answer, as the REST API gives one. */
  const refusal = () => Response.json({ error: 'Internal error' }, { status: 500 });
  /** What a fetch throws when the Worker's time limit for a request runs out (shared/rtdb/rest-client.ts). */
  const timedOut = () => new DOMException('The database did not answer in time', 'TimeoutError');

  /**
   * A client whose commit PATCH times out before it reaches the database; `land` sends it later (a PATCH
   * held up on its way), answering when it has landed.
   */
  function timingOut(): { client: RtdbClient; land: () => Promise<void> } {
    let late: (() => Promise<Response>) | undefined;
    return {
      client: clientWith((input, init) => {
        if (method(init) !== 'PATCH') return fetch(input, init);
        late = () => fetch(input, init);
        return Promise.reject(timedOut());
      }),
      land: async () => {
        const send = late;
        late = undefined;
        if (send) expect((await send()).status).toBe(200);
      },
    };
  }

  /** A client whose requests bring in the late PATCH once it has looked at the gate `looks` times, or before its own PATCH. */
  const landingAfter = (looks: number, land: () => Promise<void>) => {
    let seen = 0;
    return clientWith(async (input, init) => {
      if (pathOf(input) === `/${GATE}.json` && method(init) === 'GET') seen += 1;
      if (seen >= looks || method(init) === 'PATCH') await land();
      return fetch(input, init);
    });
  };

  it('timing out and landing late: the next request waits for it and counts nothing twice', async () => {
    const { client, land } = timingOut();
    await expect(follow(client)).rejects.toMatchObject({ name: 'RtdbError', status: 504 });
    // Ana taps again at once: the first PATCH is still on its way, then lands while she waits.
    expect(await follow(landingAfter(3, land))).toEqual({ counted: false });
    expect(await db.get('games/hades/follows')).toBe(1);
    expect(await db.get(GATE)).toEqual({ following: true });
  });

  it('timing out and never landing: the mark holds for its lease, then a request takes it over and counts once', async () => {
    const { client } = timingOut();
    await expect(follow(client)).rejects.toMatchObject({ status: 504 });
    const since = ((await db.get(GATE)) as { pending: { since: number } }).pending.since;
    worker.ticking = 200;
    let ageAtCommit = 0;
    const waiter = clientWith((input, init) => {
      if (method(init) === 'PATCH') ageAtCommit = databaseNow() - since;
      return fetch(input, init);
    });
    expect(await follow(waiter)).toEqual({ counted: true });
    expect(ageAtCommit).toBeGreaterThanOrEqual(GATE_LEASE_MS);
    expect(await db.get('games/hades/follows')).toBe(1);
  });

  it('landed but its answer lost (the connection dropped): answered as done, counted once', async () => {
    const dropped = clientWith(async (input, init) => {
      const answer = await fetch(input, init);
      if (method(init) === 'PATCH') throw new TypeError('fetch failed: socket hang up');
      return answer;
    });
    expect(await follow(dropped)).toEqual({ counted: true });
    expect(await follow(db)).toEqual({ counted: false });
    expect(await db.get('games/hades/follows')).toBe(1);
    expect(await db.get(GATE)).toEqual({ following: true });
  });

  it('refused by the database: the gate is given back at once, and a retry counts once without waiting', async () => {
    const refused = clientWith((input, init) =>
      method(init) === 'PATCH' ? Promise.resolve(refusal()) : fetch(input, init),
    );
    await expect(follow(refused)).rejects.toMatchObject({ status: 500 });
    expect(await db.get(GATE)).toBeNull();
    expect(await db.get('games/hades/follows')).toBe(0);
    // The Worker's clock stands still: a retry that waited for a lease would never finish.
    expect(await follow(db)).toEqual({ counted: true });
    expect(await db.get('games/hades/follows')).toBe(1);
  });

  it('the library’s batch timing out and landing late: a second batch waits for it and counts nothing twice', async () => {
    const batch = (client: RtdbClient) =>
      commitLibraryShelving(
        client,
        { uid: 'ana', overwrite: true, games: [{ gameId: 'hades', shelf: 'played', score: 9 }] },
        () => worker.now,
        workerClock,
      );
    const { client, land } = timingOut();
    await expect(batch(client)).rejects.toMatchObject({ status: 504 });
    // The same file brought in again at once: its first PATCH lands while the second batch waits.
    let looks = 0;
    const waiter = clientWith(async (input, init) => {
      if (pathOf(input).startsWith('/users/ana/private/gamelist') && method(init) !== 'PATCH') looks += 1;
      if (looks >= 3 || method(init) === 'PATCH') await land();
      return fetch(input, init);
    });
    expect(await batch(waiter)).toEqual([{ gameId: 'hades', outcome: 'unchanged' }]);
    expect(await db.get('games/hades/shelves/played')).toBe(1);
    expect(await db.get('games/hades/ratings')).toMatchObject({ count: 1, sum: 9 });
  });
});

/** A mark left by a request that died between taking the gate and its PATCH; answers its `since`. */
async function leaveAbandonedMark(): Promise<number> {
  await db.put(GATE, {
    following: true,
    pending: { op: 'a-dead-request', since: SERVER_TIMESTAMP, previous: null },
  });
  return databaseNow();
}
