import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// The social API in workerd against the database emulator, with Auth-emulator-style tokens.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();

const call = apiCaller(env, app);

beforeAll(async () => {
  await db.patch('', {
    'games/hades': testGame('hades', 'Hades', 10),
    'games/celeste': testGame('celeste', 'Celeste', 9),
    'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
    'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
    'users/cleo/public': { uuid: 'cleo', username: 'cleo_speedruns', follows: 0 },
    'users/dora/public': { uuid: 'dora', username: 'dora_explores', follows: 0 },
  });
});

describe('follows API', () => {
  it('answers 401 without a token and changes nothing', async () => {
    expect((await call('/api/follows/game/hades', { method: 'PUT' })).status).toBe(401);
    expect(await db.get('games/hades/follows')).toBe(0);
  });

  it('answers 400 with a message per field for an unknown type or a bad id', async () => {
    const response = await call('/api/follows/planet/hades', { method: 'PUT', uid: 'ana' });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json<ApiErrorBody>()).error.fields ?? {})).toEqual(['type']);
    expect((await call('/api/follows/game/bad.id', { method: 'PUT', uid: 'ana' })).status).toBe(400);
  });

  it('answers 404 for a game that does not exist, writing nothing', async () => {
    expect((await call('/api/follows/game/no-such-game', { method: 'PUT', uid: 'ana' })).status).toBe(404);
    expect(await db.get('games/no-such-game')).toBeNull();
    expect(await db.get('follows_history/ana/game:no-such-game')).toBeNull();
  });

  it('follows once however often repeated, unfollows, and emits pv_follow and pv_unfollow', async () => {
    const first = await call('/api/follows/game/hades', { method: 'PUT', uid: 'ana' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ changed: true, following: true, followers: 1 });
    expect(await (await call('/api/follows/game/hades', { method: 'PUT', uid: 'ana' })).json()).toMatchObject(
      {
        changed: false,
        followers: 1,
      },
    );
    expect(await (await call('/api/follows/game/hades', { uid: 'ana' })).json()).toEqual({
      following: true,
      followers: 1,
      self: false,
    });
    const listed = await (
      await call('/api/follows/users/ana?type=game')
    ).json<{ follows: { targetId: string }[] }>();
    expect(listed.follows.map((f) => f.targetId)).toEqual(['hades']);
    expect(
      await (await call('/api/follows/game/hades', { method: 'DELETE', uid: 'ana' })).json(),
    ).toMatchObject({
      following: false,
      followers: 0,
    });
    const events = Object.values(
      ((await db.get('logs/analytics')) ?? {}) as Record<
        string,
        { event: string; targetId: string; uid: string; success: boolean }
      >,
    );
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'pv_follow', targetId: 'hades', uid: 'ana', success: true }),
        expect.objectContaining({ event: 'pv_unfollow', targetId: 'hades', uid: 'ana', success: true }),
      ]),
    );
  });

  it('changes nothing on an unfollow that names another kind than the follow, so no count can be pumped', async () => {
    // The reported sequence: follow a member as a user, "unfollow" them as a game, four times over. The
    // game `dora` is another target (follows are keyed by kind and id), which Cleo does not follow.
    for (let round = 0; round < 4; round++) {
      await call('/api/follows/user/dora', { method: 'PUT', uid: 'cleo' });
      const undo = await call('/api/follows/game/dora', { method: 'DELETE', uid: 'cleo' });
      expect(undo.status).toBe(200);
      expect(await undo.json()).toMatchObject({ changed: false, following: false });
    }
    expect(await db.get('users/dora/public/follows')).toBe(1);
    expect(await db.get('games/dora')).toBeNull();
    expect(await db.get('follows_history/cleo/user:dora/type')).toBe('user');
    expect(
      await (await call('/api/follows/user/dora', { method: 'DELETE', uid: 'cleo' })).json(),
    ).toMatchObject({ changed: true, following: false, followers: 0 });
    expect(await db.get('users/dora/public/follows')).toBe(0);
  });

  it('answers 404 for following a user id that is not a user, even when a game has that id', async () => {
    const response = await call('/api/follows/user/hades', { method: 'PUT', uid: 'ana' });
    expect(response.status).toBe(404);
    expect(await db.get('users/hades')).toBeNull();
    expect(await db.get('follows_history/ana/user:hades')).toBeNull();
  });

  it('refuses to follow yourself', async () => {
    expect((await call('/api/follows/user/ana', { method: 'PUT', uid: 'ana' })).status).toBe(400);
    expect(await db.get('users/ana/public/follows')).toBe(0);
  });

  it('tells a member that a user is themself, so their own page offers no Follow button', async () => {
    expect(await (await call('/api/follows/user/ana', { uid: 'ana' })).json()).toMatchObject({
      following: false,
      self: true,
    });
    expect(await (await call('/api/follows/user/ana', { uid: 'ben' })).json()).toMatchObject({ self: false });
  });

  it('caps the follows list at 10', async () => {
    const games = Array.from({ length: 12 }, (_, i) => `game-${String(i)}`);
    await db.patch('', Object.fromEntries(games.map((g) => [`games/${g}`, testGame(g, g)])));
    for (const g of games) await call(`/api/follows/game/${g}`, { method: 'PUT', uid: 'ben' });
    const listed = await (await call('/api/follows/users/ben?limit=50')).json<{ follows: unknown[] }>();
    expect(listed.follows).toHaveLength(10);
  });

  it('lists the newest follows of one kind first, leaving other kinds out', async () => {
    const games = Array.from({ length: 12 }, (_, i) => `newest-${String(i).padStart(2, '0')}`);
    await db.patch('', Object.fromEntries(games.map((g) => [`games/${g}`, testGame(g, g)])));
    for (const g of games) {
      await call(`/api/follows/game/${g}`, { method: 'PUT', uid: 'cleo' });
      // A follow of another kind in between, which a list of games must not include.
      if (g === 'newest-05') await call('/api/follows/user/dora', { method: 'PUT', uid: 'cleo' });
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct follow times
    }
    const listed = await (
      await call('/api/follows/users/cleo?type=game')
    ).json<{ follows: { targetId: string; type: string }[] }>();
    expect(listed.follows.map((f) => f.targetId)).toEqual([...games].reverse().slice(0, 10));
    expect(listed.follows.every((f) => f.type === 'game')).toBe(true);
  });
});

