import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { call, OWNER, startTestEmulator } from './test-support.ts';

let emu: RunningEmulator;
const get = async (path: string) => call(emu.url, 'GET', path, { headers: OWNER });
const q = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

beforeAll(async () => {
  emu = await startTestEmulator({
    rules: {
      rules: {
        '.read': false,
        dinos: { '.indexOn': ['height', 'dims/len'] },
        scores: { '.indexOn': '.value' },
        $other: { '.indexOn': ['v'] },
      },
    },
  });
  const put = (path: string, body: unknown) => call(emu.url, 'PUT', path, { body, headers: OWNER });
  await put('/dinos.json', {
    lambeosaurus: { height: 2.1, dims: { len: 12.5 } },
    stegosaurus: { height: 4, dims: { len: 9 } },
    bruhathkayosaurus: { height: 25, dims: { len: 44 } },
    linhenykus: { height: 0.6, dims: { len: 1 } },
    pterodactyl: { height: 1.5 },
    triceratops: { height: 3 },
  });
  await put('/scores.json', { a: 55, b: 21, c: 80, d: 93, e: 5, f: 22 });
  await put('/mixed.json', {
    k1: { v: 'b' },
    k2: { v: 10 },
    k3: { v: true },
    k4: { w: 1 },
    k5: { v: 'a' },
    k6: { v: { o: 1 } },
    k7: { v: false },
    k8: { v: 2 },
    k9: { v: 10 },
  });
  await put('/keys.json', { b: 1, '10': 1, a: 1, '2': 1, '-1': 1, '007': 1 });
  await put('/prio.json', {
    a: { '.value': 1, '.priority': 'z' },
    b: { '.value': 1, '.priority': 3 },
    c: 1,
    d: { '.value': 1, '.priority': 1 },
  });
});
afterAll(async () => {
  await emu.close();
});

