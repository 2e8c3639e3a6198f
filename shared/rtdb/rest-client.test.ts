import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createRtdbClient } from './rest-client.ts';

describe('checked reads', () => {
  const answering = (body: unknown) =>
    createRtdbClient({
      databaseUrl: 'http://127.0.0.1:1',
      credential: { kind: 'anonymous' },
      fetch: () => Promise.resolve(Response.json(body)),
    });

  it('answer the value parsed by the schema, defaults filled in', async () => {
    const schema = z.object({ name: z.string(), follows: z.number().default(0) });
    expect(await answering({ name: 'Hades' }).read('games/hades', schema)).toEqual({
      name: 'Hades',
      follows: 0,
    });
    expect(await answering(null).read('games/hades', schema)).toBeNull();
  });

  it('treat a value of the wrong shape as absent and log where it was', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(
        await answering({ a: 'x' }).query(
          'posts_by_id/hades',
          { orderBy: '$value' },
          z.record(z.string(), z.number()),
        ),
      ).toBeNull();
      expect(logged).toHaveBeenCalledWith('Invalid data at posts_by_id/hades', expect.any(String));
    } finally {
      logged.mockRestore();
    }
  });
});

describe('a database that fails', () => {
  const failing = (answer: typeof fetch, timeoutMs?: number) =>
    createRtdbClient({
      databaseUrl: 'http://127.0.0.1:1',
      credential: { kind: 'anonymous' },
      fetch: answer,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });

  it('is given up on after the timeout when it never answers, as a 504 naming the path', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        const signal = init?.signal;
        if (!signal) throw new Error('no timeout signal');
        signal.addEventListener('abort', () => {
          reject(signal.reason as Error);
        });
      });
    await expect(failing(hanging, 20).get('games/hades')).rejects.toMatchObject({
      name: 'RtdbError',
      status: 504,
      path: 'games/hades',
      // Sent and never answered: a write may have landed or may still land.
      outcomeUnknown: true,
    });
  });

  it('is given up on after the timeout when the access token never comes, as a 504, without asking the database', async () => {
    let asked = false;
    const db = createRtdbClient({
      databaseUrl: 'http://127.0.0.1:1',
      credential: { kind: 'accessToken', getToken: () => new Promise<string>(() => undefined) },
      fetch: () => {
        asked = true;
        return Promise.resolve(Response.json(null));
      },
      timeoutMs: 20,
    });
    await expect(db.patch('', { 'games/hades/follows': 1 })).rejects.toMatchObject({
      name: 'RtdbError',
      status: 504,
      path: '',
      // Never sent: nothing can land.
      outcomeUnknown: false,
    });
    expect(asked).toBe(false);
  });

  it('leaves no timer armed once a request is answered, however many are made', async () => {
    vi.useFakeTimers();
    try {
      const db = failing(() => Promise.resolve(Response.json({ name: 'Hades' })), 10_000);
      await Promise.all(Array.from({ length: 50 }, () => db.get('games/hades')));
      // A workerd isolate holds at most 10,000 timers: one per request left for 10 s would exhaust them.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  /** A database that takes every request and never answers it (until the request's signal aborts). */
  const neverAnswering: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      const signal = init?.signal;
      if (!signal) throw new Error('no timeout signal');
      signal.addEventListener('abort', () => {
        reject(signal.reason as Error);
      });
    });

  it("gives up on each of a page's reads started together after the limit, with one timer between them", async () => {
    // The clock stands still between the reads, as workerd's does until some I/O happens.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const db = failing(neverAnswering, 1000);
      const reads = Array.from({ length: 20 }, (_, index) =>
        db.get(`games/game-${String(index)}`).catch((error: unknown) => error),
      );
      // One timer armed for the twenty, not one each: an isolate holds only so many.
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(999);
      const settled = await Promise.race([Promise.all(reads).then(() => 'settled'), Promise.resolve('open')]);
      expect(settled).toBe('open');
      await vi.advanceTimersByTimeAsync(1);
      for (const [index, error] of (await Promise.all(reads)).entries()) {
        expect(error).toMatchObject({ name: 'RtdbError', status: 504, path: `games/game-${String(index)}` });
      }
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a read started later its own whole limit, not what is left of the reads before it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const db = failing(neverAnswering, 1000);
      const first = db.get('games/hades').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(600);
      let laterSettled = false;
      const later = db.get('games/celeste').catch((error: unknown) => {
        laterSettled = true;
        return error;
      });
      await vi.advanceTimersByTimeAsync(400);
      expect(await first).toMatchObject({ status: 504, path: 'games/hades' });
      expect(laterSettled).toBe(false);
      await vi.advanceTimersByTimeAsync(599);
      expect(laterSettled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await later).toMatchObject({ status: 504, path: 'games/celeste' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still limits reads started together when one of them was answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const db = failing(
        (input, init) =>
          (input instanceof Request ? input.url : String(input)).includes('answered')
            ? Promise.resolve(Response.json(1))
            : neverAnswering(input, init),
        1000,
      );
      const answered = db.get('games/answered');
      const hanging = db.get('games/hanging').catch((error: unknown) => error);
      expect(await answered).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await hanging).toMatchObject({ status: 504, path: 'games/hanging' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers an RtdbError when it cannot be reached or answers something that is not JSON', async () => {
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(failing(unreachable).get('games/hades')).rejects.toMatchObject({
      status: 503,
      outcomeUnknown: true,
    });
    const proxyPage: typeof fetch = () => Promise.resolve(new Response('<html>Bad gateway</html>'));
    await expect(failing(proxyPage).get('games/hades')).rejects.toMatchObject({
      status: 502,
      outcomeUnknown: true,
    });
  });

  it('tells a write the database refused (its own error answer) from one that got no answer', async () => {
    const refusing: typeof fetch = () =>
      Promise.resolve(Response.json({ error: 'Internal error' }, { status: 500 }));
    await expect(failing(refusing).patch('', { 'games/hades/follows': 1 })).rejects.toMatchObject({
      status: 500,
      outcomeUnknown: false,
    });
    // Something in front of the database gave up (a gateway's 502 or 504, a load balancer's own 503
    // page): the PATCH may have reached the database, so it must not be taken for refused.
    for (const gatewayAnswer of [
      new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      Response.json({ error: 'upstream request timeout' }, { status: 504 }),
      new Response('Service Unavailable', { status: 503 }),
    ]) {
      const gateway: typeof fetch = () => Promise.resolve(gatewayAnswer);
      await expect(failing(gateway).patch('', { 'games/hades/follows': 1 })).rejects.toMatchObject({
        status: gatewayAnswer.status,
        outcomeUnknown: true,
      });
    }
    const dropped: typeof fetch = () => Promise.reject(new TypeError('fetch failed: socket hang up'));
    await expect(failing(dropped).patch('', { 'games/hades/follows': 1 })).rejects.toMatchObject({
      status: 503,
      outcomeUnknown: true,
    });
  });
});
