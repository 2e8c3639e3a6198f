import { beforeAll, describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// A post keeps copies of its newest comments (shared/schemas/preview-comment.ts), kept by the writes that
// change them: a feed page then shows each post with its latest comments from the post's record alone.
// Through the Worker's API in workerd against the database emulator, as members and an editor would.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const requests: RtdbRequestRecord[] = [];
const call = apiCaller(env, createApp({ onDatabaseRequest: (r) => requests.push(r) }));

const run = runTag();
const ANA = `pc-ana-${run}`;
const BEN = `pc-ben-${run}`;
const CLEO = `pc-cleo-${run}`;
const EDNA = `pc-edna-${run}`; // an editor
const GAME = `pc-game-${run}`.toLowerCase();

interface ShownComment {
  uuid: string;
  content: string;
  likes: number;
  authorName?: string;
  sourceUUID: string;
}
interface ShownPost {
  uuid: string;
  previewComments: ShownComment[];
  preview_comments?: unknown;
}

async function newPost(content: string): Promise<string> {
  const response = await call('/api/posts', {
    method: 'POST',
    uid: ANA,
    json: { targetType: 'game', targetId: GAME, content },
  });
  expect(response.status).toBe(201);
  return (await response.json<{ post: { uuid: string } }>()).post.uuid;
}

async function comment(postId: string, uid: string, content: string): Promise<string> {
  const response = await call(`/api/comments/posts/${postId}`, { method: 'POST', uid, json: { content } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json<{ comment: { uuid: string } }>()).comment.uuid;
}

const copyIds = async (postId: string) =>
  Object.keys(((await db.get(`posts/${postId}/preview_comments`)) as Record<string, unknown> | null) ?? {});

/** The post as the game's feed shows it, and the reads of its comments (or any copied) that showing it made. */
async function shownOnFeed(postId: string): Promise<{ post: ShownPost | undefined; commentReads: string[] }> {
  const named = Object.keys(
    ((await db.get(`posts/${postId}/comments`)) as Record<string, number> | null) ?? {},
  );
  const copied = await copyIds(postId);
  const ofThisPost = new Set([...named, ...copied].map((id) => `comments/${id}`));
  requests.length = 0;
  const response = await call(`/api/posts?targetType=game&targetId=${GAME}&limit=25`);
  expect(response.status).toBe(200);
  const { posts } = await response.json<{ posts: ShownPost[] }>();
  return {
    post: posts.find((post) => post.uuid === postId),
    commentReads: requests.map((r) => r.path).filter((path) => ofThisPost.has(path)),
  };
}

const contents = (post: ShownPost | undefined) => post?.previewComments.map((c) => c.content);

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Preview Game', 10),
    [`users/${ANA}/public`]: { uuid: ANA, username: `pc_ana_${run}`.toLowerCase(), follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: `pc_ben_${run}`.toLowerCase(), follows: 0 },
    [`users/${CLEO}/public`]: { uuid: CLEO, username: `pc_cleo_${run}`.toLowerCase(), follows: 0 },
    [`users/${EDNA}/public`]: { uuid: EDNA, username: `pc_edna_${run}`.toLowerCase(), follows: 0 },
    [`users/${EDNA}/admin/auth`]: true,
  });
});

