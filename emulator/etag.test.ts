import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { call, OWNER, startTestEmulator } from './test-support.ts';

let emu: RunningEmulator;
const owner = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(emu.url, method, path, { body, headers: { ...OWNER, ...headers } });

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe('conditional writes', () => {
  it('returns the ETag on request, null_etag for absent data', async () => {
    const none = await owner('GET', '/e/a.json', undefined, { 'X-Firebase-ETag': 'true' });
    expect(none.headers.get('etag')).toBe('null_etag');
    expect(none.text).toBe('null');
    await owner('PUT', '/e/a.json', { v: 1 });
    const one = await owner('GET', '/e/a.json', undefined, { 'X-Firebase-ETag': 'true' });
    expect(one.headers.get('etag')).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(one.headers.get('access-control-expose-headers')).toContain('ETag');
    // the same data has the same ETag, other data another
    await owner('PUT', '/e/b.json', { v: 1 });
    expect(
      (await owner('GET', '/e/b.json', undefined, { 'X-Firebase-ETag': 'true' })).headers.get('etag'),
    ).toBe(one.headers.get('etag'));
    await owner('PUT', '/e/b.json', { v: 2 });
    expect(
      (await owner('GET', '/e/b.json', undefined, { 'X-Firebase-ETag': 'true' })).headers.get('etag'),
    ).not.toBe(one.headers.get('etag'));
  });

  it('PUT with a matching if-match succeeds; otherwise 412 with the current value and ETag', async () => {
    await owner('PUT', '/e/c.json', { v: 1 });
    const etag =
      (await owner('GET', '/e/c.json', undefined, { 'X-Firebase-ETag': 'true' })).headers.get('etag') ?? '';
    const ok = await owner('PUT', '/e/c.json', { v: 2 }, { 'if-match': etag });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ v: 2 });
    const stale = await owner('PUT', '/e/c.json', { v: 3 }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ v: 2 });
    expect(stale.headers.get('etag')).toBe(ok.headers.get('etag'));
    expect((await owner('GET', '/e/c.json')).body).toEqual({ v: 2 });
  });

  it('creates only absent data with if-match: null_etag, and deletes conditionally', async () => {
    expect((await owner('PUT', '/e/new.json', 1, { 'if-match': 'null_etag' })).status).toBe(200);
    expect((await owner('PUT', '/e/new.json', 2, { 'if-match': 'null_etag' })).status).toBe(412);
    const etag =
      (await owner('GET', '/e/new.json', undefined, { 'X-Firebase-ETag': 'true' })).headers.get('etag') ?? '';
    expect((await owner('DELETE', '/e/new.json', undefined, { 'if-match': 'wrong' })).status).toBe(412);
    const del = await owner('DELETE', '/e/new.json', undefined, { 'if-match': etag });
    expect(del.status).toBe(200);
    expect(del.headers.get('etag')).toBe('null_etag');
  });

  it('lets exactly one of many concurrent conditional writers win', async () => {
    await owner('PUT', '/e/race.json', { owner: 'nobody' });
    const etag =
      (await owner('GET', '/e/race.json', undefined, { 'X-Firebase-ETag': 'true' })).headers.get('etag') ??
      '';
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        owner('PUT', '/e/race.json', { owner: `w${i}` }, { 'if-match': etag }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(29);
    expect((await owner('GET', '/e/race.json')).body).toEqual(winners[0]?.body);
  });

  it('does not accept if-match on PATCH', async () => {
    expect((await owner('PATCH', '/e.json', { x: 1 }, { 'if-match': 'null_etag' })).status).toBe(400);
  });

  it('refuses a conditional GET with 400, matching ETag or not, streaming or not', async () => {
    await owner('PUT', '/e/read.json', { v: 1 });
    const etag =
      (await owner('GET', '/e/read.json', undefined, { 'X-Firebase-ETag': 'true' })).headers.get('etag') ??
      '';
    const refused = { status: 400, body: { error: 'if-match is only supported with PUT and DELETE' } };
    expect(await owner('GET', '/e/read.json', undefined, { 'if-match': etag })).toMatchObject(refused);
    expect(await owner('GET', '/e/read.json', undefined, { 'if-match': 'other' })).toMatchObject(refused);
    const stream = await owner('GET', '/e/read.json', undefined, {
      'if-match': etag,
      Accept: 'text/event-stream',
    });
    expect(stream).toMatchObject(refused);
    expect((await owner('GET', '/e/read.json')).body).toEqual({ v: 1 });
  });
});