describe('posts, comments and likes API', () => {
  it('posts to a game feed, comments, likes, and reads the post with preview comments', async () => {
    const created = await call('/api/posts', {
      method: 'POST',
      uid: 'ana',
      json: { targetType: 'game', targetId: 'hades', content: 'Heat 16!' },
    });
    expect(created.status).toBe(201);
    const { post } = await created.json<{ post: { uuid: string; type: string; sourceUUID: string } }>();
    expect(post).toMatchObject({ type: 'text', sourceUUID: 'ana', root: 'posts' });
    expect(await db.get(`posts_by_id/game:hades/${post.uuid}`)).toEqual(expect.any(Number));
    expect(await db.get(`posts_by_uid/ana/${post.uuid}`)).toEqual(expect.any(Number));
    for (const text of ['one', 'two', 'three', 'four'])
      expect(
        (
          await call(`/api/comments/posts/${post.uuid}`, {
            method: 'POST',
            uid: 'ben',
            json: { content: text },
          })
        ).status,
      ).toBe(201);
    const liked = await call(`/api/likes/post/${post.uuid}`, { method: 'PUT', uid: 'ben' });
    expect(await liked.json()).toMatchObject({ liking: true, likes: 1 });
    const read = await (
      await call(`/api/posts/${post.uuid}`)
    ).json<{ post: { likes: number; previewComments: { content: string }[] } }>();
    expect(read.post.likes).toBe(1);
    expect(read.post.previewComments.map((c) => c.content)).toEqual(['four', 'three', 'two']);
    const feed = await (
      await call('/api/posts?targetType=game&targetId=hades')
    ).json<{ posts: { uuid: string }[] }>();
    expect(feed.posts.map((p) => p.uuid)).toContain(post.uuid);
  });

  it('answers 400 per field for an empty post, 403 for deleting someone else’s post', async () => {
    const empty = await call('/api/posts', {
      method: 'POST',
      uid: 'ana',
      json: { targetType: 'game', targetId: 'hades', content: '  ' },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json<ApiErrorBody>()).error.fields).toHaveProperty('content');
    const created = await (
      await call('/api/posts', {
        method: 'POST',
        uid: 'ana',
        json: { targetType: 'game', targetId: 'hades', content: 'mine' },
      })
    ).json<{ post: { uuid: string } }>();
    expect((await call(`/api/posts/${created.post.uuid}`, { method: 'DELETE', uid: 'ben' })).status).toBe(
      403,
    );
    expect(await db.get(`posts/${created.post.uuid}/content`)).toBe('mine');
    expect((await call(`/api/posts/${created.post.uuid}`, { method: 'DELETE', uid: 'ana' })).status).toBe(
      204,
    );
    expect(await db.get(`posts/${created.post.uuid}`)).toBeNull();
    expect(await db.get(`posts_by_id/game:hades/${created.post.uuid}`)).toBeNull();
  });
});