describe('preview comments kept on the post', () => {
  it('a feed shows a post’s three newest comments, with their authors, without reading a comment', async () => {
    const post = await newPost('Which boss was hardest?');
    const ids = [];
    for (const [n, uid] of [ANA, BEN, CLEO, BEN].entries()) ids.push(await comment(post, uid, `answer ${n}`));
    // The copy of each is the comment record exactly as written, and only the newest three are kept.
    expect((await copyIds(post)).sort()).toEqual(ids.slice(1).sort());
    for (const id of ids.slice(1))
      expect(await db.get(`posts/${post}/preview_comments/${id}`)).toEqual(await db.get(`comments/${id}`));

    const { post: shown, commentReads } = await shownOnFeed(post);
    expect(contents(shown)).toEqual(['answer 3', 'answer 2', 'answer 1']);
    expect(shown?.previewComments.map((c) => c.authorName)).toEqual([
      `pc_ben_${run}`.toLowerCase(),
      `pc_cleo_${run}`.toLowerCase(),
      `pc_ben_${run}`.toLowerCase(),
    ]);
    // Who wrote each stays on it, so a member's blocks still hide theirs once the page is theirs.
    expect(shown?.previewComments.map((c) => c.sourceUUID)).toEqual([BEN, CLEO, BEN]);
    expect(commentReads).toEqual([]);
    // The copies themselves are never part of what a feed answers.
    expect(shown).not.toHaveProperty('preview_comments');
  });

  it('a deleted comment leaves the preview and the next newest comes back, still without a read', async () => {
    const post = await newPost('Best soundtrack?');
    const ids = [];
    for (const n of [0, 1, 2, 3]) ids.push(await comment(post, BEN, `track ${n}`));
    const newest = ids[3] ?? '';
    expect((await call(`/api/comments/${newest}`, { method: 'DELETE', uid: BEN })).status).toBe(204);

    expect(await db.get(`posts/${post}/preview_comments/${newest}`)).toBeNull();
    expect((await copyIds(post)).sort()).toEqual(ids.slice(0, 3).sort());
    const { post: shown, commentReads } = await shownOnFeed(post);
    expect(contents(shown)).toEqual(['track 2', 'track 1', 'track 0']);
    expect(commentReads).toEqual([]);
  });

  it('a comment an editor removes leaves the preview the same way', async () => {
    const post = await newPost('Speedrun routes?');
    const kept = await comment(post, CLEO, 'Skip the bridge.');
    const rude = await comment(post, BEN, 'Something rude.');
    const reported = await call('/api/reports', {
      method: 'POST',
      uid: CLEO,
      json: { kind: 'comment', itemId: rude, reason: 'harassment' },
    });
    expect(reported.status).toBe(201);
    const removed = await call(`/api/editor/reports/comment/${rude}`, {
      method: 'POST',
      uid: EDNA,
      json: { action: 'remove' },
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await copyIds(post)).toEqual([kept]);
    expect(contents((await shownOnFeed(post)).post)).toEqual(['Skip the bridge.']);
  });

  it('a like of a comment moves the count its copy shows, and taking it back moves it back', async () => {
    const post = await newPost('Favourite weapon?');
    const bow = await comment(post, BEN, 'The bow.');
    expect((await call(`/api/likes/comment/${bow}`, { method: 'PUT', uid: CLEO })).status).toBe(200);
    expect((await call(`/api/likes/comment/${bow}`, { method: 'PUT', uid: ANA })).status).toBe(200);
    expect((await shownOnFeed(post)).post?.previewComments[0]?.likes).toBe(2);
    expect((await call(`/api/likes/comment/${bow}`, { method: 'DELETE', uid: ANA })).status).toBe(200);
    const { post: shown, commentReads } = await shownOnFeed(post);
    expect(shown?.previewComments[0]?.likes).toBe(1);
    expect(await db.get(`comments/${bow}/likes`)).toBe(1);
    expect(commentReads).toEqual([]);
  });

  it('a like of a comment too old for the preview writes no copy of it', async () => {
    const post = await newPost('Old thread');
    const oldest = await comment(post, BEN, 'first');
    for (const n of [1, 2, 3]) await comment(post, CLEO, `later ${n}`);
    expect((await call(`/api/likes/comment/${oldest}`, { method: 'PUT', uid: ANA })).status).toBe(200);
    expect(await db.get(`posts/${post}/preview_comments/${oldest}`)).toBeNull();
    expect(await db.get(`comments/${oldest}/likes`)).toBe(1);
  });

  it('comments written at once all show, each once, newest first', async () => {
    const post = await newPost('Race me');
    for (const n of [0, 1]) await comment(post, BEN, `early ${n}`);
    const racing = await Promise.all(
      [ANA, CLEO, BEN].map((uid, n) => comment(post, uid, `racing ${String(n)}`)),
    );
    const { post: shown, commentReads } = await shownOnFeed(post);
    expect(commentReads).toEqual([]);
    const stored = (await db.get(`posts/${post}/comments`)) as Record<string, number>;
    // The three newest by the post's own map, whatever order the writes landed in.
    const newest = Object.entries(stored)
      .sort(([a, x], [b, y]) => y - x || (a < b ? 1 : -1))
      .slice(0, 3)
      .map(([id]) => id);
    expect(shown?.previewComments.map((c) => c.uuid)).toEqual(newest);
    expect(new Set(newest)).toEqual(new Set(racing));
  });

  it('a post written before the copies still shows its comments, read as before', async () => {
    const post = `pc-old-post-${run}`;
    await db.patch('', {
      [`posts/${post}`]: {
        uuid: post,
        targetUUID: GAME,
        targetType: 'game',
        sourceUUID: ANA,
        feed_key: `game:${GAME}|${String(Date.now()).padStart(16, '0')}|${post}`,
        content: 'From before the copies.',
        type: 'text',
        likes: 0,
        timestamp: Date.now(),
        comments: { [`pc-old-comment-${run}`]: Date.now() },
      },
      [`comments/pc-old-comment-${run}`]: {
        postUUID: post,
        sourceUUID: BEN,
        content: 'Still here.',
        likes: 0,
        timestamp: Date.now(),
      },
    });
    const { post: shown, commentReads } = await shownOnFeed(post);
    expect(contents(shown)).toEqual(['Still here.']);
    expect(commentReads).toEqual([`comments/pc-old-comment-${run}`]);
  });

  it('a copy that does not match the post’s comments is never shown, and later comments drop it', async () => {
    const post = await newPost('Forged?');
    const real = await comment(post, BEN, 'real words');
    // Entries no write of the product leaves: a whole copy of a comment the post does not name (as a
    // deletion racing another could leave), and a copy of a comment the post names, claiming another post.
    const ghost = `pc-ghost-${run}`;
    await db.patch('', {
      [`posts/${post}/preview_comments/${ghost}`]: {
        postUUID: post,
        sourceUUID: CLEO,
        content: 'I was deleted',
        likes: 0,
        timestamp: Date.now() - 60_000,
      },
      [`posts/${post}/preview_comments/${real}/postUUID`]: 'another-post',
    });
    const { post: shown, commentReads } = await shownOnFeed(post);
    // The post's map names one comment: it is read (its copy is not of this post) and shown, the ghost not.
    expect(contents(shown)).toEqual(['real words']);
    expect(commentReads).toEqual([`comments/${real}`]);
    // The next comment drops the copy that is not of this post; the ghost goes once newer ones fill the few.
    await comment(post, CLEO, 'next 1');
    expect(await copyIds(post)).not.toContain(real);
    expect(await copyIds(post)).toContain(ghost);
    for (const n of [2, 3]) await comment(post, CLEO, `next ${String(n)}`);
    expect(await copyIds(post)).not.toContain(ghost);
    expect(contents((await shownOnFeed(post)).post)).toEqual(['next 3', 'next 2', 'next 1']);
  });
});
