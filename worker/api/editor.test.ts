import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorLogPage } from '../../shared/schemas/editor-logs.ts';
import type { EditorMember } from '../../shared/schemas/editor-developer.ts';
import { createApp } from '../app.ts';
import { apiCaller, memberToken } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// The site editors' API (issue 13): only a member whose `admin.auth` is set may curate the home page and
// lists, grant developer status and read the logs; each write is checked against the catalogue, made at
// once, and the edge's copies of the pages it touches are dropped so visitors see it at once.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();
const call = apiCaller(env, app);
const run = Math.random().toString(36).slice(2, 8);
const LIST = `editor-list-${run}`;
const GAMES = ['hades', 'celeste', 'balatro', 'inscryption', 'factorio'];

/** A visitor's view of a page, and whether it came from the edge's copy. */
async function visit(path: string) {
  const response = await call(path);
  return { cache: response.headers.get('x-questline-cache'), body: await response.text() };
}
async function cached(path: string) {
  await visit(path);
  expect((await visit(path)).cache).toBe('hit');
}

/** The highlighted games and revision saved (the node also keeps the games' summaries and the hottest games). */
const highlightsSaved = async () => {
  const { games, revision } = ((await db.get('highlights/home')) ?? {}) as Record<string, unknown>;
  return { games, revision };
};

const putList = (uid: string | undefined, code: string, json: unknown) =>
  call(`/api/editor/lists/${code}`, { method: 'PUT', ...(uid ? { uid } : {}), json });

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(GAMES.map((id, i) => [`games/${id}`, testGame(id, `Game ${id}`, 10 - i)])),
    'users/edna/public': { uuid: 'edna', username: 'edna_edits', follows: 0 },
    'users/edna/admin/auth': true,
    'users/mo/public': { uuid: 'mo', username: 'mo_member', follows: 0 },
    'users/dev/public': { uuid: 'dev', username: `dev_studio_${run}`, follows: 0 },
    [`usernames/dev_studio_${run}`]: 'dev',
    'logs/analytics/-A0000000000000001': {
      event: 'pv_follow',
      targetId: 'hades',
      uid: 'mo',
      success: true,
      timestamp: 1,
    },
    'logs/analytics/-A0000000000000002': {
      event: 'pv_unfollow',
      targetId: 'hades',
      uid: 'mo',
      success: true,
      timestamp: 2,
    },
    'logs/analytics/-A0000000000000003': {
      event: 'pv_follow',
      targetId: 'celeste',
      uid: 'mo',
      success: true,
      timestamp: 3,
    },
  });
});