describe('likes API', () => {
  it('refuses an unlike that names another kind than the like, so no count can be pumped', async () => {
    const created = await call('/api/posts', {
      method: 'POST',
      uid: 'ben',
      json: { targetType: 'game', targetId: 'celeste', content: 'Chapter 7 at last.' },
    });
    const { post } = await created.json<{ post: { uuid: string } }>();
    // The reported sequence: like a post, "unlike" it as a comment, four times over.
    for (let round = 0; round < 4; round++) {
      await call(`/api/likes/post/${post.uuid}`, { method: 'PUT', uid: 'dora' });
      const undo = await call(`/api/likes/comment/${post.uuid}`, { method: 'DELETE', uid: 'dora' });
      expect(undo.status).toBe(409);
      expect((await undo.json<ApiErrorBody>()).error.code).toBe('kind-mismatch');
    }
    expect(await db.get(`posts/${post.uuid}/likes`)).toBe(1);
    expect(await db.get(`comments/${post.uuid}`)).toBeNull();
    expect(
      await (await call(`/api/likes/post/${post.uuid}`, { method: 'DELETE', uid: 'dora' })).json(),
    ).toMatchObject({
      changed: true,
      liking: false,
      likes: 0,
    });
  });

  it('answers 404 for liking a comment that does not exist, writing nothing', async () => {
    expect((await call('/api/likes/comment/no-such-comment', { method: 'PUT', uid: 'ana' })).status).toBe(
      404,
    );
    expect(await db.get('comments/no-such-comment')).toBeNull();
    expect(await db.get('likes_history/ana/no-such-comment')).toBeNull();
  });
});

