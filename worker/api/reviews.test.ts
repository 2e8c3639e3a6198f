import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { homeFeedInboxPath } from '../../shared/feed/home-feed-fanout.ts';
import type { FeedPage, FeedPost } from '../../shared/feed/read-feed.ts';
import { REVIEW_RANK_PER_LIKE } from '../../shared/schemas/review.ts';
import { createApp } from '../app.ts';
import worker from '../index.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv } from '../test-support/test-database.ts';

// Reviews in workerd against the database emulator: one review a member and game, a post on the game's
// feed whose badge is the member's own score and shelf, following them when they change; the game's
// reviews most liked first (then newest), exact under racing likes; a member's newest first; deleting
// one takes it out of both lists; and what a hostile member sends changes nothing.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
// The Worker's clock orders reviews of equal likes: set by the tests, from a whole minute near the real
// time (it also checks the test members' ID tokens, which the emulator signs for the real hour).
const START = Math.ceil(Date.now() / 60_000) * 60_000;
const clock = { now: START };
const call = apiCaller(env, createApp({ clock: () => clock.now }));

const run = runTag();
const MEMBERS = Array.from({ length: 8 }, (_, i) => `rv-m${String(i)}-${run}`);
const [ANA, BEN, CLEO, DAN, EVE, FAY, GUS, HAL] = MEMBERS as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
const GAME = `reviewed-game-${run}`;
const RANKED = `ranked-game-${run}`;
const PAGED = `paged-game-${run}`;
const RACED = `raced-review-game-${run}`;
// The library import takes deep links only (lower case).
const IMPORTED = `imported-game-${run.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

interface ReviewState {
  review: FeedPost;
  created: boolean;
}
interface GameReviews {
  reviews: FeedPost[];
  nextCursor: string | null;
}
interface MemberReviews {
  reviews: { gameId: string; name?: string; post: FeedPost }[];
  nextCursor: string | null;
}

const write = (uid: string, json: unknown, game = GAME) =>
  call(`/api/games/${game}/review`, { method: 'PUT', uid, json });
const written = async (uid: string, text: string, game = GAME) => {
  const answer = await write(uid, { text }, game);
  expect(answer.status).toBe(200);
  return answer.json<ReviewState>();
};
const reviewsOf = async (game: string, cursor?: string) =>
  (
    await call(`/api/games/${game}/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)
  ).json<GameReviews>();
const like = (uid: string, postId: string) => call(`/api/likes/post/${postId}`, { method: 'PUT', uid });
const rate = (uid: string, score: number, game = GAME) =>
  call(`/api/games/${game}/rating`, { method: 'PUT', uid, json: { score } });
const badge = async (postId: string) => db.get(`posts/${postId}/review`);

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(
      MEMBERS.map((uid, i) => [
        `users/${uid}/public`,
        { uuid: uid, username: `rv${String(i)}_${run}`, follows: 0 },
      ]),
    ),
    ...Object.fromEntries(
      [GAME, RANKED, PAGED, RACED, IMPORTED].map((game) => [
        `games/${game}`,
        { name: `Game ${game.split('-')[0] ?? ''}`, deeplink_url_code: game, follows: 0 },
      ]),
    ),
  });
});

