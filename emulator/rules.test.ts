import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsignedToken, type RunningEmulator } from './index.ts';
import { RulesError } from './rules/parse.ts';
import { call, FIXED_NOW, OWNER, startTestEmulator } from './test-support.ts';

const RULES = `{
  // comments are allowed, as in Firebase
  "rules": {
    "public": { ".read": true },
    "users": {
      "$uid": {
        ".read": "auth != null && auth.uid == $uid",
        ".write": "auth != null && auth.uid === $uid",
        ".validate": "newData.hasChildren(['name'])",
        "name": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 20" },
        "age": { ".validate": "newData.isNumber() && newData.val() >= 0" },
        "email": { ".validate": "newData.val().matches(/^[a-z0-9.]+@example\\\\.com$/i)" },
        "$other": { ".validate": false }
      }
    },
    "admins": { ".write": "auth.token.admin === true" },
    "posts": {
      ".read": "query.orderByChild == 'owner' && query.equalTo == auth.uid",
      ".indexOn": ["owner"],
      "$post": {
        ".write": "(!data.exists() && newData.child('owner').val() == auth.uid) || (data.exists() && data.child('owner').val() == auth.uid)",
        ".validate": "newData.child('createdAt').val() <= now && root.child('users/' + auth.uid).exists()"
      }
    },
    "likes": {
      "$post": {
        "$uid": {
          ".write": "$uid === auth.uid && root.child('posts').child($post).exists()",
          ".validate": "newData.val() === true && newData.parent().parent().parent().child('posts/' + $post).exists()"
        }
      }
    },
    "strings": {
      "$s": {
        ".write": true,
        ".validate": "newData.val().toLowerCase().beginsWith('abc') && newData.val().contains('-') && newData.val().endsWith('Z') && newData.val().replace('-', '') == 'ABCXZ'.toLowerCase().toUpperCase().replace('ABCX', 'abcx') + '' || newData.val() == 'ok'"
      }
    },
    "cascade": {
      ".write": "auth != null",
      "locked": { ".write": false, ".validate": "newData.isNumber()" }
    },
    "prio": { ".write": true, ".validate": "newData.getPriority() == 5 || !newData.hasChildren()" , "$k": {".validate": "newData.isBoolean() || newData.isString() || newData.isNumber()"} }
  }
}`;

let emu: RunningEmulator;
const alice = unsignedToken({ sub: 'alice', firebase: { sign_in_provider: 'password' } }, FIXED_NOW);
const bob = unsignedToken({ user_id: 'bob' }, FIXED_NOW);
const boss = unsignedToken({ sub: 'boss', admin: true }, FIXED_NOW);
const as = (token: string | null) => (method: string, path: string, body?: unknown) =>
  call(emu.url, method, token ? `${path}${path.includes('?') ? '&' : '?'}auth=${token}` : path, { body });
const owner = (method: string, path: string, body?: unknown) =>
  call(emu.url, method, path, { body, headers: OWNER });
const DENIED = { status: 401, body: { error: 'Permission denied' } };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rules-'));
  const file = join(dir, 'database.rules.json');
  writeFileSync(file, RULES);
  emu = await startTestEmulator({ rules: file, clock: () => FIXED_NOW });
});
afterAll(async () => {
  await emu.close();
});