describe('suggestions, blocks, votes and profiles API', () => {
  it('keeps one answer per user and game and moves it between buckets; emits pv_suggest', async () => {
    await call('/api/suggestions/celeste', { method: 'PUT', uid: 'ana', json: { success: 'yes' } });
    expect(await db.get('suggestions_by_userid/ana/yes/celeste')).toEqual(expect.any(String));
    const changed = await (
      await call('/api/suggestions/celeste', { method: 'PUT', uid: 'ana', json: { success: 'no' } })
    ).json<{ suggestionId: string }>();
    expect(await db.get('suggestions_by_userid/ana/yes')).toBeNull();
    expect(await db.get('suggestions_by_userid/ana/no/celeste')).toBe(changed.suggestionId);
    expect(await db.get('suggestions_by_targetid/celeste/no/ana')).toBe(changed.suggestionId);
    expect(await db.get(`suggestions/${changed.suggestionId}/success`)).toBe('no');
    const events = Object.values(
      ((await db.get('logs/analytics')) ?? {}) as Record<string, { event: string }>,
    );
    expect(events.filter((e) => e.event === 'pv_suggest')).toHaveLength(2);
  });

  it('blocks need non-empty ids; blocking a user ends follows both ways; user blocks can be removed', async () => {
    const empty = await call('/api/blocks', { method: 'POST', uid: 'ana', json: { kind: 'users', ids: [] } });
    expect(empty.status).toBe(400);
    expect((await empty.json<ApiErrorBody>()).error.fields).toHaveProperty('ids');
    await call('/api/follows/user/ana', { method: 'PUT', uid: 'ben' });
    expect(await db.get('users/ana/public/follows')).toBe(1);
    expect(
      (await call('/api/blocks', { method: 'POST', uid: 'ana', json: { kind: 'users', ids: ['ben'] } }))
        .status,
    ).toBe(200);
    expect(await db.get('users/ana/private/blocks/users/ben')).toEqual(expect.any(Number));
    expect(await db.get('users/ana/public/follows')).toBe(0);
    expect(
      (await call('/api/blocks', { method: 'DELETE', uid: 'ana', json: { kind: 'users', ids: ['ben'] } }))
        .status,
    ).toBe(200);
    expect(await db.get('users/ana/private/blocks/users/ben')).toBeNull();
  });

  it('not interested in a game: kept with its time, ends following it, lists in GET, can be taken back', async () => {
    await call('/api/follows/game/celeste', { method: 'PUT', uid: 'dora' });
    expect(await db.get('games/celeste/follows')).toBe(1);
    const blocked = await call('/api/blocks', {
      method: 'POST',
      uid: 'dora',
      json: { kind: 'games', ids: ['celeste'] },
    });
    expect(blocked.status).toBe(200);
    expect(await db.get('users/dora/private/blocks/games/celeste')).toEqual(expect.any(Number));
    expect(await db.get('games/celeste/follows')).toBe(0);
    expect(await db.get('users/dora/private/follows/games/celeste')).toBeNull();
    const listed = await (
      await call('/api/blocks', { uid: 'dora' })
    ).json<{ games: Record<string, number> }>();
    expect(Object.keys(listed.games)).toEqual(['celeste']);
    // Another member cannot take it back for her: the request is about the caller's own blocks only.
    await call('/api/blocks', { method: 'DELETE', uid: 'ben', json: { kind: 'games', ids: ['celeste'] } });
    expect(await db.get('users/dora/private/blocks/games/celeste')).toEqual(expect.any(Number));
    expect(
      (
        await call('/api/blocks', {
          method: 'DELETE',
          uid: 'dora',
          json: { kind: 'games', ids: ['celeste'] },
        })
      ).status,
    ).toBe(200);
    expect(await db.get('users/dora/private/blocks/games/celeste')).toBeNull();
  });

  it('refuses to take back a block of a post or comment, and a block of a game that does not exist', async () => {
    const takeBack = await call('/api/blocks', {
      method: 'DELETE',
      uid: 'dora',
      json: { kind: 'posts', ids: ['-Nsome-post'] },
    });
    expect(takeBack.status).toBe(400);
    expect((await takeBack.json<ApiErrorBody>()).error.message).toBe(
      'Only blocks of members and games can be removed.',
    );
    const missing = await call('/api/blocks', {
      method: 'POST',
      uid: 'dora',
      json: { kind: 'games', ids: ['no-such-game'] },
    });
    expect(missing.status).toBe(404);
    expect(await db.get('users/dora/private/blocks/games/no-such-game')).toBeNull();
  });

  it('answers 404 for blocking a user that does not exist, writing nothing', async () => {
    const response = await call('/api/blocks', {
      method: 'POST',
      uid: 'ana',
      json: { kind: 'users', ids: ['ben', 'hades'] },
    });
    expect(response.status).toBe(404);
    expect(await db.get('users/ana/private/blocks')).toBeNull();
  });

  it('a locked vote cannot change', async () => {
    expect(
      (await call('/api/votes/goty', { method: 'PUT', uid: 'ana', json: { targetId: 'hades', lock: true } }))
        .status,
    ).toBe(200);
    const again = await call('/api/votes/goty', { method: 'PUT', uid: 'ana', json: { targetId: 'celeste' } });
    expect(again.status).toBe(409);
    expect(await db.get('votes/goty/ana/targetUUID')).toBe('hades');
  });

  it("a profile is changed by its owner only (403 on someone else's)", async () => {
    expect(
      (await call('/api/profiles/ana', { method: 'PATCH', uid: 'ben', json: { brief: 'pwned' } })).status,
    ).toBe(403);
    const own = await call('/api/profiles/ana', {
      method: 'PATCH',
      uid: 'ana',
      json: { brief: 'One more run.' },
    });
    expect(own.status).toBe(200);
    expect(await (await call('/api/profiles/ana')).json()).toMatchObject({
      profile: { brief: 'One more run.', sourceUUID: 'ana' },
    });
    expect(
      (await call('/api/profiles/ana', { method: 'PATCH', uid: 'ana', json: { disabled: true } })).status,
    ).toBe(200);
    expect((await call('/api/profiles/ana')).status).toBe(404);
  });
});
