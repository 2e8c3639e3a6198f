import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// A member's wall is theirs, in workerd against the database emulator. Ana blocked Ben; Cleo, whom
// nobody blocked, wrote on Ana's wall. Ben can neither post on Ana's wall nor comment on or like anything
// on it, Cleo's post and comments included, nor comment on or like Ana's posts elsewhere (a game's
// feed): 403, nothing written, however often he tries. Ana removes any post or comment on her wall, with
// exact counts and without a word to its author, and nothing on anyone else's wall she did not write.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `wr-ana-${run}`;
const BEN = `wr-ben-${run}`;
const CLEO = `wr-cleo-${run}`;
const DORA = `wr-dora-${run}`;
const GAME = `wr-hades-${run}`.toLowerCase();

/** Cleo's post on Ana's wall, her comment on it, and Ben's comment on it from before the block. */
let cleoPostOnAnasWall: string;
let cleoComment: string;
let benComment: string;
/** Ana's post on the game's feed. */
let anaGamePost: string;
/** Cleo's post on Dora's wall. */
let cleoPostOnDorasWall: string;

const wholeDatabase = async (): Promise<unknown> => db.get('');

async function post(uid: string, targetType: string, targetId: string, content: string): Promise<string> {
  const created = await call('/api/posts', { method: 'POST', uid, json: { targetType, targetId, content } });
  expect(created.status).toBe(201);
  return (await created.json<{ post: { uuid: string } }>()).post.uuid;
}

async function comment(uid: string, postId: string, content: string): Promise<string> {
  const created = await call(`/api/comments/posts/${postId}`, { method: 'POST', uid, json: { content } });
  expect(created.status).toBe(201);
  return (await created.json<{ comment: { uuid: string } }>()).comment.uuid;
}

const like = (uid: string, type: 'post' | 'comment', targetId: string, method = 'PUT') =>
  call(`/api/likes/${type}/${targetId}`, { method, uid });

async function expectRefused(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(403);
  expect((await response.json<ApiErrorBody>()).error).toEqual({ code: 'forbidden', message });
}

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Hades Walls'),
    [`users/${ANA}/public`]: { uuid: ANA, username: `ana_${run}`, follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: `ben_${run}`, follows: 0 },
    [`users/${CLEO}/public`]: { uuid: CLEO, username: `cleo_${run}`, follows: 0 },
    [`users/${DORA}/public`]: { uuid: DORA, username: `dora_${run}`, follows: 0 },
  });
  cleoPostOnAnasWall = await post(CLEO, 'user', ANA, 'Congrats on Heat 32!');
  cleoComment = await comment(CLEO, cleoPostOnAnasWall, 'Seriously, well done.');
  benComment = await comment(BEN, cleoPostOnAnasWall, 'Lucky boons, nothing more.');
  anaGamePost = await post(ANA, 'game', GAME, 'Dash through the second phase.');
  cleoPostOnDorasWall = await post(CLEO, 'user', DORA, 'See you at the tournament.');
  // Ben liked Cleo's post on Ana's wall and Cleo liked Ben's comment, before Ana blocked Ben.
  expect((await like(BEN, 'post', cleoPostOnAnasWall)).status).toBe(200);
  expect((await like(CLEO, 'comment', benComment)).status).toBe(200);
  const blocked = await call('/api/blocks', {
    method: 'POST',
    uid: ANA,
    json: { kind: 'users', ids: [BEN] },
  });
  expect(blocked.status).toBe(200);
});