describe('security rules', () => {
  it('.read grants a location and everything below it; nothing else is readable', async () => {
    await owner('PUT', '/public.json', { a: { b: 1 } });
    expect((await as(null)('GET', '/public/a/b.json')).body).toBe(1);
    expect(await as(null)('GET', '/.json')).toMatchObject(DENIED);
    expect(await as(alice)('GET', '/users.json')).toMatchObject(DENIED);
  });

  it('auth and $variables: a user reads and writes only their own record', async () => {
    expect(await as(alice)('PUT', '/users/alice.json', { name: 'Alice', age: 30 })).toMatchObject({
      status: 200,
    });
    expect((await as(alice)('GET', '/users/alice.json')).body).toEqual({ name: 'Alice', age: 30 });
    expect(await as(bob)('GET', '/users/alice.json')).toMatchObject(DENIED);
    expect(await as(bob)('PUT', '/users/alice/name.json', 'Mallory')).toMatchObject(DENIED);
    expect(await as(null)('PUT', '/users/alice/name.json', 'Anon')).toMatchObject(DENIED);
  });

  it('.validate: all must pass, it applies at ancestors of a write, but not to deletes', async () => {
    expect(await as(alice)('PUT', '/users/alice/age.json', -1)).toMatchObject(DENIED);
    expect(await as(alice)('PUT', '/users/alice/name.json', '')).toMatchObject(DENIED);
    expect(await as(alice)('PUT', '/users/alice/extra.json', 1)).toMatchObject(DENIED);
    // removing the name would leave /users/alice without it
    expect(await as(alice)('DELETE', '/users/alice/name.json')).toMatchObject(DENIED);
    expect(await as(alice)('PUT', '/users/alice/email.json', 'Alice@Example.com')).toMatchObject({
      status: 200,
    });
    expect(await as(alice)('PUT', '/users/alice/email.json', 'alice@example.org')).toMatchObject(DENIED);
    // deleting the whole record is a delete: .validate does not run
    expect(await as(alice)('DELETE', '/users/alice.json')).toMatchObject({ status: 200 });
    expect(await as(alice)('PUT', '/users/alice.json', { name: 'Alice' })).toMatchObject({ status: 200 });
  });

  it('.write cascades: a deeper rule cannot take back a grant, and .validate does not cascade', async () => {
    expect(await as(alice)('PUT', '/cascade/locked.json', 5)).toMatchObject({ status: 200 });
    expect(await as(alice)('PUT', '/cascade/locked.json', 'x')).toMatchObject(DENIED);
    expect(await as(alice)('PUT', '/cascade/locked/deeper.json', 'x')).toMatchObject(DENIED);
    expect(await as(alice)('PUT', '/cascade/other.json', 'x')).toMatchObject({ status: 200 });
  });

  it('auth.token claims', async () => {
    expect(await as(boss)('PUT', '/admins/x.json', 1)).toMatchObject({ status: 200 });
    expect(await as(alice)('PUT', '/admins/x.json', 1)).toMatchObject(DENIED);
  });

  it('data, newData, root, now and snapshot navigation', async () => {
    const post = { owner: 'alice', createdAt: FIXED_NOW - 1000 };
    expect(await as(alice)('PUT', '/posts/p1.json', post)).toMatchObject({ status: 200 });
    expect(await as(bob)('PUT', '/posts/p1/owner.json', 'bob')).toMatchObject(DENIED);
    expect(
      await as(alice)('PUT', '/posts/p2.json', { owner: 'alice', createdAt: FIXED_NOW + 60_000 }),
    ).toMatchObject(DENIED);
    // bob has no /users/bob record
    expect(await as(bob)('PUT', '/posts/p3.json', { owner: 'bob', createdAt: 1 })).toMatchObject(DENIED);
    expect(await as(bob)('PUT', '/likes/p1/bob.json', true)).toMatchObject({ status: 200 });
    expect(await as(bob)('PUT', '/likes/p1/alice.json', true)).toMatchObject(DENIED);
    expect(await as(bob)('PUT', '/likes/nope/bob.json', true)).toMatchObject(DENIED);
    expect(await as(bob)('PUT', '/likes/p1/bob.json', 'yes')).toMatchObject(DENIED);
  });

  it('now is the emulator’s clock, the same instant as a server timestamp in the write', async () => {
    const carol = as(unsignedToken({ sub: 'carol' }, FIXED_NOW));
    await owner('PUT', '/users/carol.json', { name: 'Carol' });
    expect(await carol('PUT', '/posts/c1.json', { owner: 'carol', createdAt: FIXED_NOW + 1 })).toMatchObject(
      DENIED,
    );
    expect(await carol('PUT', '/posts/c1.json', { owner: 'carol', createdAt: FIXED_NOW })).toMatchObject({
      status: 200,
    });
    const stamped = await carol('PUT', '/posts/c2.json', {
      owner: 'carol',
      createdAt: { '.sv': 'timestamp' },
    });
    expect(stamped).toMatchObject({ status: 200, body: { owner: 'carol', createdAt: FIXED_NOW } });
  });

  it('string methods', async () => {
    expect(await as(null)('PUT', '/strings/a.json', 'abc-xZ')).toMatchObject({ status: 200 });
    expect(await as(null)('PUT', '/strings/b.json', 'abcxZ')).toMatchObject(DENIED);
    expect(await as(null)('PUT', '/strings/c.json', 'ok')).toMatchObject({ status: 200 });
  });

  it('getPriority and isBoolean/isString/isNumber', async () => {
    expect(await as(null)('PUT', '/prio.json', { '.priority': 5, a: true, b: 's', c: 1 })).toMatchObject({
      status: 200,
    });
    expect(await as(null)('PUT', '/prio.json', { '.priority': 4, a: true })).toMatchObject(DENIED);
    expect(await as(null)('PUT', '/prio.json', { '.priority': 5, a: { deep: 1 } })).toMatchObject(DENIED);
  });

  it('.priority is read and written with the rules of its location', async () => {
    await owner('PUT', '/prio.json', { '.priority': 5, a: true });
    // .validate at /prio sees the new priority in newData.getPriority()
    expect(await as(null)('PUT', '/prio/.priority.json', 4)).toMatchObject(DENIED);
    expect(await as(null)('PUT', '/prio/.priority.json', 5)).toMatchObject({ status: 200, body: 5 });
    // /prio has no .read rule
    expect(await as(null)('GET', '/prio/.priority.json')).toMatchObject(DENIED);
    await owner('PUT', '/public/ranked.json', { '.priority': 3, x: 1 });
    expect(await as(null)('GET', '/public/ranked/.priority.json')).toMatchObject({ status: 200, body: 3 });
    // /public has no .write rule
    expect(await as(null)('PUT', '/public/ranked/.priority.json', 4)).toMatchObject(DENIED);
    expect(await as(alice)('DELETE', '/public/ranked/.priority.json')).toMatchObject(DENIED);
    expect((await owner('GET', '/public/ranked/.priority.json')).body).toBe(3);
  });

  it('query-based rules: only the query the rule allows may read, rules are not filters', async () => {
    const allowed = await as(alice)('GET', '/posts.json?orderBy="owner"&equalTo="alice"');
    expect(allowed.status).toBe(200);
    expect(Object.keys(allowed.body as object)).toEqual(['p1']);
    expect(await as(alice)('GET', '/posts.json')).toMatchObject(DENIED);
    expect(await as(alice)('GET', '/posts.json?orderBy="owner"&equalTo="bob"')).toMatchObject(DENIED);
  });

  it('multi-path PATCH is all or nothing, rules and validation included', async () => {
    const before = (await owner('GET', '/users/alice.json')).body;
    const r = await as(alice)('PATCH', '/.json', { 'users/alice/age': 31, 'users/bob/name': 'Bob' });
    expect(r).toMatchObject(DENIED);
    const v = await as(alice)('PATCH', '/.json', { 'users/alice/age': 32, 'users/alice/name': '' });
    expect(v).toMatchObject(DENIED);
    expect((await owner('GET', '/users/alice.json')).body).toEqual(before);
    expect(await as(alice)('PATCH', '/users/alice.json', { age: 33, email: 'a@example.com' })).toMatchObject({
      status: 200,
    });
    expect((await owner('GET', '/users/alice/age.json')).body).toBe(33);
  });

  it('the owner bypasses the rules, and only the owner reads and replaces them', async () => {
    expect((await owner('PUT', '/users/x/extra.json', 1)).status).toBe(200);
    expect(await as(alice)('GET', '/.settings/rules.json')).toMatchObject(DENIED);
    const text = (await owner('GET', '/.settings/rules.json')).text;
    expect(text).toContain('"public"');
    expect(await as(alice)('PUT', '/.settings/rules.json', { rules: { '.read': true } })).toMatchObject(
      DENIED,
    );
    expect((await owner('PUT', '/.settings/rules.json', { rules: { '.read': true } })).status).toBe(200);
    expect((await as(null)('GET', '/users.json')).status).toBe(200);
    const bad = await call(emu.url, 'PUT', '/.settings/rules.json', {
      raw: '{"rules": {".read": "nope ==="}}',
      headers: OWNER,
    });
    expect(bad.status).toBe(400);
    expect((await call(emu.url, 'PUT', '/.settings/rules.json', { raw: RULES, headers: OWNER })).status).toBe(
      200,
    );
    expect(await as(null)('GET', '/users.json')).toMatchObject(DENIED);
  });
});

