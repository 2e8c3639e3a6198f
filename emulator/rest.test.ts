import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { PUSH_ID_ALPHABET, pushIdTime } from './push-id.ts';
import { call, FIXED_NOW, OWNER, startTestEmulator } from './test-support.ts';

let emu: RunningEmulator;
let base: string;
const NS = '?ns=questline-demo-default-rtdb';

beforeAll(async () => {
  emu = await startTestEmulator({ clock: () => FIXED_NOW });
  base = emu.url;
});
afterAll(async () => {
  await emu.close();
});

const owner = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(base, method, path, { body, headers: { ...OWNER, ...headers } });
const ownerRaw = (method: string, path: string, raw: string) =>
  call(base, method, path, { raw, headers: OWNER });

describe('the JSON tree over REST', () => {
  it('writes with PUT, reads with GET, merges with PATCH and deletes with DELETE', async () => {
    expect(await owner('PUT', '/t1/user.json', { first: 'Jack', last: 'Sparrow' })).toMatchObject({
      status: 200,
      body: { first: 'Jack', last: 'Sparrow' },
    });
    expect((await owner('GET', '/t1/user/first.json')).body).toBe('Jack');
    expect(await owner('PATCH', '/t1/user.json', { last: 'Jones' })).toMatchObject({
      status: 200,
      body: { last: 'Jones' },
    });
    expect((await owner('GET', '/t1/user.json')).body).toEqual({ first: 'Jack', last: 'Jones' });
    const del = await owner('DELETE', '/t1/user/last.json');
    expect(del.status).toBe(200);
    expect(del.text).toBe('null');
    expect((await owner('GET', '/t1/user.json')).body).toEqual({ first: 'Jack' });
  });

  it('answers JSON with the content type and CORS headers', async () => {
    const r = await owner('GET', '/nothing/here.json');
    expect(r.status).toBe(200);
    expect(r.text).toBe('null');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers CORS preflights allowing the Authorization header', async () => {
    const res = await fetch(`${base}/x.json`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8787',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('honours X-HTTP-Method-Override on POST', async () => {
    await owner('PUT', '/t2.json', { a: 1, b: 2 });
    const r = await owner('POST', '/t2.json', { b: 3 }, { 'X-HTTP-Method-Override': 'PATCH' });
    expect(r.body).toEqual({ b: 3 });
    expect((await owner('GET', '/t2.json')).body).toEqual({ a: 1, b: 3 });
    await owner('POST', '/t2.json', undefined, { 'X-HTTP-Method-Override': 'DELETE' });
    expect((await owner('GET', '/t2.json')).text).toBe('null');
  });

  it('writing null deletes, and parents left empty disappear', async () => {
    await owner('PUT', '/t3/a/b/c.json', 1);
    await owner('PUT', '/t3/a/b/c.json', null);
    expect((await owner('GET', '/t3.json')).text).toBe('null');
    await owner('PUT', '/t3.json', { x: { y: {} }, z: 1 });
    expect((await owner('GET', '/t3.json')).body).toEqual({ z: 1 });
    await owner('PATCH', '/t3.json', { z: null });
    expect((await owner('GET', '/t3.json')).text).toBe('null');
  });

  it('keeps a separate tree per namespace, by ?ns= or by host name', async () => {
    await call(base, 'PUT', '/n.json?ns=alpha', { body: 1, headers: OWNER });
    await call(base, 'PUT', '/n.json?ns=beta', { body: 2, headers: OWNER });
    expect((await call(base, 'GET', '/n.json?ns=alpha', { headers: OWNER })).body).toBe(1);
    expect((await call(base, 'GET', '/n.json?ns=beta', { headers: OWNER })).body).toBe(2);
    const port = new URL(base).port;
    const viaHost = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/n.json', headers: { ...OWNER, Host: `alpha.localhost:${port}` } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => {
            resolve(text);
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(viaHost).toBe('1');
    await call(base, 'PUT', `/d.json${NS}`, { body: 'default', headers: OWNER });
    expect((await owner('GET', '/d.json')).body).toBe('default');
  });

  it('stores arrays as Firebase does and returns them as arrays only when mostly filled', async () => {
    await owner('PUT', '/arr.json', ['a', 'b', 'c']);
    expect((await owner('GET', '/arr.json')).body).toEqual(['a', 'b', 'c']);
    expect((await owner('GET', '/arr/1.json')).body).toBe('b');
    await owner('DELETE', '/arr/1.json');
    expect((await owner('GET', '/arr.json')).body).toEqual(['a', null, 'c']);
    await owner('PUT', '/sparse.json', { '0': 'a', '5': 'b' });
    expect((await owner('GET', '/sparse.json')).body).toEqual({ '0': 'a', '5': 'b' });
  });

  it('keeps priorities, hides them by default and shows them with format=export', async () => {
    await owner('PUT', '/pri.json', { a: { '.value': 1, '.priority': 5 }, b: { x: 1, '.priority': 'p' } });
    expect((await owner('GET', '/pri.json')).body).toEqual({ a: 1, b: { x: 1 } });
    expect((await owner('GET', '/pri.json?format=export')).body).toEqual({
      a: { '.value': 1, '.priority': 5 },
      b: { '.priority': 'p', x: 1 },
    });
  });

  it('reads and writes a priority through the virtual child .priority', async () => {
    await owner('PUT', '/pr/x.json', { a: 1 });
    expect(await owner('GET', '/pr/x/.priority.json')).toMatchObject({ status: 200, text: 'null' });
    expect(await owner('PUT', '/pr/x/.priority.json', 5)).toMatchObject({ status: 200, body: 5 });
    expect((await owner('GET', '/pr/x/.priority.json')).body).toBe(5);
    expect((await owner('GET', '/pr/x.json')).body).toEqual({ a: 1 });
    expect((await owner('GET', '/pr/x.json?format=export')).body).toEqual({ '.priority': 5, a: 1 });
    expect(await owner('PUT', '/pr/x/.priority.json', 'high')).toMatchObject({ status: 200, body: 'high' });
    expect((await owner('GET', '/pr/x/.priority.json')).body).toBe('high');
    // writing null removes it, and so does DELETE
    expect(await owner('PUT', '/pr/x/.priority.json', null)).toMatchObject({ status: 200, text: 'null' });
    expect((await owner('GET', '/pr/x.json?format=export')).body).toEqual({ a: 1 });
    await owner('PUT', '/pr/x/.priority.json', 1);
    expect((await owner('DELETE', '/pr/x/.priority.json')).status).toBe(200);
    expect((await owner('GET', '/pr/x/.priority.json')).text).toBe('null');
  });

  it('gives a primitive a priority without changing its value, and the root too', async () => {
    await owner('PUT', '/pr/leaf.json', 'v');
    await owner('PUT', '/pr/leaf/.priority.json', 2);
    expect((await owner('GET', '/pr/leaf.json')).body).toBe('v');
    expect((await owner('GET', '/pr/leaf.json?format=export')).body).toEqual({
      '.value': 'v',
      '.priority': 2,
    });
    await owner('PUT', '/pr/leaf/.priority.json', null);
    expect((await owner('GET', '/pr/leaf.json?format=export')).body).toBe('v');
    expect(
      await call(base, 'PUT', '/.priority.json?ns=prio-root', { body: 7, headers: OWNER }),
    ).toMatchObject({
      status: 200,
      body: null, // an empty database has no data to carry a priority
    });
    await call(base, 'PUT', '/a.json?ns=prio-root', { body: 1, headers: OWNER });
    await call(base, 'PUT', '/.priority.json?ns=prio-root', { body: 7, headers: OWNER });
    expect((await call(base, 'GET', '/.priority.json?ns=prio-root', { headers: OWNER })).body).toBe(7);
  });

  it('orders by the priorities written through .priority', async () => {
    await owner('PUT', '/pr/list.json', { a: 1, b: 2, c: 3 });
    await owner('PUT', '/pr/list/c/.priority.json', 1);
    await owner('PUT', '/pr/list/a/.priority.json', 2);
    const ordered = await owner('GET', '/pr/list.json?orderBy="$priority"');
    expect(Object.keys(ordered.body as object)).toEqual(['b', 'c', 'a']);
  });

  it('leaves absent data absent: a priority alone is no data', async () => {
    expect(await owner('PUT', '/pr/none/.priority.json', 1)).toMatchObject({ status: 200, text: 'null' });
    expect((await owner('GET', '/pr/none.json')).text).toBe('null');
  });

  it.each([
    ['a boolean', true],
    ['an object', { p: 1 }],
    ['an array', [1]],
    ['a server value', { '.sv': 'timestamp' }],
  ])('refuses %s as a priority with 400, changing nothing', async (_name, body) => {
    await owner('PUT', '/pr/bad.json', { '.priority': 3, a: 1 });
    expect(await owner('PUT', '/pr/bad/.priority.json', body)).toMatchObject({
      status: 400,
      body: { error: 'Invalid data; priority must be a string, a number or null.' },
    });
    expect((await owner('GET', '/pr/bad.json?format=export')).body).toEqual({ '.priority': 3, a: 1 });
  });

  it('takes .priority only as the last segment, and only GET, PUT and DELETE on it', async () => {
    expect(await owner('GET', '/pr/.priority/x.json')).toMatchObject({
      status: 400,
      body: { error: 'Invalid path: Invalid token in path' },
    });
    expect((await owner('PATCH', '/pr/x/.priority.json', { a: 1 })).status).toBe(405);
    expect((await owner('POST', '/pr/x/.priority.json', 1)).status).toBe(405);
  });

  it('makes .priority writes conditional with if-match on the priority’s ETag', async () => {
    await owner('PUT', '/pr/cond.json', { '.priority': 1, a: 1 });
    const read = await owner('GET', '/pr/cond/.priority.json', undefined, { 'X-Firebase-ETag': 'true' });
    const etag = read.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const stale = await owner('PUT', '/pr/cond/.priority.json', 3, { 'if-match': 'other' });
    expect(stale).toMatchObject({ status: 412, body: 1 });
    expect(stale.headers.get('etag')).toBe(etag);
    expect(await owner('PUT', '/pr/cond/.priority.json', 2, { 'if-match': etag })).toMatchObject({
      status: 200,
      body: 2,
    });
  });

  it.each([
    ['a dot', { 'a.b': 1 }, '1:2'],
    ['a dollar', { ok: { $x: 1 } }, '1:8'],
    ['a hash', { '#': 1 }, '1:2'],
    ['a bracket', { 'a[': 1 }, '1:2'],
    ['a closing bracket', { 'a]': 1 }, '1:2'],
    ['a slash', { 'a/b': 1 }, '1:2'],
    ['a control character', { 'a\u0001': 1 }, '1:2'],
    ['an empty key', { '': 1 }, '1:2'],
    ['a key over 768 bytes', { ['k'.repeat(769)]: 1 }, '1:2'],
  ])('refuses a key with %s with 400 and Firebase’s error', async (_name, body, at) => {
    const r = await owner('PUT', '/keys.json', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: `Invalid data; couldn't parse key beginning at ${at}. Key value can't be empty or contain $ # [ ] / or .`,
    });
  });

  it('accepts a key of exactly 768 bytes', async () => {
    expect((await owner('PUT', '/keys.json', { ['k'.repeat(768)]: 1 })).status).toBe(200);
  });

  it('refuses malformed JSON and invalid paths with 400', async () => {
    const r = await ownerRaw('PUT', '/x.json', '{"a": ');
    expect(r).toMatchObject({
      status: 400,
      body: { error: "Invalid data; couldn't parse JSON object, array, or value." },
    });
    expect((await ownerRaw('PUT', '/x.json', '')).status).toBe(400);
    const p = await owner('GET', '/a%23b.json');
    expect(p).toMatchObject({ status: 400, body: { error: 'Invalid path: Invalid token in path' } });
  });

  it('answers print=pretty indented and print=silent with 204 and no body', async () => {
    await owner('PUT', '/pp.json', { a: 1 });
    expect((await owner('GET', '/pp.json?print=pretty')).text).toBe('{\n  "a": 1\n}');
    const silent = await owner('PUT', '/pp.json?print=silent', { a: 2 });
    expect(silent.status).toBe(204);
    expect(silent.text).toBe('');
    expect((await owner('GET', '/pp.json?print=silent')).status).toBe(204);
    expect((await owner('GET', '/pp.json')).body).toEqual({ a: 2 });
    expect((await owner('GET', '/pp.json?print=ugly')).status).toBe(400);
  });

  it('accepts timeout in ms, s or min up to 15 minutes and refuses others', async () => {
    expect((await owner('GET', '/pp.json?timeout=500ms')).status).toBe(200);
    expect((await owner('GET', '/pp.json?timeout=3s')).status).toBe(200);
    expect((await owner('GET', '/pp.json?timeout=15min')).status).toBe(200);
    expect((await owner('GET', '/pp.json?timeout=16min')).status).toBe(400);
    expect((await owner('GET', '/pp.json?timeout=soon')).status).toBe(400);
  });

  it.each([
    ['orderBy', '/dup.json?orderBy="$key"&orderBy="$value"'],
    ['limitToFirst', '/dup.json?orderBy="$key"&limitToFirst=1&limitToFirst=2'],
    ['print', '/dup.json?print=pretty&print=pretty'],
    ['shallow', '/dup.json?shallow=true&shallow=true'],
    ['auth', '/dup.json?auth=owner&auth=owner'],
  ])('refuses a query parameter given twice (%s) with 400', async (name, path) => {
    await owner('PUT', '/dup.json', { a: 1 });
    expect(await owner('GET', path)).toMatchObject({
      status: 400,
      body: { error: `Query parameter ${name} may only be given once` },
    });
    expect(await owner('PUT', path.replace('/dup.json', '/dup/b.json'), 2)).toMatchObject({ status: 400 });
    expect((await owner('GET', '/dup.json')).body).toEqual({ a: 1 });
  });

  it('shallow=true truncates children to true and returns primitives as they are', async () => {
    await owner('PUT', '/sh.json', { a: { deep: 1 }, b: 'leaf', c: 3 });
    expect((await owner('GET', '/sh.json?shallow=true')).body).toEqual({ a: true, b: 'leaf', c: 3 });
    expect((await owner('GET', '/sh/b.json?shallow=true')).body).toBe('leaf');
    expect((await owner('GET', '/sh.json?shallow=true&orderBy="$key"')).status).toBe(400);
  });

  it('shallow=true answers true for object children whatever their depth or priority', async () => {
    await owner('PUT', '/sh2.json', {
      prioritised: { '.priority': 1, deep: 1 },
      leafWithPriority: { '.value': 'leaf', '.priority': 2 },
      nested: { x: { y: { z: 1 } } },
      n: 0,
      f: false,
    });
    expect((await owner('GET', '/sh2.json?shallow=true')).body).toEqual({
      prioritised: true,
      leafWithPriority: 'leaf',
      nested: true,
      n: 0,
      f: false,
    });
    expect((await owner('GET', '/sh2/nested.json?shallow=true')).body).toEqual({ x: true });
    expect((await owner('GET', '/sh2/nowhere.json?shallow=true')).text).toBe('null');
  });
});