describe('writing a review', () => {
  it('is a post on the game’s feed carrying the member’s score and shelf; writing again rewrites it', async () => {
    expect((await rate(ANA, 8)).status).toBe(200);
    const first = await written(ANA, '  A run is never the same twice.  ');
    expect(first.created).toBe(true);
    expect(first.review).toMatchObject({
      content: 'A run is never the same twice.',
      targetUUID: GAME,
      targetType: 'game',
      sourceUUID: ANA,
      authorName: `rv0_${run}`,
      review: { game: GAME, score: 8, status: 'played' },
    });
    const postId = first.review.uuid;
    // On the game's feed like any post, in the game's and the member's lists, named by the member's entry.
    const feed = await (await call(`/api/posts?targetType=game&targetId=${GAME}`)).json<FeedPage>();
    expect(feed.posts.map((post) => post.uuid)).toEqual([postId]);
    expect(await db.get(`game_reviews/${GAME}/${postId}`)).toEqual({
      rank: Math.floor(clock.now / 1000),
    });
    expect(await db.get(`reviews_by_userid/${ANA}/${GAME}`)).toMatchObject({ postId, name: 'Game reviewed' });
    expect(await db.get(`users/${ANA}/private/gamelist/${GAME}`)).toMatchObject({
      status: 'played',
      score: 8,
      review: postId,
    });

    const again = await written(ANA, 'Better every run.');
    expect(again).toMatchObject({ created: false, review: { uuid: postId, content: 'Better every run.' } });
    expect(Object.keys((await db.get(`game_reviews/${GAME}`)) as object)).toEqual([postId]);
    expect(Object.keys((await db.get(`posts_by_uid/${ANA}`)) as object)).toEqual([postId]);
    // The member reads their own.
    const own = await call(`/api/games/${GAME}/review`, { uid: ANA });
    expect(await own.json()).toMatchObject({ review: { uuid: postId, content: 'Better every run.' } });
    expect(await (await call(`/api/games/${GAME}/review`, { uid: BEN })).json()).toEqual({ review: null });
  });

  it('a review without a score or shelf carries neither, and gets them when the member rates the game', async () => {
    const { review } = await written(BEN, 'Still deciding.');
    expect(review.review).toEqual({ game: GAME });
    await rate(BEN, 6);
    expect(await badge(review.uuid)).toEqual({ game: GAME, score: 6, status: 'played' });
  });

  it('the badge follows the member’s rating and shelf: changed, cleared, moved, taken off', async () => {
    const { review } = await written(CLEO, 'Hard, fair, beautiful.');
    await rate(CLEO, 9);
    expect(await badge(review.uuid)).toEqual({ game: GAME, score: 9, status: 'played' });
    await rate(CLEO, 4);
    expect(await badge(review.uuid)).toEqual({ game: GAME, score: 4, status: 'played' });
    await call(`/api/games/${GAME}/status`, { method: 'PUT', uid: CLEO, json: { status: 'dropped' } });
    expect(await badge(review.uuid)).toEqual({ game: GAME, score: 4, status: 'dropped' });
    await call(`/api/games/${GAME}/rating`, { method: 'DELETE', uid: CLEO });
    expect(await badge(review.uuid)).toEqual({ game: GAME, status: 'dropped' });
    await call(`/api/games/${GAME}/status`, { method: 'DELETE', uid: CLEO });
    expect(await badge(review.uuid)).toEqual({ game: GAME });
    // Rating and shelf changes keep the review named by the entry.
    expect(await db.get(`users/${CLEO}/private/gamelist/${GAME}/review`)).toBe(review.uuid);
    // The game's feed shows the badge as it is now.
    const feed = await (await call(`/api/posts?targetType=game&targetId=${GAME}`)).json<FeedPage>();
    expect(feed.posts.find((post) => post.uuid === review.uuid)?.review).toEqual({ game: GAME });
  });

  it('two first reviews at once make one post', async () => {
    const answers = await Promise.all([
      write(DAN, { text: 'First words.' }, RACED),
      write(DAN, { text: 'Other words.' }, RACED),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const states = await Promise.all(answers.map((answer) => answer.json<ReviewState>()));
    expect(states.filter((state) => state.created)).toHaveLength(1);
    expect(new Set(states.map((state) => state.review.uuid)).size).toBe(1);
    expect(Object.keys((await db.get(`game_reviews/${RACED}`)) as object)).toHaveLength(1);
    expect(Object.keys((await db.get(`posts_by_uid/${DAN}`)) as object)).toHaveLength(1);
  });

  it('a review that starts while the first one is being written rewrites it, never makes a second post', async () => {
    // The moment that failed under load: the second request reads the member's entry after the first one
    // marked it (pending, naming its new post) and before that one's PATCH, so it finds the post not
    // written yet. The database is the real emulator; only the order of its answers is arranged here.
    const member = `rv-late-${run}`;
    const game = `late-review-game-${run}`;
    await db.patch('', {
      [`users/${member}/public`]: { uuid: member, username: `rvlate_${run}`, follows: 0 },
      [`games/${game}`]: { name: 'Late game', deeplink_url_code: game, follows: 0 },
    });
    const entryUrl = `/users/${member}/private/gamelist/${game}.json`;
    let marked!: () => void;
    const firstMarked = new Promise<void>((resolve) => (marked = resolve));
    let letPatchGo!: () => void;
    const patchMayGo = new Promise<void>((resolve) => (letPatchGo = resolve));
    let patchDone!: () => void;
    const patchLanded = new Promise<void>((resolve) => (patchDone = resolve));
    let held = false;
    let entryReadsAfterMark = 0;
    const arranged: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? 'GET';
      if (
        method === 'PATCH' &&
        !held &&
        typeof init?.body === 'string' &&
        init.body.includes(`users/${member}/private/gamelist/${game}`)
      ) {
        // The first review's commit waits until the second has read the entry twice (as first read and
        // as the gate's next look).
        held = true;
        await patchMayGo;
        const answer = await fetch(input, init);
        patchDone();
        return answer;
      }
      if (method === 'GET' && url.pathname === entryUrl && held) {
        entryReadsAfterMark += 1;
        if (entryReadsAfterMark === 2) {
          letPatchGo();
          await patchLanded;
        }
      }
      const answer = await fetch(input, init);
      if (method === 'PUT' && url.pathname === entryUrl && answer.status === 200) marked();
      return answer;
    };
    const racing = apiCaller(env, createApp({ clock: () => clock.now, databaseFetch: arranged }));
    const put = (text: string) =>
      racing(`/api/games/${game}/review`, { method: 'PUT', uid: member, json: { text } });
    const first = put('Written first.');
    await firstMarked;
    const second = put('Written while the first was on its way.');
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((answer) => answer.json<ReviewState>()));
    expect([a?.created, b?.created]).toEqual([true, false]);
    expect(b?.review).toMatchObject({
      uuid: a?.review.uuid,
      content: 'Written while the first was on its way.',
    });
    expect(Object.keys((await db.get(`posts_by_uid/${member}`)) as object)).toEqual([a?.review.uuid]);
    expect(Object.keys((await db.get(`game_reviews/${game}`)) as object)).toEqual([a?.review.uuid]);
  });
});