describe('queries', () => {
  it('orders by a child with limitToFirst and limitToLast', async () => {
    expect(
      Object.keys((await get(`/dinos.json?${q({ orderBy: '"height"', limitToFirst: 2 })}`)).body as object),
    ).toEqual(['linhenykus', 'pterodactyl']);
    expect((await get(`/dinos.json?${q({ orderBy: '"height"', limitToLast: 1 })}`)).body).toEqual({
      bruhathkayosaurus: { height: 25, dims: { len: 44 } },
    });
  });

  it('filters with startAt, endAt and equalTo', async () => {
    const r = await get(`/dinos.json?${q({ orderBy: '"height"', startAt: 2, endAt: 4 })}`);
    expect(Object.keys(r.body as object).sort()).toEqual(['lambeosaurus', 'stegosaurus', 'triceratops']);
    const e = await get(`/dinos.json?${q({ orderBy: '"height"', equalTo: 25 })}`);
    expect(Object.keys(e.body as object)).toEqual(['bruhathkayosaurus']);
    const none = await get(`/dinos.json?${q({ orderBy: '"height"', equalTo: 99 })}`);
    expect(none.text).toBe('null');
  });

  it('orders by a nested child path; children without it come first', async () => {
    const r = await get(`/dinos.json?${q({ orderBy: '"dims/len"', limitToFirst: 3 })}`);
    expect(Object.keys(r.body as object)).toEqual(['pterodactyl', 'triceratops', 'linhenykus']);
  });

  it('orders by $value', async () => {
    const r = await get(`/scores.json?${q({ orderBy: '"$value"', limitToLast: 3 })}`);
    expect(r.body).toEqual({ a: 55, c: 80, d: 93 });
    const s = await get(`/scores.json?${q({ orderBy: '"$value"', startAt: 20, endAt: 30 })}`);
    expect(s.body).toEqual({ b: 21, f: 22 });
  });

  it('orders across types as Firebase does: null, false, true, numbers, strings, objects; ties by key', async () => {
    const r = await get(`/mixed.json?${q({ orderBy: '"v"' })}`);
    expect(Object.keys(r.body as object)).toEqual(['k4', 'k7', 'k3', 'k8', 'k2', 'k9', 'k5', 'k1', 'k6']);
  });

  it('orders by $key with integer-like keys first, numerically', async () => {
    // results are an unordered JSON object, so the order shows through limits
    const first = await get(`/keys.json?${q({ orderBy: '"$key"', limitToFirst: 1 })}`);
    expect(Object.keys(first.body as object)).toEqual(['-1']);
    const three = await get(`/keys.json?${q({ orderBy: '"$key"', limitToFirst: 3 })}`);
    expect(Object.keys(three.body as object).sort()).toEqual(['-1', '10', '2']);
    const last = await get(`/keys.json?${q({ orderBy: '"$key"', limitToLast: 3 })}`);
    expect(Object.keys(last.body as object)).toEqual(['007', 'a', 'b']);
    const s = await get(`/keys.json?${q({ orderBy: '"$key"', startAt: '"a"' })}`);
    expect(Object.keys(s.body as object)).toEqual(['a', 'b']);
  });

  it('orders by $priority: none, then numbers, then strings', async () => {
    const r = await get(`/prio.json?${q({ orderBy: '"$priority"' })}`);
    expect(Object.keys(r.body as object)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('needs .indexOn for a child or $value order, with production’s message', async () => {
    const r = await get(`/unindexed.json?${q({ orderBy: '"height"' })}`);
    expect(r).toMatchObject({
      status: 400,
      body: { error: 'Index not defined, add ".indexOn": "height", for path "/unindexed", to the rules' },
    });
    const v = await get(`/dinos.json?${q({ orderBy: '"$value"' })}`);
    expect(v.body).toEqual({
      error: 'Index not defined, add ".indexOn": ".value", for path "/dinos", to the rules',
    });
    const nested = await get(`/dinos.json?${q({ orderBy: '"dims/width"' })}`);
    expect(nested.body).toEqual({
      error: 'Index not defined, add ".indexOn": "dims/width", for path "/dinos", to the rules',
    });
    // indexes declared under a $wildcard apply to every key it matches
    expect((await get(`/anything.json?${q({ orderBy: '"v"' })}`)).status).toBe(200);
    // $key and $priority need no index
    expect((await get(`/unindexed.json?${q({ orderBy: '"$key"' })}`)).status).toBe(200);
  });

  it('refuses parameters without orderBy and malformed constraints', async () => {
    expect((await get('/dinos.json?limitToFirst=1')).body).toEqual({
      error: 'orderBy must be defined when other query parameters are defined',
    });
    expect((await get('/dinos.json?orderBy=height')).body).toEqual({
      error: 'orderBy must be a valid JSON encoded path',
    });
    expect((await get(`/dinos.json?${q({ orderBy: '"height"', limitToFirst: -1 })}`)).status).toBe(400);
    expect((await get(`/dinos.json?${q({ orderBy: '"height"', startAt: '{"a":1}' })}`)).status).toBe(400);
  });
});

describe('query results after writes', () => {
  it('reflect every change below the collection (cached orders are refreshed)', async () => {
    const put = (path: string, body: unknown) => call(emu.url, 'PUT', path, { body, headers: OWNER });
    const patch = (path: string, body: unknown) => call(emu.url, 'PATCH', path, { body, headers: OWNER });
    const top = async () =>
      Object.keys((await get(`/dinos.json?${q({ orderBy: '"height"', limitToLast: 1 })}`)).body as object);
    expect(await top()).toEqual(['bruhathkayosaurus']);
    await put('/dinos/linhenykus/height.json', 100);
    expect(await top()).toEqual(['linhenykus']);
    await patch('/.json', { 'dinos/newcomer': { height: 200 } });
    expect(await top()).toEqual(['newcomer']);
    await call(emu.url, 'DELETE', '/dinos/newcomer.json', { headers: OWNER });
    await put('/dinos/linhenykus/height.json', 0.6);
    expect(await top()).toEqual(['bruhathkayosaurus']);
  });
});
