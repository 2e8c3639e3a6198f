import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// Liking the posts and comments of a member who blocked you, in workerd against the database emulator:
// refused with 403 and nothing written, however the blocked member words or repeats the request; taking
// a like back stays open.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const ANA = `lb-ana-${run}`;
const BEN = `lb-ben-${run}`;
const CLEO = `lb-cleo-${run}`;
let anaPost: string;
let anaComment: string;
let cleoPost: string;

/** Everything the database holds. */
const wholeDatabase = async (): Promise<unknown> => db.get('');

async function post(uid: string, targetId: string, content: string): Promise<string> {
  const created = await call('/api/posts', {
    method: 'POST',
    uid,
    json: { targetType: 'user', targetId, content },
  });
  expect(created.status).toBe(201);
  return (await created.json<{ post: { uuid: string } }>()).post.uuid;
}

const like = (uid: string, type: string, targetId: string, method = 'PUT') =>
  call(`/api/likes/${type}/${targetId}`, { method, uid });

beforeAll(async () => {
  await db.patch('', {
    [`users/${ANA}/public`]: { uuid: ANA, username: `ana_${run}`, follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: `ben_${run}`, follows: 0 },
    [`users/${CLEO}/public`]: { uuid: CLEO, username: `cleo_${run}`, follows: 0 },
  });
  anaPost = await post(ANA, ANA, 'Heat 32, finally.');
  cleoPost = await post(CLEO, CLEO, 'Any tips for the last boss?');
  const commented = await call(`/api/comments/posts/${cleoPost}`, {
    method: 'POST',
    uid: ANA,
    json: { content: 'Dash through the second phase.' },
  });
  anaComment = (await commented.json<{ comment: { uuid: string } }>()).comment.uuid;
  // Ben liked Ana's post before she blocked him.
  expect(await (await like(BEN, 'post', anaPost)).json()).toMatchObject({ liking: true, likes: 1 });
  expect(
    (await call('/api/blocks', { method: 'POST', uid: ANA, json: { kind: 'users', ids: [BEN] } })).status,
  ).toBe(200);
});

describe('liking what a member who blocked you wrote', () => {
  it('lets the blocked member take back a like made before the block', async () => {
    expect(await (await like(BEN, 'post', anaPost, 'DELETE')).json()).toMatchObject({
      changed: true,
      liking: false,
      likes: 0,
    });
    expect(await db.get(`likes_active/${anaPost}/${BEN}`)).toBeNull();
  });

  it('refuses liking her posts and comments with 403 however often he tries, writing nothing', async () => {
    const before = await wholeDatabase();
    for (let attempt = 0; attempt < 3; attempt++) {
      for (const [type, id] of [
        ['post', anaPost],
        ['comment', anaComment],
      ] as const) {
        const refused = await like(BEN, type, id);
        expect(refused.status).toBe(403);
        expect((await refused.json<ApiErrorBody>()).error).toEqual({
          code: 'forbidden',
          message: `You cannot like this ${type}.`,
        });
      }
    }
    expect(await wholeDatabase()).toEqual(before);
    expect(await db.get(`posts/${anaPost}/likes`)).toBe(0);
    expect(await db.get(`comments/${anaComment}/likes`)).toBe(0);
    const mine = await call(`/api/likes/mine?ids=${anaPost},${anaComment}`, { uid: BEN });
    expect(await mine.json()).toEqual({ liked: [] });
  });

  it('refuses her post named as a comment, and her comment as a post, writing nothing', async () => {
    const before = await wholeDatabase();
    expect((await like(BEN, 'comment', anaPost)).status).toBe(404);
    expect((await like(BEN, 'post', anaComment)).status).toBe(404);
    expect(await wholeDatabase()).toEqual(before);
  });

  it('still lets him like other members’ posts, and others like hers', async () => {
    expect(await (await like(BEN, 'post', cleoPost)).json()).toMatchObject({ changed: true, likes: 1 });
    expect(await (await like(CLEO, 'post', anaPost)).json()).toMatchObject({ changed: true, likes: 1 });
    // Ana may like her own post, and Ben's doings do not stop her.
    expect((await like(ANA, 'post', anaPost)).status).toBe(200);
  });

  it('lets him like her post again once the block is taken back', async () => {
    await call('/api/blocks', { method: 'DELETE', uid: ANA, json: { kind: 'users', ids: [BEN] } });
    expect(await (await like(BEN, 'post', anaPost)).json()).toMatchObject({ changed: true, likes: 3 });
  });
});