describe('what a member Ana blocked can do on her wall', () => {
  it('refuses his comments on a third member’s post there, writing nothing', async () => {
    const before = await wholeDatabase();
    for (let attempt = 0; attempt < 2; attempt++)
      await expectRefused(
        await call(`/api/comments/posts/${cleoPostOnAnasWall}`, {
          method: 'POST',
          uid: BEN,
          json: { content: 'You cannot keep me out.' },
        }),
        'You cannot comment on this post.',
      );
    expect(await wholeDatabase()).toEqual(before);
  });

  it('refuses his likes of a third member’s post and comment there, writing nothing', async () => {
    // Taking back the like he gave before the block stays open, as everywhere.
    expect(await (await like(BEN, 'post', cleoPostOnAnasWall, 'DELETE')).json()).toMatchObject({
      changed: true,
      liking: false,
      likes: 0,
    });
    const before = await wholeDatabase();
    for (let attempt = 0; attempt < 2; attempt++) {
      await expectRefused(await like(BEN, 'post', cleoPostOnAnasWall), 'You cannot like this post.');
      await expectRefused(await like(BEN, 'comment', cleoComment), 'You cannot like this comment.');
    }
    expect(await wholeDatabase()).toEqual(before);
    expect(await db.get(`posts/${cleoPostOnAnasWall}/likes`)).toBe(0);
    expect(await db.get(`comments/${cleoComment}/likes`)).toBe(0);
  });

  it('refuses his posts on her wall, whatever the request says besides', async () => {
    const before = await wholeDatabase();
    for (const json of [
      { targetType: 'user', targetId: ANA, content: 'Hello from the blocked side.' },
      { targetType: 'user', targetId: ANA, content: 'Again.', type: 'link', sourceUUID: CLEO },
    ])
      await expectRefused(
        await call('/api/posts', { method: 'POST', uid: BEN, json }),
        'You cannot post on this feed.',
      );
    expect(await wholeDatabase()).toEqual(before);
  });

  it('refuses his comments on and likes of her post on a game’s feed, writing nothing', async () => {
    const before = await wholeDatabase();
    await expectRefused(
      await call(`/api/comments/posts/${anaGamePost}`, {
        method: 'POST',
        uid: BEN,
        json: { content: 'Nope.' },
      }),
      'You cannot comment on this post.',
    );
    await expectRefused(await like(BEN, 'post', anaGamePost), 'You cannot like this post.');
    expect(await wholeDatabase()).toEqual(before);
  });

  it('leaves him the rest of the site, and leaves her wall open to everyone else', async () => {
    const onDora = await comment(BEN, cleoPostOnDorasWall, 'Count me in.');
    expect((await like(BEN, 'post', cleoPostOnDorasWall)).status).toBe(200);
    expect((await like(BEN, 'comment', onDora)).status).toBe(200);
    // Dora, whom Ana never blocked, comments and likes on Ana's wall as before.
    await comment(DORA, cleoPostOnAnasWall, 'Same here.');
    const likes = Number(await db.get(`posts/${cleoPostOnAnasWall}/likes`));
    expect(await (await like(DORA, 'post', cleoPostOnAnasWall)).json()).toMatchObject({ likes: likes + 1 });
    expect((await like(DORA, 'comment', cleoComment)).status).toBe(200);
  });

  it('takes no round more to refuse him: a comment in 2 rounds of reads, a like in 2 (3 on a comment)', async () => {
    const requests: RtdbRequestRecord[] = [];
    const counted = apiCaller(env, createApp({ onDatabaseRequest: (r) => requests.push(r) }));
    const rounds = async (path: string, init: Parameters<typeof counted>[1]): Promise<number> => {
      // Once to learn the member (the isolate remembers members), then counted.
      await counted(path, init);
      requests.length = 0;
      expect((await counted(path, init)).status).toBe(403);
      return sequentialRounds(requests);
    };
    const json = { content: 'Counting.' };
    expect(
      await rounds(`/api/comments/posts/${cleoPostOnAnasWall}`, { method: 'POST', uid: BEN, json }),
    ).toBe(2);
    expect(await rounds(`/api/likes/post/${cleoPostOnAnasWall}`, { method: 'PUT', uid: BEN })).toBe(2);
    expect(await rounds(`/api/likes/comment/${cleoComment}`, { method: 'PUT', uid: BEN })).toBe(3);
    expect(
      await rounds('/api/posts', {
        method: 'POST',
        uid: BEN,
        json: { targetType: 'user', targetId: ANA, content: 'Counting.' },
      }),
    ).toBe(1);
  });
});

