import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsignedToken, type RunningEmulator } from './index.ts';
import { call, FIXED_NOW, OWNER, openStream, startTestEmulator } from './test-support.ts';

let emu: RunningEmulator;
const owner = (method: string, path: string, body?: unknown) =>
  call(emu.url, method, path, { body, headers: OWNER });

beforeAll(async () => {
  emu = await startTestEmulator({
    keepAliveMs: 300,
    clock: () => FIXED_NOW,
    rules: {
      rules: {
        rooms: { $room: { '.read': "root.child('members').child($room).child(auth.uid).exists()" } },
        open: { '.read': true, '.indexOn': ['score'] },
      },
    },
  });
});
afterAll(async () => {
  await emu.close();
});

describe('EventSource streaming', () => {
  it('sends the initial put, then put and patch events for changes at or below the location', async () => {
    await owner('PUT', '/s1.json', { a: 1, b: { c: 2 } });
    const stream = await openStream(`${emu.url}/s1.json`, OWNER);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    await stream.waitFor(1);
    await owner('PUT', '/s1/b/c.json', 3);
    await owner('PATCH', '/s1.json', { a: 5, 'b/d': 'x' });
    await owner('PUT', '/s1.json', { z: 1 });
    await owner('DELETE', '/s1/z.json');
    await owner('PUT', '/elsewhere.json', 1);
    await owner('PATCH', '/.json', { 's1/q': 1, other: 2 });
    const events = await stream.waitFor(6);
    expect(events.filter((e) => e.event !== 'keep-alive')).toEqual([
      { event: 'put', data: { path: '/', data: { a: 1, b: { c: 2 } } } },
      { event: 'put', data: { path: '/b/c', data: 3 } },
      { event: 'patch', data: { path: '/', data: { a: 5, 'b/d': 'x' } } },
      { event: 'put', data: { path: '/', data: { z: 1 } } },
      { event: 'put', data: { path: '/z', data: null } },
      { event: 'patch', data: { path: '/', data: { q: 1 } } },
    ]);
    stream.close();
  });

  it('sends put "/" to a stream below a write that changes it, and nothing when it does not change', async () => {
    await owner('PUT', '/s2.json', { a: { x: 1 }, b: 1 });
    const stream = await openStream(`${emu.url}/s2/a.json`, OWNER);
    await stream.waitFor(1);
    await owner('PUT', '/s2.json', { a: { x: 1 }, b: 2 });
    await owner('PUT', '/s2.json', { a: { x: 2 }, b: 2 });
    const events = (await stream.waitFor(2)).filter((e) => e.event !== 'keep-alive');
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.events.filter((e) => e.event !== 'keep-alive')).toEqual([
      { event: 'put', data: { path: '/', data: { x: 1 } } },
      { event: 'put', data: { path: '/', data: { x: 2 } } },
    ]);
    expect(events[0]?.event).toBe('put');
    stream.close();
  });

  it('sends keep-alive events', async () => {
    const stream = await openStream(`${emu.url}/ka.json`, OWNER);
    await stream.waitFor(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(stream.events[0]).toEqual({ event: 'put', data: { path: '/', data: null } });
    expect(stream.events.slice(1).length).toBeGreaterThanOrEqual(1);
    expect(stream.events.slice(1).every((e) => e.event === 'keep-alive' && e.data === null)).toBe(true);
    stream.close();
  });

  it('refuses a stream the rules do not allow, and cancels one when they stop allowing it', async () => {
    await owner('PUT', '/members/r1/alice.json', true);
    const alice = unsignedToken({ sub: 'alice' }, FIXED_NOW);
    const denied = await openStream(
      `${emu.url}/rooms/r1.json?auth=${unsignedToken({ sub: 'eve' }, FIXED_NOW)}`,
    );
    expect(denied.status).toBe(401);
    const stream = await openStream(`${emu.url}/rooms/r1.json?auth=${alice}`);
    expect(stream.status).toBe(200);
    await stream.waitFor(1);
    await owner('PUT', '/rooms/r1/msg.json', 'hi');
    await owner('DELETE', '/members/r1/alice.json');
    await owner('PUT', '/rooms/r1/msg.json', 'secret');
    await stream.ended;
    const events = stream.events.filter((e) => e.event !== 'keep-alive');
    expect(events).toEqual([
      { event: 'put', data: { path: '/', data: null } },
      { event: 'put', data: { path: '/msg', data: 'hi' } },
      { event: 'cancel', data: null },
    ]);
  });

  it('cancels the streams that new rules (PUT /.settings/rules.json) no longer allow to read', async () => {
    const own = await startTestEmulator({
      clock: () => FIXED_NOW,
      rules: { rules: { rooms: { '.read': 'auth != null' }, open: { '.read': true } } },
    });
    try {
      const token = unsignedToken({ sub: 'alice' }, FIXED_NOW);
      const revoked = await openStream(`${own.url}/rooms/r1.json?auth=${token}`);
      const stillOpen = await openStream(`${own.url}/open.json?auth=${token}`);
      const admin = await openStream(`${own.url}/rooms/r1.json`, OWNER);
      await Promise.all([revoked.waitFor(1), stillOpen.waitFor(1), admin.waitFor(1)]);
      // no data changes: only the rules do
      const set = await call(own.url, 'PUT', '/.settings/rules.json', {
        body: { rules: { open: { '.read': true } } },
        headers: OWNER,
      });
      expect(set.status).toBe(200);
      await revoked.waitFor(2);
      await revoked.ended;
      expect(revoked.events.filter((e) => e.event !== 'keep-alive')).toEqual([
        { event: 'put', data: { path: '/', data: null } },
        { event: 'cancel', data: null },
      ]);
      await call(own.url, 'PUT', '/open/x.json', { body: 1, headers: OWNER });
      await call(own.url, 'PUT', '/rooms/r1/y.json', { body: 2, headers: OWNER });
      expect((await stillOpen.waitFor(2)).at(-1)).toEqual({ event: 'put', data: { path: '/x', data: 1 } });
      expect((await admin.waitFor(2)).at(-1)).toEqual({ event: 'put', data: { path: '/y', data: 2 } });
      stillOpen.close();
      admin.close();
    } finally {
      await own.close();
    }
  });

  it('sends auth_revoked when the token expires by the emulator’s clock', async () => {
    await owner('PUT', '/members/r2/bob.json', true);
    // one second of life left at the emulator's (fixed) time, whatever the machine's date
    const exp = Math.floor(FIXED_NOW / 1000) + 1;
    const token = unsignedToken({ sub: 'bob', exp }, FIXED_NOW);
    const stream = await openStream(`${emu.url}/rooms/r2.json?auth=${token}`);
    expect(stream.status).toBe(200);
    await stream.ended;
    const events = stream.events.filter((e) => e.event !== 'keep-alive');
    expect(events).toEqual([
      { event: 'put', data: { path: '/', data: null } },
      { event: 'auth_revoked', data: 'credential is no longer valid' },
    ]);
  });

  it('streams queries and enforces .indexOn on them', async () => {
    await owner('PUT', '/open.json', { a: { score: 1 }, b: { score: 5 }, c: { score: 3 } });
    const bad = await openStream(`${emu.url}/open.json?orderBy="name"`);
    expect(bad.status).toBe(400);
    const stream = await openStream(`${emu.url}/open.json?orderBy="score"&limitToLast=1`);
    await stream.waitFor(1);
    await owner('PUT', '/open/d.json', { score: 10 });
    const events = (await stream.waitFor(2)).filter((e) => e.event !== 'keep-alive');
    expect(events).toEqual([
      { event: 'put', data: { path: '/', data: { b: { score: 5 } } } },
      { event: 'put', data: { path: '/', data: { d: { score: 10 } } } },
    ]);
    stream.close();
  });

  it('serves hundreds of concurrent streams, each getting every change', async () => {
    const streams = await Promise.all(
      Array.from({ length: 300 }, () => openStream(`${emu.url}/fan.json`, OWNER)),
    );
    await Promise.all(streams.map((s) => s.waitFor(1)));
    for (let i = 0; i < 5; i++) await owner('PUT', `/fan/k${i}.json`, i);
    const all = await Promise.all(streams.map((s) => s.waitFor(6)));
    for (const events of all)
      expect(events.filter((e) => e.event === 'put').map((e) => (e.data as { path: string }).path)).toEqual([
        '/',
        '/k0',
        '/k1',
        '/k2',
        '/k3',
        '/k4',
      ]);
    for (const s of streams) s.close();
  });

  it('does not let a client that never reads stall writers', async () => {
    const port = new URL(emu.url).port;
    const socket = connect(Number(port), '127.0.0.1');
    socket.pause(); // never read
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /slow.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer owner\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const big = 'x'.repeat(64 * 1024);
    const started = Date.now();
    for (let i = 0; i < 100; i++)
      expect((await owner('PUT', `/slow/k${i % 10}.json`, big + String(i))).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    socket.destroy();
  });
});
