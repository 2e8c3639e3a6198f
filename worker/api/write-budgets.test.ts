import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { createApp } from '../app.ts';
import { apiCaller, memberToken, type ApiCallInit } from '../test-support/api-request.ts';
import { sequentialRounds } from '../../shared/rtdb/sequential-rounds.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// Budgets for writes, as worker/page-budgets.test.ts keeps them for pages: how many database round trips
// a member's write waits for one after another (each a full trip from the edge to the database, tens of
// milliseconds in production). A ceiling per write, and the exact figure: a change adding a round fails
// here. Counted through the Worker with the member already known to the isolate (their first write
// found their member record, worker/auth/require-member.ts), as nearly every write is.
//
// A post reads its preconditions (the target, a block by the wall's owner, a posting block, developer
// flag, author's name) in one round, writes in one PATCH and answers the record it wrote: 2 rounds.
// A comment must read the post before it knows whose blocks to read (its author's, its wall's owner's): 3.
// A like or follow is gated (shared/transitions/gated-transition.ts: multi-path PATCH has no if-match, so
// the pair's history entry is taken with an ETag-conditional PUT first, which keeps counts exact under
// races); the entry is read with the preconditions, so a follow is its reads, the PUT and the PATCH: 3. A
// like also reads the post first, for whose blocks to read (a comment's post after the comment), and the
// gate is not taken before they are known, so that a refused like writes nothing and costs no more
// rounds than its reads; taking a like back reads no blocks: 3.
const WRITE_ROUNDS = {
  'post on a game': 2,
  'post on an event': 2,
  "post on a member's wall": 2,
  comment: 3,
  'like of a post': 4,
  'like of a comment': 4,
  "like of a comment on a member's wall": 5,
  unlike: 3,
  'follow of a member': 3,
  'follow of a game': 3,
  'follow of an event': 3,
  unfollow: 3,
} as const;

const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const requests: RtdbRequestRecord[] = [];
const app = createApp({ onDatabaseRequest: (r) => requests.push(r) });
const call = apiCaller(env, app);

const run = runTag();
const ANA = `wb-ana-${run}`;
const BEN = `wb-ben-${run}`;
const CLEO = `wb-cleo-${run}`;
const GAME = `wb-hades-${run}`.toLowerCase();
const EVENT = `wb-fest-${run}`.toLowerCase();

/**
 * The rounds the answer to one write waited for: the requests that had ended when it came. What the
 * write leaves behind (waitUntil: the analytics line of a follow, a purged page's address) is not one.
 */
async function roundsOf(path: string, init: ApiCallInit, status: number): Promise<number> {
  requests.length = 0;
  const headers = new Headers({ Authorization: `Bearer ${memberToken(init.uid ?? '')}` });
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const ctx = createExecutionContext();
  const response = await app.request(
    `http://questline.test${path}`,
    {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? null : JSON.stringify(init.json),
    },
    env,
    ctx,
  );
  const answered = [...requests];
  await waitOnExecutionContext(ctx);
  expect(response.status, await response.text()).toBe(status);
  return sequentialRounds(answered);
}

/** Ana's post on a game's feed and Ben's comment on it; Cleo's comment on a post on Ana's wall. */
let anaPost: string;
let anaComment: string;
let wallComment: string;

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Hades Budgets'),
    [`events/${EVENT}`]: { name: 'Budget Fest', deeplink_url_code: EVENT },
    [`users/${ANA}/public`]: { uuid: ANA, username: `ana_${run}`, follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: `ben_${run}`, follows: 0 },
    [`users/${CLEO}/public`]: { uuid: CLEO, username: `cleo_${run}`, follows: 0 },
  });
  // Each member's first write finds their member record; the isolate remembers them after it.
  const first = await call('/api/posts', {
    method: 'POST',
    uid: ANA,
    json: { targetType: 'game', targetId: GAME, content: 'Dash through the second phase.' },
  });
  anaPost = (await first.json<{ post: { uuid: string } }>()).post.uuid;
  const commented = await call(`/api/comments/posts/${anaPost}`, {
    method: 'POST',
    uid: BEN,
    json: { content: 'Thanks, that worked.' },
  });
  anaComment = (await commented.json<{ comment: { uuid: string } }>()).comment.uuid;
  const onWall = await call('/api/posts', {
    method: 'POST',
    uid: BEN,
    json: { targetType: 'user', targetId: ANA, content: 'Congrats on Heat 32!' },
  });
  const wallPost = (await onWall.json<{ post: { uuid: string } }>()).post.uuid;
  const wallCommented = await call(`/api/comments/posts/${wallPost}`, {
    method: 'POST',
    uid: CLEO,
    json: { content: 'Seriously, well done.' },
  });
  wallComment = (await wallCommented.json<{ comment: { uuid: string } }>()).comment.uuid;
});