describe('what a hostile member sends changes nothing', () => {
  it('a forged badge, another member’s uid or any field besides the text is refused', async () => {
    for (const json of [
      { text: 'I gave it 10', score: 10 },
      { text: 'Me', review: { game: GAME, score: 10 } },
      { text: 'As Ana', uid: ANA },
      { text: 'As Ana', sourceUUID: ANA },
    ]) {
      const answer = await write(EVE, json);
      expect(answer.status).toBe(400);
      expect((await answer.json<ApiErrorBody>()).error.code).toBe('invalid-input');
    }
    expect(await db.get(`users/${EVE}/private/gamelist/${GAME}`)).toBeNull();
    expect(await db.get(`reviews_by_userid/${EVE}`)).toBeNull();
  });

  it('empty, blank, too long or non-text words are refused with a sentence', async () => {
    for (const text of ['', '   \n ', 'x'.repeat(2001), 42, null]) {
      const answer = await write(EVE, { text });
      expect(answer.status).toBe(400);
      const body = await answer.json<ApiErrorBody>();
      expect(body.error.code).toBe('invalid-input');
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    expect(await db.get(`posts_by_uid/${EVE}`)).toBeNull();
  });

  it('a member an editor stopped from posting cannot review either', async () => {
    await db.put(`users/${HAL}/admin/postingBlockedUntil`, clock.now + 86_400_000);
    const refused = await write(HAL, { text: 'Sneaking a post in as a review' });
    expect(refused.status).toBe(403);
    expect((await refused.json<ApiErrorBody>()).error.code).toBe('posting-blocked');
    expect(await db.get(`users/${HAL}/private/gamelist/${GAME}`)).toBeNull();
    expect(await db.get(`posts_by_uid/${HAL}`)).toBeNull();
    await db.put(`users/${HAL}/admin/postingBlockedUntil`, null);
  });

  it('a game that does not exist cannot be reviewed; a visitor cannot review', async () => {
    const missing = await write(EVE, { text: 'Ghost game' }, `no-such-game-${run}`);
    expect(missing.status).toBe(404);
    expect((await missing.json<ApiErrorBody>()).error.code).toBe('not-found');
    expect(await db.get(`game_reviews/no-such-game-${run}`)).toBeNull();
    expect(await db.get(`posts_by_uid/${EVE}`)).toBeNull();
    const visitor = await call(`/api/games/${GAME}/review`, { method: 'PUT', json: { text: 'hi' } });
    expect(visitor.status).toBe(401);
  });

  it('another member’s review is deleted neither by the review route nor by the post route', async () => {
    const { review } = await written(FAY, 'Mine.', PAGED);
    expect(await (await call(`/api/games/${PAGED}/review`, { method: 'DELETE', uid: EVE })).json()).toEqual({
      deleted: false,
    });
    expect((await call(`/api/posts/${review.uuid}`, { method: 'DELETE', uid: EVE })).status).toBe(403);
    expect(await db.get(`game_reviews/${PAGED}/${review.uuid}`)).not.toBeNull();
    await call(`/api/games/${PAGED}/review`, { method: 'DELETE', uid: FAY });
  });
});

describe('a game’s reviews: most liked first, then newest', () => {
  it('orders by likes then time, exact when members like at once, and pages without repeats', async () => {
    const ids: Record<string, string> = {};
    // Written a minute apart: ANA's first, HAL's last.
    for (const [i, uid] of MEMBERS.entries()) {
      clock.now = START + (i + 1) * 60_000;
      ids[uid] = (await written(uid, `Review by ${String(i)}`, RANKED)).review.uuid;
    }
    const id = (uid: string) => ids[uid] ?? '';
    // Newest first while nobody liked any.
    expect((await reviewsOf(RANKED)).reviews.map((r) => r.uuid)).toEqual([HAL, GUS, FAY, EVE, DAN].map(id));
    // BEN's gets three likes at once, CLEO's two at once, ANA's one.
    const likes = await Promise.all([
      like(ANA, id(BEN)),
      like(CLEO, id(BEN)),
      like(DAN, id(BEN)),
      like(EVE, id(CLEO)),
      like(FAY, id(CLEO)),
      like(GUS, id(ANA)),
    ]);
    expect(likes.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await db.get(`game_reviews/${RANKED}/${id(BEN)}/rank`)).toBe(
      3 * REVIEW_RANK_PER_LIKE + Math.floor((START + 2 * 60_000) / 1000),
    );
    const first = await reviewsOf(RANKED);
    expect(first.reviews.map((r) => r.uuid)).toEqual([BEN, CLEO, ANA, HAL, GUS].map(id));
    expect(first.reviews.map((r) => r.likes)).toEqual([3, 2, 1, 0, 0]);
    expect(first.nextCursor).not.toBeNull();
    const second = await reviewsOf(RANKED, first.nextCursor ?? '');
    expect(second.reviews.map((r) => r.uuid)).toEqual([FAY, EVE, DAN].map(id));
    expect(second.nextCursor).toBeNull();

    // Taking a like back moves it down again.
    await call(`/api/likes/post/${id(BEN)}`, { method: 'DELETE', uid: ANA });
    await call(`/api/likes/post/${id(BEN)}`, { method: 'DELETE', uid: CLEO });
    expect((await reviewsOf(RANKED)).reviews.map((r) => r.uuid).slice(0, 3)).toEqual(
      [CLEO, BEN, ANA].map(id),
    );
  });

  it('a bad cursor is refused', async () => {
    const answer = await call(`/api/games/${RANKED}/reviews?cursor=${encodeURIComponent('x"; drop')}`);
    expect(answer.status).toBe(400);
  });
});

describe('a member’s reviews and deleting one', () => {
  it('lists the member’s reviews newest first; deleting takes it out of every list, and another can be written', async () => {
    const mine = await (await call(`/api/reviews/users/${ANA}`)).json<MemberReviews>();
    expect(mine.reviews.map((r) => [r.gameId, r.name])).toEqual([
      [RANKED, 'Game ranked'],
      [GAME, 'Game reviewed'],
    ]);
    expect(mine.reviews[1]?.post).toMatchObject({ content: 'Better every run.', review: { score: 8 } });

    const postId = mine.reviews[1]?.post.uuid ?? '';
    const deleted = await call(`/api/games/${GAME}/review`, { method: 'DELETE', uid: ANA });
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await db.get(`posts/${postId}`)).toBeNull();
    expect(await db.get(`game_reviews/${GAME}/${postId}`)).toBeNull();
    expect(await db.get(`reviews_by_userid/${ANA}/${GAME}`)).toBeNull();
    // The entry keeps the score and shelf, without the review.
    expect(await db.get(`users/${ANA}/private/gamelist/${GAME}`)).toMatchObject({
      status: 'played',
      score: 8,
    });
    expect(await db.get(`users/${ANA}/private/gamelist/${GAME}/review`)).toBeNull();
    expect(await (await call(`/api/games/${GAME}/review`, { method: 'DELETE', uid: ANA })).json()).toEqual({
      deleted: false,
    });

    // Deleted as a post (DELETE /api/posts/{id}), a review leaves the lists too.
    const { review } = await written(ANA, 'A second go.');
    expect(review.uuid).not.toBe(postId);
    expect((await call(`/api/posts/${review.uuid}`, { method: 'DELETE', uid: ANA })).status).toBe(204);
    expect(await db.get(`game_reviews/${GAME}/${review.uuid}`)).toBeNull();
    expect(await db.get(`reviews_by_userid/${ANA}/${GAME}`)).toBeNull();
    expect(await db.get(`users/${ANA}/private/gamelist/${GAME}/review`)).toBeNull();
    // A rating change after it writes no badge into a post that is gone.
    await rate(ANA, 7);
    expect(await db.get(`posts/${review.uuid}`)).toBeNull();
  });
});