describe('loading rules', () => {
  const start = (rules: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    writeFileSync(join(dir, 'r.json'), rules);
    return startTestEmulator({ rules: join(dir, 'r.json') });
  };

  it('fails at start with the line and the reason', async () => {
    await expect(start('{\n  "rules": {\n    ".read": true,,\n  }\n}')).rejects.toThrow(
      /line 3, column 19: expected a quoted key/,
    );
    await expect(
      start('{\n  "rules": {\n    "a": {\n      ".read": "auth.uid == $nope"\n    }\n  }\n}'),
    ).rejects.toThrow(/line 4: unknown variable '\$nope'/);
    await expect(start('{\n  "rules": {\n    ".raed": true\n  }\n}')).rejects.toThrow(
      /line 3: invalid key "\.raed"/,
    );
    await expect(start('{ "rules": { ".read": "data.val() ==" } }')).rejects.toThrow(/line 1: syntax error/);
    await expect(start('{ "rules": { ".read": "newData.exists()" } }')).rejects.toThrow(RulesError);
  });

  it('defaults to locked rules: only the owner reads and writes', async () => {
    const { startEmulator } = await import('./index.ts');
    const locked = await startEmulator({ port: 0, rules: undefined });
    try {
      expect((await call(locked.url, 'PUT', '/a.json', { body: 1 })).status).toBe(401);
      expect((await call(locked.url, 'GET', '/a.json')).status).toBe(401);
      expect((await call(locked.url, 'PUT', '/a.json', { body: 1, headers: OWNER })).status).toBe(200);
    } finally {
      await locked.close();
    }
  });
});