describe('sequential database rounds per write, the member known', () => {
  const post = (targetType: string, targetId: () => string) => () =>
    roundsOf(
      '/api/posts',
      { method: 'POST', uid: BEN, json: { targetType, targetId: targetId(), content: 'Counting rounds.' } },
      201,
    );
  const cases: Record<keyof typeof WRITE_ROUNDS, () => Promise<number>> = {
    'post on a game': post('game', () => GAME),
    'post on an event': post('event', () => EVENT),
    "post on a member's wall": post('user', () => ANA),
    comment: () =>
      roundsOf(`/api/comments/posts/${anaPost}`, { method: 'POST', uid: BEN, json: { content: 'Hi.' } }, 201),
    'like of a post': () => roundsOf(`/api/likes/post/${anaPost}`, { method: 'PUT', uid: BEN }, 200),
    'like of a comment': () => roundsOf(`/api/likes/comment/${anaComment}`, { method: 'PUT', uid: ANA }, 200),
    "like of a comment on a member's wall": () =>
      roundsOf(`/api/likes/comment/${wallComment}`, { method: 'PUT', uid: BEN }, 200),
    unlike: () => roundsOf(`/api/likes/post/${anaPost}`, { method: 'DELETE', uid: BEN }, 200),
    'follow of a member': () => roundsOf(`/api/follows/user/${ANA}`, { method: 'PUT', uid: BEN }, 200),
    'follow of a game': () => roundsOf(`/api/follows/game/${GAME}`, { method: 'PUT', uid: BEN }, 200),
    'follow of an event': () => roundsOf(`/api/follows/event/${EVENT}`, { method: 'PUT', uid: BEN }, 200),
    unfollow: () => roundsOf(`/api/follows/game/${GAME}`, { method: 'DELETE', uid: BEN }, 200),
  };
  // In this order: the unfollow takes back the game's follow made just before.
  for (const [write, budget] of Object.entries(WRITE_ROUNDS))
    it(`${write}: ${String(budget)} sequential database rounds`, async () => {
      expect(await cases[write as keyof typeof WRITE_ROUNDS]()).toBe(budget);
    });
});

describe('what a write answers, without reading it back', () => {
  it('answers a post and a comment exactly as a read of their feed shows them, a guest’s name included', async () => {
    const GUEST = `wb-guest-${run}`;
    const guestName = `web-${run.slice(0, 8).padEnd(8, 'x')}`;
    await db.patch('', { [`users/${GUEST}/public`]: { uuid: GUEST, username: guestName, follows: 0 } });
    for (const [uid, shown] of [
      [BEN, `ben_${run}`],
      [GUEST, guestName],
    ] as const) {
      const posted = await call('/api/posts', {
        method: 'POST',
        uid,
        json: { targetType: 'event', targetId: EVENT, content: `Who is going? (${uid})` },
      });
      expect(posted.status).toBe(201);
      const { post } = await posted.json<{
        post: { uuid: string; authorName?: string; timestamp: number };
      }>();
      const feed = await call(`/api/posts?targetType=event&targetId=${EVENT}&limit=50`);
      const { posts } = await feed.json<{ posts: { uuid: string }[] }>();
      // The stored time (the database's clock) and the name a reader is shown, a guest's too (not stored).
      expect(post).toEqual(posts.find((p) => p.uuid === post.uuid));
      expect(post.authorName).toBe(shown);
      expect(post.timestamp).toBe(await db.get(`posts/${post.uuid}/timestamp`));

      const commented = await call(`/api/comments/posts/${post.uuid}`, {
        method: 'POST',
        uid,
        json: { content: 'Me!' },
      });
      expect(commented.status).toBe(201);
      const { comment } = await commented.json<{ comment: { uuid: string; authorName?: string } }>();
      const page = await call(`/api/comments/posts/${post.uuid}`);
      expect([comment]).toEqual((await page.json<{ comments: unknown[] }>()).comments);
      expect(comment.authorName).toBe(shown);
    }
  });

  it('answers the like and follower counts as stored after the change, and after a repeat', async () => {
    const posted = await call('/api/posts', {
      method: 'POST',
      uid: ANA,
      json: { targetType: 'game', targetId: GAME, content: 'Counted likes.' },
    });
    const postId = (await posted.json<{ post: { uuid: string } }>()).post.uuid;
    for (const [uid, method, likes] of [
      [BEN, 'PUT', 1],
      [CLEO, 'PUT', 2],
      [CLEO, 'PUT', 2],
      [BEN, 'DELETE', 1],
      [BEN, 'DELETE', 1],
    ] as const) {
      const liked = await call(`/api/likes/post/${postId}`, { method, uid });
      expect(await liked.json()).toMatchObject({ likes });
      expect(await db.get(`posts/${postId}/likes`)).toBe(likes);
    }
    // Ben follows the event already (above).
    const before = Number(await db.get(`events/${EVENT}/follows`));
    for (const [uid, method, more] of [
      [CLEO, 'PUT', 1],
      [ANA, 'PUT', 2],
      [ANA, 'PUT', 2],
      [CLEO, 'DELETE', 1],
    ] as const) {
      const followers = before + more;
      const followed = await call(`/api/follows/event/${EVENT}`, { method, uid });
      expect(await followed.json()).toMatchObject({ followers });
      expect(await db.get(`events/${EVENT}/follows`)).toBe(followers);
    }
  });
});