describe('a library import after a review', () => {
  it('moves the badge as a tap does, keeps the one review, and writes none itself', async () => {
    const { review } = await written(GUS, 'Imported later.', IMPORTED);
    expect(review.review).toEqual({ game: IMPORTED });
    const imported = await call('/api/library/shelves', {
      method: 'POST',
      uid: GUS,
      json: { overwrite: true, games: [{ gameId: IMPORTED, shelf: 'dropped', score: 2 }] },
    });
    expect(imported.status).toBe(200);
    expect(await badge(review.uuid)).toEqual({ game: IMPORTED, score: 2, status: 'dropped' });
    expect(await db.get(`users/${GUS}/private/gamelist/${IMPORTED}/review`)).toBe(review.uuid);
    // Writing again rewrites the same review: the import left it the member's one.
    expect(await written(GUS, 'Imported, then rewritten.', IMPORTED)).toMatchObject({
      created: false,
      review: { uuid: review.uuid, review: { game: IMPORTED, score: 2, status: 'dropped' } },
    });
    expect(Object.keys((await db.get(`reviews_by_userid/${GUS}`)) as object).sort()).toEqual(
      [IMPORTED, RANKED].sort(),
    );
  });
});

describe('a new review’s home-feed message', () => {
  const QUEUED = `queued-review-game-${run}`;
  const AUTHOR = `rv-queued-${run}`;
  const FAN = `rv-fan-${run}`;
  const SECOND = `rv-second-${run}`;
  beforeAll(async () => {
    await db.patch('', {
      [`users/${AUTHOR}/public`]: { uuid: AUTHOR, username: `rvq_${run}`, follows: 0 },
      [`users/${SECOND}/public`]: { uuid: SECOND, username: `rvs_${run}`, follows: 0 },
      [`games/${QUEUED}`]: { name: 'Queued game', deeplink_url_code: QUEUED, follows: 1 },
      [`follows_by_targetid/game:${QUEUED}/${FAN}`]: { followId: `f-${FAN}`, type: 'game', timestamp: START },
    });
  });
  /** A review written through an app whose home-feed queue is `queue` (a stand-in for its binding). */
  const review = (queue: object, text: string) =>
    apiCaller({ ...env, HOME_FEED_QUEUE: queue as Queue }, createApp({ clock: () => clock.now }))(
      `/api/games/${QUEUED}/review`,
      { method: 'PUT', uid: AUTHOR, json: { text } },
    );

  it('is refused with 503 and writes nothing when the queue cannot be reached, and goes through once it can', async () => {
    const down = (): Promise<never> =>
      Promise.reject(new Error('Queue questline-home-feed: internal error 10.0.0.7'));
    const refused = await review({ send: down, sendBatch: down }, 'Lost in the queue?');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('5');
    const text = await refused.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'unavailable',
        message: 'Posting is not available just now. Please try again in a moment.',
      },
    });
    expect(text).not.toContain('10.0.0.7');
    // No post its followers' home feeds would never get, and the member's entry as it was (no mark held).
    expect(await db.get(`posts_by_uid/${AUTHOR}`)).toBeNull();
    expect(await db.get(`game_reviews/${QUEUED}`)).toBeNull();
    expect(await db.get(`users/${AUTHOR}/private/gamelist/${QUEUED}`)).toBeNull();

    // The queue back, the member tries again at once: told before the write, with the post it makes.
    const sent: { message: { kind: string; postId?: string; feed?: string }; postWritten: boolean }[] = [];
    const recording = {
      sendBatch: async (
        batch: Iterable<MessageSendRequest<{ message: { kind: string; postId?: string } }>>,
      ) => {
        for (const { body } of batch)
          sent.push({
            message: body.message,
            postWritten:
              body.message.postId !== undefined && (await db.get(`posts/${body.message.postId}`)) !== null,
          });
        return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
      },
    };
    const accepted = await review(recording, 'Through the queue.');
    expect(accepted.status).toBe(200);
    const { review: written, created } = await accepted.json<ReviewState>();
    expect(created).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      message: { kind: 'post-written', postId: written.uuid, feed: `game:${QUEUED}` },
      postWritten: false,
    });

    // Rewriting it makes no post, so it needs no message: it goes through with the queue down.
    const rewritten = await review({ send: down, sendBatch: down }, 'Rewritten while the queue is down.');
    expect(rewritten.status).toBe(200);
    expect(await rewritten.json<ReviewState>()).toMatchObject({
      created: false,
      review: { uuid: written.uuid },
    });
  });

  it('brings a new review into the game’s followers’ home feeds through the real queue', async () => {
    // Miniflare's real queue, whose consumer runs in this isolate and writes into this test's database.
    const answer = await apiCaller(
      { ...env, HOME_FEED_QUEUE: workerEnv.HOME_FEED_QUEUE },
      createApp({ clock: () => clock.now }),
    )(`/api/games/${QUEUED}/review`, { method: 'PUT', uid: SECOND, json: { text: 'Worth following.' } });
    expect(answer.status).toBe(200);
    const { review: written } = await answer.json<ReviewState>();
    await vi.waitFor(
      async () => {
        expect(await db.get(homeFeedInboxPath(FAN))).toHaveProperty(written.uuid);
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe('deleting a review while its first writing is on its way', () => {
  it('takes the card of the post it deleted out of a follower’s home feed', async () => {
    // The member taps "Delete" on a review whose first writing is still on its way (two tabs, a retried
    // request): the deletion waits at the gate, the review lands, and the deletion removes its new post.
    // Its home-feed message must name that post, or the card stays in followers' home feeds. The database
    // is the real emulator and the consumer the Worker's own; only the order of answers and deliveries is
    // arranged here.
    const member = `rv-undo-${run}`;
    const fan = `rv-undo-fan-${run}`;
    const game = `undone-review-game-${run}`;
    await db.patch('', {
      [`users/${member}/public`]: { uuid: member, username: `rvundo_${run}`, follows: 0 },
      [`games/${game}`]: { name: 'Undone game', deeplink_url_code: game, follows: 1 },
      [`follows_by_targetid/game:${game}/${fan}`]: { followId: `f-${fan}`, type: 'game', timestamp: START },
    });
    const entryUrl = `/users/${member}/private/gamelist/${game}.json`;
    const pathOf = (input: RequestInfo | URL) =>
      new URL(input instanceof Request ? input.url : String(input)).pathname;
    const tagged = (init: RequestInit | undefined) =>
      (init?.headers as Record<string, string> | undefined)?.['X-Firebase-ETag'] !== undefined;

    // The home-feed queue: what the Worker sends is kept and delivered to the consumer when the test says.
    const queued: unknown[] = [];
    let delivered = 0;
    const queue = {
      sendBatch: (batch: Iterable<MessageSendRequest>) => {
        for (const { body } of batch) queued.push(body);
        return Promise.resolve({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } });
      },
    };
    const deliverQueued = async () => {
      const bodies = queued.slice(delivered);
      delivered = queued.length;
      if (bodies.length === 0) return [];
      const batch = createMessageBatch(
        'questline-home-feed',
        bodies.map((body, i) => ({
          id: `undo-${String(delivered + i)}`,
          timestamp: new Date(),
          attempts: 1,
          body,
        })),
      );
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([]);
      return bodies.map((body) => (body as { message: { kind: string; postId?: string } }).message);
    };

    let deletionStarted!: () => void;
    const deletionReading = new Promise<void>((resolve) => (deletionStarted = resolve));
    let marked!: () => void;
    const reviewMarked = new Promise<void>((resolve) => (marked = resolve));
    let letCommit!: () => void;
    const reviewMayCommit = new Promise<void>((resolve) => (letCommit = resolve));
    let landed!: () => void;
    const reviewLanded = new Promise<void>((resolve) => (landed = resolve));

    let cardBeforeDeletion: unknown = null;
    // The review: its commit waits until the deletion has looked at the held gate; once it has landed,
    // its post-written message (sent before the PATCH) is delivered: the follower gets its card.
    const reviewFetch: typeof fetch = async (input, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'PATCH' && typeof init?.body === 'string' && init.body.includes(entryUrl.slice(1, -5))) {
        await reviewMayCommit;
        const answer = await fetch(input, init);
        const [written] = await deliverQueued();
        cardBeforeDeletion = await db.get(`${homeFeedInboxPath(fan)}/${written?.postId ?? 'none'}`);
        landed();
        return answer;
      }
      const answer = await fetch(input, init);
      if (method === 'PUT' && pathOf(input) === entryUrl && answer.status === 200) marked();
      return answer;
    };
    // The deletion: starts first; whatever it reads of the entry before the gate is read before the
    // review's mark, while the gate's own reads see the mark (and, on the second look, the review landed).
    let gateLooks = 0;
    const deletionFetch: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === 'GET' && pathOf(input) === entryUrl) {
        if (!tagged(init)) {
          const answer = await fetch(input, init);
          deletionStarted();
          await reviewMarked;
          return answer;
        }
        gateLooks += 1;
        if (gateLooks === 1) {
          deletionStarted();
          await reviewMarked;
        } else if (gateLooks === 2) {
          letCommit();
          await reviewLanded;
        }
      }
      return fetch(input, init);
    };
    const queueEnv = { ...env, HOME_FEED_QUEUE: queue as unknown as Queue };
    const reviewing = apiCaller(queueEnv, createApp({ clock: () => clock.now, databaseFetch: reviewFetch }));
    const deleting = apiCaller(queueEnv, createApp({ clock: () => clock.now, databaseFetch: deletionFetch }));

    const deletion = deleting(`/api/games/${game}/review`, { method: 'DELETE', uid: member });
    await deletionReading;
    const review = reviewing(`/api/games/${game}/review`, {
      method: 'PUT',
      uid: member,
      json: { text: 'Written, then deleted at once.' },
    });
    const deleted = await deletion;
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    // The review's own answer: written, then gone before it could be read back.
    expect([200, 404]).toContain((await review).status);
    const [posted] = queued.map((body) => (body as { message: { kind: string; postId: string } }).message);
    expect(posted?.kind).toBe('post-written');
    const postId = posted?.postId ?? '';
    expect(await db.get(`posts/${postId}`)).toBeNull();
    expect(await db.get(`game_reviews/${game}`)).toBeNull();
    // The follower had the review's card in their home feed before the deletion.
    expect(cardBeforeDeletion).toMatchObject({ post: { uuid: postId } });

    // The deletion's own message, delivered: it names the post the gate deleted, and the card goes.
    expect(await deliverQueued()).toEqual([expect.objectContaining({ kind: 'post-deleted', postId })]);
    expect(await db.get(homeFeedInboxPath(fan))).toBeNull();
    expect(await db.get(homeFeedInboxPath(member))).toBeNull();
  });
});