describe('who may use the editors’ API', () => {
  const routes: [method: string, path: string, json?: unknown][] = [
    ['GET', '/api/editor/logs'],
    ['GET', '/api/editor/highlights'],
    ['PUT', '/api/editor/highlights', { games: ['hades'], revision: 0 }],
    ['GET', '/api/editor/lists'],
    [
      'PUT',
      `/api/editor/lists/${LIST}-denied`,
      { name: 'X', collections: [{ name: 'A', games: ['hades'] }], revision: null },
    ],
    ['PUT', '/api/editor/developers/mo', {}],
    ['DELETE', '/api/editor/developers/dev'],
    ['GET', `/api/editor/members/mo_member`],
  ];

  it('answers 401 to a visitor and 403 to a member who is not an editor, writing nothing', async () => {
    for (const [method, path, json] of routes) {
      expect((await call(path, { method, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(401);
      const denied = await call(path, { method, uid: 'mo', ...(json ? { json } : {}) });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect((await denied.json<ApiErrorBody>()).error.code).toBe('forbidden');
    }
    expect(await db.get('highlights/home')).toBeNull();
    expect(await db.get(`lists/${LIST}-denied`)).toBeNull();
    expect(await db.get('users/mo/readOnly/isDeveloper')).toBeNull();
  });

  it('does not take the editor flag from anything but the member’s record', async () => {
    // A member who says they are an editor in the request is still refused.
    const response = await call('/api/editor/highlights?admin=true', {
      method: 'PUT',
      uid: 'mo',
      json: { games: ['hades'], admin: { auth: true } },
    });
    expect(response.status).toBe(403);
  });
});

describe('home highlights', () => {
  it('an editor sets them in order, and the home page shows them at once', async () => {
    await cached('/');
    const response = await call('/api/editor/highlights', {
      method: 'PUT',
      uid: 'edna',
      json: { games: ['balatro', 'hades'], revision: 0 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ games: ['balatro', 'hades'], revision: 1 });
    expect(await highlightsSaved()).toEqual({ games: { balatro: 1, hades: 2 }, revision: 1 });
    // With their summaries, so that home reads no game one by one (shared/schemas/game-summary.ts).
    expect(Object.keys((await db.get('highlights/home/game_summaries')) as object).sort()).toEqual([
      'balatro',
      'hades',
    ]);
    const home = await visit('/');
    expect(home.cache).toBeNull();
    expect(home.body).toContain('Game balatro');
    // The editor sees them by name, with the revision the next save goes over.
    const read = await call('/api/editor/highlights', { uid: 'edna' });
    expect(await read.json()).toEqual({
      games: ['balatro', 'hades'],
      names: { balatro: 'Game balatro', hades: 'Game hades' },
      revision: 1,
    });
  });

  it('refuses a save over someone else’s (409), and of two saves at once exactly one is kept', async () => {
    // Another editor opened them at revision 0, before the save above: theirs would undo it.
    const stale = await call('/api/editor/highlights', {
      method: 'PUT',
      uid: 'edna',
      json: { games: ['factorio'], revision: 0 },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json<ApiErrorBody>()).toMatchObject({
      error: {
        code: 'edit-conflict',
        message: 'Someone else saved the highlights since you opened them: reload to see theirs.',
      },
    });
    expect(await highlightsSaved()).toEqual({ games: { balatro: 1, hades: 2 }, revision: 1 });
    // Two editors who both read revision 1 save at the same moment.
    const racing = await Promise.all(
      [['celeste'], ['inscryption']].map((games) =>
        call('/api/editor/highlights', { method: 'PUT', uid: 'edna', json: { games, revision: 1 } }),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = racing[0]?.status === 200 ? 'celeste' : 'inscryption';
    expect(await highlightsSaved()).toEqual({ games: { [kept]: 1 }, revision: 2 });
    // A revision is a whole number: anything else is refused as input.
    for (const revision of [-1, 1.5, '2', null]) {
      const bad = await call('/api/editor/highlights', {
        method: 'PUT',
        uid: 'edna',
        json: { games: ['hades'], revision },
      });
      expect(bad.status).toBe(400);
    }
    // Back to the order the next tests expect.
    const restored = await call('/api/editor/highlights', {
      method: 'PUT',
      uid: 'edna',
      json: { games: ['balatro', 'hades'], revision: 2 },
    });
    expect(restored.status).toBe(200);
  });

  it('refuses unknown games, repeats and too many, changing nothing', async () => {
    const unknown = await call('/api/editor/highlights', {
      method: 'PUT',
      uid: 'edna',
      json: { games: ['hades', 'no-such-game'], revision: 3 },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<ApiErrorBody>()).error.message).toContain('no-such-game');
    for (const games of [
      ['hades', 'hades'],
      Array.from({ length: 25 }, (_, i) => `game-${String(i)}`),
      ['../x'],
    ]) {
      const bad = await call('/api/editor/highlights', {
        method: 'PUT',
        uid: 'edna',
        json: { games, revision: 3 },
      });
      expect(bad.status).toBe(400);
    }
    expect(await highlightsSaved()).toEqual({ games: { balatro: 1, hades: 2 }, revision: 3 });
  });
});

describe('curated lists', () => {
  it('an editor creates a list with named collections, and its page and summary show it', async () => {
    const created = await putList('edna', LIST, {
      name: 'Editors’ picks',
      description: 'Chosen by hand.',
      collections: [
        { name: 'Hard and fair', games: ['hades', 'celeste', 'balatro'] },
        { name: 'Strange cards', games: ['inscryption'] },
      ],
      revision: null,
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      created: true,
      revision: 1,
      added: ['hades', 'celeste', 'balatro', 'inscryption'],
    });
    expect(await db.get(`lists-public/${LIST}`)).toEqual({ name: 'Editors’ picks', game_count: 4 });
    // Its followers hear of the games it gained, written with the list.
    const activity = Object.values((await db.get(`list_activity/${LIST}`)) as Record<string, unknown>);
    expect(activity).toEqual([
      {
        games: ['hades', 'celeste', 'balatro', 'inscryption'],
        count: 4,
        timestamp: expect.any(Number) as number,
      },
    ]);
    const page = await visit(`/lists/games/${LIST}`);
    expect(page.body).toContain('Hard and fair');
    const read = await call(`/api/editor/lists/${LIST}`, { uid: 'edna' });
    expect(await read.json()).toEqual({
      code: LIST,
      list: {
        name: 'Editors’ picks',
        description: 'Chosen by hand.',
        collections: [
          { name: 'Hard and fair', games: ['hades', 'celeste', 'balatro'] },
          { name: 'Strange cards', games: ['inscryption'] },
        ],
      },
      names: {
        hades: 'Game hades',
        celeste: 'Game celeste',
        balatro: 'Game balatro',
        inscryption: 'Game inscryption',
      },
      revision: 1,
    });
    const lists = await call('/api/editor/lists', { uid: 'edna' });
    expect((await lists.json<{ lists: { code: string }[] }>()).lists).toContainEqual({
      code: LIST,
      name: 'Editors’ picks',
      games: 4,
    });
  });

  it('a new order shows on the list page at once (its edge copy and home’s are dropped)', async () => {
    await cached(`/lists/games/${LIST}`);
    await cached('/');
    const saved = await putList('edna', LIST, {
      name: 'Editors’ picks',
      collections: [
        { name: 'Hard and fair', games: ['balatro', 'hades', 'celeste'] },
        { name: 'Strange cards', games: ['inscryption'] },
      ],
      revision: 1,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ created: false, revision: 2, added: [] });
    const page = await visit(`/lists/games/${LIST}`);
    expect(page.cache).toBeNull();
    const order = ['Game balatro', 'Game hades', 'Game celeste'].map((name) => page.body.indexOf(name));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect((await visit('/')).cache).toBeNull();
  });

  it('keeps the count of the list’s followers when saved', async () => {
    await db.patch('', { [`lists-public/${LIST}/follows`]: 3 });
    const saved = await putList('edna', LIST, {
      name: 'Renamed picks',
      collections: [{ name: 'All', games: ['factorio'] }],
      revision: 2,
    });
    expect(saved.status).toBe(200);
    expect(await db.get(`lists-public/${LIST}`)).toEqual({
      name: 'Renamed picks',
      game_count: 1,
      follows: 3,
    });
    // Factorio is new to the list: one more event; the reorder before it gained nothing and made none.
    const activity = Object.values(
      (await db.get(`list_activity/${LIST}`)) as Record<string, { games: string[] }>,
    );
    expect(activity.map((event) => event.games)).toEqual([
      ['hades', 'celeste', 'balatro', 'inscryption'],
      ['factorio'],
    ]);
  });

  it('refuses a save over someone else’s, and a new list over an existing one (409), writing nothing', async () => {
    const before = await db.get(`lists/${LIST}`);
    const summary = await db.get(`lists-public/${LIST}`);
    const stale = await putList('edna', LIST, {
      name: 'An older copy',
      collections: [{ name: 'All', games: ['hades'] }],
      revision: 2,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json<ApiErrorBody>()).error).toEqual({
      code: 'edit-conflict',
      message: 'Someone else saved this list since you opened it: reload to see theirs.',
    });
    const taken = await putList('edna', LIST, {
      name: 'Same code, new list',
      collections: [{ name: 'All', games: ['hades'] }],
      revision: null,
    });
    expect(taken.status).toBe(409);
    expect((await taken.json<ApiErrorBody>()).error.message).toBe(
      'A list already has that code: choose another.',
    );
    expect(await db.get(`lists/${LIST}`)).toEqual(before);
    expect(await db.get(`lists-public/${LIST}`)).toEqual(summary);
    // Two editors create the same new code at the same moment: one list is made, the other is told.
    const fresh = `${LIST}-race`;
    const racing = await Promise.all(
      ['celeste', 'balatro'].map((game) =>
        putList('edna', fresh, {
          name: `Only ${game}`,
          collections: [{ name: 'All', games: [game] }],
          revision: null,
        }),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const winner = racing[0]?.status === 201 ? 'celeste' : 'balatro';
    expect(await db.get(`lists-public/${fresh}`)).toEqual({ name: `Only ${winner}`, game_count: 1 });
    // Saving against a list that does not exist is a conflict too (nothing to go over).
    expect(
      (
        await putList('edna', `${LIST}-none`, {
          name: 'X',
          collections: [{ name: 'A', games: [] }],
          revision: 4,
        })
      ).status,
    ).toBe(409);
    expect(await db.get(`lists/${LIST}-none`)).toBeNull();
  });

  it('refuses unknown games, bad codes, huge and malformed lists, writing nothing', async () => {
    const before = await db.get(`lists/${LIST}`);
    const unknown = await putList('edna', LIST, {
      name: 'X',
      collections: [{ name: 'A', games: ['hades', 'nope-game'] }],
      revision: 3,
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<ApiErrorBody>()).error.message).toContain('nope-game');
    const huge = Array.from({ length: 201 }, (_, i) => `g${String(i)}`);
    const cases: [string, unknown][] = [
      [LIST, { name: 'X', collections: [{ name: 'A', games: huge }] }],
      [LIST, { name: 'X', collections: [] }],
      [LIST, { name: '', collections: [{ name: 'A', games: [] }] }],
      [LIST, { name: 'X', collections: [{ name: 'A', games: ['hades', 'hades'] }] }],
      [LIST, { name: 'X', collections: Array.from({ length: 13 }, () => ({ name: 'A', games: [] })) }],
      [LIST, 'not a list'],
      ['Bad_Code', { name: 'X', collections: [{ name: 'A', games: ['hades'] }] }],
      ['a--b', { name: 'X', collections: [{ name: 'A', games: ['hades'] }] }],
    ];
    // Each with the list's current revision, so that only what is wrong with it is refused.
    for (const [code, json] of cases) {
      const body = typeof json === 'object' ? { ...json, revision: 3 } : json;
      expect((await putList('edna', code, body)).status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    // A body past the API's size limit is refused before it is read.
    const tooBig = await putList('edna', LIST, {
      name: 'X',
      collections: [{ name: 'A', games: Array.from({ length: 2000 }, (_, i) => `game-number-${String(i)}`) }],
      revision: 3,
    });
    expect(tooBig.status).toBe(413);
    expect(await db.get(`lists/${LIST}`)).toEqual(before);
    expect(await db.get('lists/bad_code')).toBeNull();
  });

  it('answers 404 for a list that does not exist', async () => {
    expect((await call('/api/editor/lists/no-such-list', { uid: 'edna' })).status).toBe(404);
  });
});

describe('developer status', () => {
  it('an editor finds a member by username, grants developer status with games, and revokes it', async () => {
    const found = await call(`/api/editor/members/dev_studio_${run}`, { uid: 'edna' });
    expect(found.status).toBe(200);
    expect((await found.json<{ member: EditorMember }>()).member).toEqual({
      uid: 'dev',
      username: `dev_studio_${run}`,
      isDeveloper: false,
      developerGames: [],
      gameNames: {},
    });
    const granted = await call('/api/editor/developers/dev', {
      method: 'PUT',
      uid: 'edna',
      json: { games: ['hades', 'celeste'] },
    });
    expect(granted.status).toBe(200);
    expect(await db.get('users/dev/readOnly/isDeveloper')).toBe(true);
    expect(await db.get('users/dev/developer/developerGames')).toEqual({ hades: true, celeste: true });
    const after = await call(`/api/editor/members/dev_studio_${run}`, { uid: 'edna' });
    expect((await after.json<{ member: EditorMember }>()).member).toMatchObject({
      isDeveloper: true,
      developerGames: ['celeste', 'hades'],
      gameNames: { celeste: 'Game celeste', hades: 'Game hades' },
    });

    const revoked = await call('/api/editor/developers/dev', { method: 'DELETE', uid: 'edna' });
    expect(revoked.status).toBe(200);
    expect(await db.get('users/dev/readOnly/isDeveloper')).toBe(false);
    expect(await db.get('users/dev/developer/developerGames')).toBeNull();
  });

  it('refuses a member who does not exist, unknown games and bad ids, writing nothing', async () => {
    expect(
      (await call('/api/editor/developers/ghost', { method: 'PUT', uid: 'edna', json: {} })).status,
    ).toBe(404);
    expect(await db.get('users/ghost')).toBeNull();
    const unknown = await call('/api/editor/developers/mo', {
      method: 'PUT',
      uid: 'edna',
      json: { games: ['nope-game'] },
    });
    expect(unknown.status).toBe(400);
    expect(await db.get('users/mo/readOnly/isDeveloper')).toBeNull();
    expect((await call('/api/editor/developers/a.b', { method: 'PUT', uid: 'edna', json: {} })).status).toBe(
      400,
    );
    expect((await call('/api/editor/members/no_one_here', { uid: 'edna' })).status).toBe(404);
  });
  it('grants nothing for a body that is not sent as JSON', async () => {
    // A grant's body is optional in meaning (`games` may be left out), so a body the API never read
    // must not pass for an empty one: each of these granted developer status before the route's
    // definition validated its body.
    const text = JSON.stringify({ games: ['hades'] });
    const bodies: [what: string, type: string | null, body: string][] = [
      ['JSON text as text/plain', 'text/plain;charset=UTF-8', text],
      ['a form', 'application/x-www-form-urlencoded', 'games=hades'],
      ['JSON text with no type', null, text],
    ];
    for (const [what, type, body] of bodies) {
      const headers = new Headers({ Authorization: `Bearer ${memberToken('edna')}` });
      if (type !== null) headers.set('Content-Type', type);
      const ctx = createExecutionContext();
      const response = await app.request(
        'http://questline.test/api/editor/developers/mo',
        { method: 'PUT', headers, body },
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.ok, what).toBe(false);
      expect([400, 415], what).toContain(response.status);
    }
    expect(await db.get('users/mo/readOnly/isDeveloper')).toBeNull();
    expect(await db.get('users/mo/developer')).toBeNull();
  });
});

describe('logs', () => {
  it('an editor reads the latest entries first, a bounded page at a time', async () => {
    const first = await call('/api/editor/logs?kind=analytics&limit=2', { uid: 'edna' });
    expect(first.status).toBe(200);
    const page = await first.json<EditorLogPage>();
    expect(page.entries.map((entry) => entry.fields.targetId)).toEqual(['celeste', 'hades']);
    expect(page.entries[0]).toMatchObject({ id: '-A0000000000000003', timestamp: 3 });
    expect(page.before).toBe('-A0000000000000002');
    const second = await call(`/api/editor/logs?kind=analytics&limit=2&before=${page.before ?? ''}`, {
      uid: 'edna',
    });
    const older = await second.json<EditorLogPage>();
    expect(older.entries.map((entry) => entry.id)).toEqual(['-A0000000000000001']);
    expect(older.before).toBeNull();
  });

  it('refuses unbounded pages and unknown logs', async () => {
    for (const query of ['limit=51', 'limit=0', 'kind=users', 'before=a/b'])
      expect((await call(`/api/editor/logs?${query}`, { uid: 'edna' })).status, query).toBe(400);
  });
});