describe('what the owner of a wall can remove', () => {
  it('removes the blocked member’s earlier comment on a third member’s post, with exact counts and no word to him', async () => {
    const benNotifications = await db.get(`notifications/${BEN}`);
    expect(Object.keys((await db.get(`posts/${cleoPostOnAnasWall}/comments`)) as object)).toContain(
      benComment,
    );
    expect(await db.get(`likes_active/${benComment}/${CLEO}`)).not.toBeNull();
    expect((await call(`/api/comments/${benComment}`, { method: 'DELETE', uid: ANA })).status).toBe(204);
    expect(await db.get(`comments/${benComment}`)).toBeNull();
    expect(Object.keys((await db.get(`posts/${cleoPostOnAnasWall}/comments`)) as object)).not.toContain(
      benComment,
    );
    // Its likes go with it, and Cleo is no longer told of a comment that is gone.
    expect(await db.get(`likes_active/${benComment}`)).toBeNull();
    expect(await db.get(`notifications/${CLEO}/${benComment}`)).toBeNull();
    // Ben is told nothing.
    expect(await db.get(`notifications/${BEN}`)).toEqual(benNotifications);
  });

  it('removes a third member’s post on her wall with its comments and likes, and tells its author nothing', async () => {
    const cleoNotificationsBefore = (await db.get(`notifications/${CLEO}`)) as Record<string, unknown>;
    const comments = Object.keys((await db.get(`posts/${cleoPostOnAnasWall}/comments`)) as object);
    expect(comments.length).toBeGreaterThan(0);
    expect((await call(`/api/posts/${cleoPostOnAnasWall}`, { method: 'DELETE', uid: ANA })).status).toBe(204);
    expect(await db.get(`posts/${cleoPostOnAnasWall}`)).toBeNull();
    expect(await db.get(`posts_by_uid/${CLEO}/${cleoPostOnAnasWall}`)).toBeNull();
    expect(await db.get(`likes_active/${cleoPostOnAnasWall}`)).toBeNull();
    for (const id of comments) expect(await db.get(`comments/${id}`)).toBeNull();
    expect((await call(`/api/posts/${cleoPostOnAnasWall}`)).status).toBe(404);
    // Nothing new for Cleo: no notification says her post was removed (those of its comments go with them).
    const after = ((await db.get(`notifications/${CLEO}`)) ?? {}) as Record<string, unknown>;
    for (const id of Object.keys(after)) expect(cleoNotificationsBefore).toHaveProperty(id);
  });

  it('refuses her removing a post or a comment on another member’s wall that she did not write', async () => {
    const dorasComment = await comment(DORA, cleoPostOnDorasWall, 'Bring snacks.');
    const before = await wholeDatabase();
    const refusedPost = await call(`/api/posts/${cleoPostOnDorasWall}`, { method: 'DELETE', uid: ANA });
    expect(refusedPost.status).toBe(403);
    expect((await refusedPost.json<ApiErrorBody>()).error.code).toBe('forbidden');
    const refusedComment = await call(`/api/comments/${dorasComment}`, { method: 'DELETE', uid: ANA });
    expect(refusedComment.status).toBe(403);
    expect((await refusedComment.json<ApiErrorBody>()).error.code).toBe('forbidden');
    expect(await wholeDatabase()).toEqual(before);
  });

  it('still lets her remove a comment under her own post on a game’s feed, as a post’s author could', async () => {
    const cleos = await comment(CLEO, anaGamePost, 'Works every time.');
    expect((await call(`/api/comments/${cleos}`, { method: 'DELETE', uid: ANA })).status).toBe(204);
    expect(await db.get(`comments/${cleos}`)).toBeNull();
  });
});