describe('push ids', () => {
  it('POST answers {"name": id} with 20-character, time-ordered, unique ids from the clock', async () => {
    const names: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await owner('POST', '/pushes.json', { i });
      expect(r.status).toBe(200);
      names.push((r.body as { name: string }).name);
    }
    for (const name of names) {
      expect(name).toHaveLength(20);
      for (const ch of name) expect(PUSH_ID_ALPHABET).toContain(ch);
      // the first 8 characters are the emulator's time; a stopped clock still gives unique, ordered ids
      expect(name.slice(0, 8)).toBe(pushIdTime(FIXED_NOW));
    }
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(50);
    const stored = (await owner('GET', '/pushes.json')).body as Record<string, { i: number }>;
    expect(
      Object.keys(stored)
        .sort()
        .map((k) => stored[k]?.i),
    ).toEqual([...Array(50).keys()]);
  });
});

describe('server values', () => {
  it('resolves timestamps anywhere in a write to the emulator’s clock, one value per request', async () => {
    const r = await owner('PUT', '/sv.json', {
      a: { '.sv': 'timestamp' },
      deep: { b: { '.sv': 'timestamp' } },
    });
    expect(r.body).toEqual({ a: FIXED_NOW, deep: { b: FIXED_NOW } });
    expect((await owner('GET', '/sv/a.json')).body).toBe(FIXED_NOW);
  });

  it('increments missing and existing numbers, also inside PATCH', async () => {
    expect((await owner('PUT', '/cnt.json', { '.sv': { increment: 2 } })).body).toBe(2);
    expect((await owner('PUT', '/cnt.json', { '.sv': { increment: 3 } })).body).toBe(5);
    await owner('PATCH', '/.json', {
      cnt: { '.sv': { increment: -1 } },
      'c2/x': { '.sv': { increment: 1.5 } },
    });
    expect((await owner('GET', '/cnt.json')).body).toBe(4);
    expect((await owner('GET', '/c2/x.json')).body).toBe(1.5);
    await owner('PUT', '/cnt.json', 'text');
    expect((await owner('PUT', '/cnt.json', { '.sv': { increment: 1 } })).body).toBe(1);
  });

  it('counts every concurrent increment', async () => {
    await Promise.all(
      Array.from({ length: 40 }, () => owner('PUT', '/hits.json', { '.sv': { increment: 1 } })),
    );
    expect((await owner('GET', '/hits.json')).body).toBe(40);
  });

  it('refuses unknown server values', async () => {
    expect((await owner('PUT', '/sv2.json', { '.sv': 'tomorrow' })).status).toBe(400);
  });
});

describe('multi-path PATCH', () => {
  it('applies every path of an update', async () => {
    await owner('PUT', '/mp.json', { a: { x: 1, y: 2 }, b: 1 });
    const r = await owner('PATCH', '/mp.json', { 'a/x': 10, 'c/d/e': 'new', b: null });
    expect(r.body).toEqual({ 'a/x': 10, 'c/d/e': 'new', b: null });
    expect((await owner('GET', '/mp.json')).body).toEqual({ a: { x: 10, y: 2 }, c: { d: { e: 'new' } } });
  });

  it('refuses overlapping paths and invalid keys, applying nothing', async () => {
    await owner('PUT', '/mp2.json', { a: 1 });
    expect((await owner('PATCH', '/mp2.json', { b: 1, 'b/c': 2 })).status).toBe(400);
    expect((await owner('PATCH', '/mp2.json', { b: 1, 'c.d': 2 })).status).toBe(400);
    expect((await owner('GET', '/mp2.json')).body).toEqual({ a: 1 });
  });
});

describe('unknown routes', () => {
  it('answers 404 for paths without .json', async () => {
    expect((await owner('GET', '/foo')).status).toBe(404);
  });
});
