import { describe, expect, it } from 'vitest';
import { createRtdbClient } from './rest-client.ts';
import { createSharedReads, sharedRead, withSharedReads } from './shared-reads.ts';

/** A client of a database nobody asks: these tests only look at which client shares what. */
const anonymousClient = () =>
  createRtdbClient({ databaseUrl: 'http://127.0.0.1:9', credential: { kind: 'anonymous' } });

/** A read counting how often it is made, answering the count. */
function counted() {
  let reads = 0;
  return {
    load: () => Promise.resolve(++reads),
    get reads() {
      return reads;
    },
  };
}

describe('shared reads', () => {
  it('answer a read made less than their lifetime ago, and read again after it', async () => {
    let now = 1_000;
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => now });
    const read = counted();
    expect(await shared.read('top games', read.load)).toBe(1);
    now += 1000;
    expect(await shared.read('top games', read.load)).toBe(1);
    now += 1;
    expect(await shared.read('top games', read.load)).toBe(2);
    expect(read.reads).toBe(2);
  });

  it('read again when the clock goes back', async () => {
    let now = 5_000;
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => now });
    const read = counted();
    await shared.read('top games', read.load);
    now -= 1;
    expect(await shared.read('top games', read.load)).toBe(2);
  });

  it('share a read still under way with the pages asking meanwhile', async () => {
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => 0 });
    const read = counted();
    const answers = await Promise.all([1, 2, 3].map(() => shared.read('top games', read.load)));
    expect(answers).toEqual([1, 1, 1]);
    expect(read.reads).toBe(1);
  });

  it('keep no failed read: each page waiting on it reads for itself, and the next one too', async () => {
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => 0 });
    let reads = 0;
    const failing = () => {
      reads++;
      return Promise.reject(new Error('database unavailable'));
    };
    const first = shared.read('top games', failing);
    const waiting = shared.read('top games', () => Promise.resolve('read by the waiting page'));
    await expect(first).rejects.toThrow('database unavailable');
    expect(await waiting).toBe('read by the waiting page');
    expect(await shared.read('top games', () => Promise.resolve('read afresh'))).toBe('read afresh');
    expect(reads).toBe(1);
  });

  it('forget every answer when told something was written', async () => {
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => 0 });
    const read = counted();
    await shared.read('top games', read.load);
    shared.forget();
    expect(await shared.read('top games', read.load)).toBe(2);
  });

  it('keep at most so many answers, the oldest going first', async () => {
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => 0, maxKept: 2 });
    const a = counted();
    await shared.read('a', a.load);
    await shared.read('b', () => Promise.resolve(0));
    await shared.read('c', () => Promise.resolve(0));
    expect(await shared.read('a', a.load)).toBe(2);
  });

  it('are used only by the client given them, for its database: not by one with another credential', async () => {
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => 0 });
    const publicClient = withSharedReads(anonymousClient(), shared, 'database one');
    const read = counted();
    await sharedRead(publicClient, 'top games', read.load);
    expect(await sharedRead(publicClient, 'top games', read.load)).toBe(1);
    // A member's client (the Worker's asUser) is derived from the public one: it never shares.
    const member = publicClient.withCredential({ kind: 'idToken', token: 'a member' });
    expect(await sharedRead(member, 'top games', read.load)).toBe(2);
    expect(await sharedRead(member, 'top games', read.load)).toBe(3);
    // Another database's public client given the same shared reads keeps its own answers.
    const otherDatabase = withSharedReads(anonymousClient(), shared, 'database two');
    expect(await sharedRead(otherDatabase, 'top games', read.load)).toBe(4);
    // A client never given any (the functions', the tools') reads every time.
    expect(await sharedRead(anonymousClient(), 'top games', read.load)).toBe(5);
  });

  it('keep no answer built from data of the wrong shape, and tell every page that shared it', async () => {
    const shared = createSharedReads({ lifetimeMs: 1000, clock: () => 0 });
    const told: string[] = [];
    const page = (name: string) =>
      withSharedReads(
        createRtdbClient({
          databaseUrl: 'http://127.0.0.1:9',
          credential: { kind: 'anonymous' },
          onWrongShape: (path) => told.push(`${name}: ${path}`),
        }),
        shared,
        'database one',
      );
    const first = page('first');
    let reads = 0;
    // A read that left a record out as of the wrong shape (as queryRecords does), answering the rest.
    const withABadRecord = () => {
      reads++;
      first.reportWrongShape('games/broken');
      return Promise.resolve(['the good games']);
    };
    const [a, b] = await Promise.all([
      sharedRead(first, 'top games', withABadRecord),
      sharedRead(page('second'), 'top games', withABadRecord),
    ]);
    expect([a, b]).toEqual([['the good games'], ['the good games']]);
    expect(told).toEqual(['first: games/broken', 'first: top games', 'second: top games']);
    // Not kept: the next page reads again.
    await sharedRead(page('third'), 'top games', () => Promise.resolve(['read afresh']));
    expect(reads).toBe(1);
    expect(await sharedRead(page('fourth'), 'top games', withABadRecord)).toEqual(['read afresh']);
  });
});
