import { beforeAll, describe, expect, it } from 'vitest';
import { recountMemberActs } from '../../shared/jobs/member-counts-job.ts';
import { createRtdbClient, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// Follower and like counts stay exact however members' follows, unfollows, likes and unlikes interleave,
// in workerd against the database emulator: each act moves its count by a server increment decided from
// the member's own history entry, never from the count read beside it (shared/transitions/count-change.ts).
// A count someone damaged by hand shows as zero rather than below, and the member-counts job repairs it.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const uid = (name: string) => `xc-${name}-${run}`;
const GAME = `exact-counts-${run}`;
const POST = `-xcpost${run}`;
const CROWD_POST = `-xccrowd${run}`;

/** A post on the test game's feed. */
const gamePost = (id: string) => ({
  uuid: id,
  targetUUID: GAME,
  targetType: 'game',
  sourceUUID: uid('author'),
  content: 'Counted to the last like.',
  type: 'text',
  likes: 0,
  timestamp: 1_700_000_000_000,
  comments: {},
});

/** Members (a member record each), as the Worker's requireMember and the job's member check want them. */
async function makeMembers(names: readonly string[]): Promise<void> {
  await db.patch(
    '',
    Object.fromEntries(
      names.map((name) => [
        `users/${uid(name)}/public`,
        { uuid: uid(name), username: uid(name), follows: 0 },
      ]),
    ),
  );
}

/**
 * A client on the test database that gives back its answer to a read of `staleRead` only once `release`
 * is called, as it stood when the database answered (a slow trip back from the database), and does not
 * even send a read of `lateRead` until then (a slow trip there): so a write can decide from a count read
 * before other members' acts landed and an entry read after them.
 */
function clientWithHeldReads(staleRead: string, lateRead: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let staleAnswered = () => {};
  const stale = new Promise<void>((resolve) => {
    staleAnswered = resolve;
  });
  const client: RtdbClient = createRtdbClient({
    databaseUrl: env.FIREBASE_DATABASE_URL,
    namespace: env.FIREBASE_DATABASE_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      const path = decodeURIComponent(url.pathname)
        .replace(/^\/+/, '')
        .replace(/\.json$/, '');
      const reads = (init?.method ?? 'GET') === 'GET';
      if (reads && path === lateRead) {
        await released;
        return fetch(input, init);
      }
      if (reads && path === staleRead) {
        const answer = await fetch(input, init);
        staleAnswered();
        await released;
        return answer;
      }
      return fetch(input, init);
    },
  });
  return { client, stale, release };
}

const keys = async (path: string) => Object.keys((await db.get(path)) ?? {}).sort();

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Exact Counts'),
    [`posts/${POST}`]: gamePost(POST),
    [`posts/${CROWD_POST}`]: gamePost(CROWD_POST),
  });
  await makeMembers(['author', 'ana', 'ben']);
});

describe('a count moved by members racing one another', () => {
  it('keeps a follow that lands while a member’s unfollow races their own follow', async () => {
    const countPath = `games/${GAME}/follows`;
    const ana = uid('ana');
    const ben = uid('ben');
    // Ana follows and unfollows at once (two tabs, a double tap): her unfollow's read of the count is
    // answered before her follow lands (0), her entry read after it and Ben's follow (following).
    const held = clientWithHeldReads(countPath, `follows_history/${ana}/game:${GAME}`);
    const unfollow = commitFollow(held.client, { uid: ana, type: 'game', targetId: GAME, follow: false });
    await held.stale;
    await commitFollow(db, { uid: ana, type: 'game', targetId: GAME, follow: true });
    await commitFollow(db, { uid: ben, type: 'game', targetId: GAME, follow: true });
    expect(await db.get(countPath)).toBe(2);
    held.release();

    // Ana's unfollow took back her own +1, not Ben's: a guard deciding from the 0 it read set the count
    // to 0 over Ben's follow.
    const answer = await unfollow;
    expect(await db.get(countPath)).toBe(1);
    expect(answer).toMatchObject({ changed: true, following: false, followers: 1 });
    expect(await keys(`follows_by_targetid/game:${GAME}`)).toEqual([ben]);
    // Everyone reads the count the index holds.
    const seen = await call(`/api/follows/game/${GAME}`, { uid: uid('author') });
    expect(await seen.json()).toMatchObject({ following: false, followers: 1 });

    // The 0 read beside a follow that was on asked for a recount: the job finds the count right and
    // clears the request.
    expect(await keys('count_recounts/followers')).toEqual([`game:${GAME}`]);
    const summary = await recountMemberActs({ db, log: () => {} });
    expect(summary.followerCounts).toBe(0);
    expect(await db.get(countPath)).toBe(1);
    expect(await db.get('count_recounts')).toBeNull();
  });

  it('keeps a like that lands while a member’s unlike races their own like', async () => {
    const countPath = `posts/${POST}/likes`;
    const ana = uid('ana');
    const ben = uid('ben');
    const held = clientWithHeldReads(countPath, `likes_history/${ana}/${POST}`);
    const unlike = commitLike(held.client, { uid: ana, type: 'post', targetId: POST, like: false });
    await held.stale;
    await commitLike(db, { uid: ana, type: 'post', targetId: POST, like: true });
    await commitLike(db, { uid: ben, type: 'post', targetId: POST, like: true });
    expect(await db.get(countPath)).toBe(2);
    held.release();

    const answer = await unlike;
    expect(await db.get(countPath)).toBe(1);
    expect(answer).toMatchObject({ changed: true, liking: false, likes: 1 });
    expect(await keys(`likes_active/${POST}`)).toEqual([ben]);
    await recountMemberActs({ db, log: () => {} });
    expect(await db.get(countPath)).toBe(1);
    expect(await db.get('count_recounts')).toBeNull();
  });

  it('ends exact after many members follow, unfollow, like and unlike at once, repeats and all', async () => {
    const crowd = Array.from({ length: 12 }, (_, i) => `crowd${String(i)}`);
    await makeMembers(crowd);
    const game = `exact-crowd-${run}`;
    await db.patch('', { [`games/${game}`]: testGame(game, 'Crowded') });
    // Each member's acts in order (their own tab), all members at once; even members end on, odd off.
    // Every act is sent twice at the same moment, as a hostile member's script or a double tap would.
    const acts = (i: number): boolean[] => (i % 2 === 0 ? [true, false, true] : [true, false, true, false]);
    const both = (send: () => Promise<Response>) => Promise.all([send(), send()]);
    await Promise.all(
      crowd.map(async (name, i) => {
        const address = `198.51.100.${String(i + 1)}`;
        for (const on of acts(i)) {
          const method = on ? 'PUT' : 'DELETE';
          const answers = await Promise.all([
            both(() => call(`/api/follows/game/${game}`, { method, uid: uid(name), address })),
            both(() => call(`/api/likes/post/${CROWD_POST}`, { method, uid: uid(name), address })),
          ]);
          for (const answer of answers.flat()) expect(answer.status).toBe(200);
        }
      }),
    );
    const on = crowd
      .filter((_, i) => i % 2 === 0)
      .map(uid)
      .sort();
    expect(await db.get(`games/${game}/follows`)).toBe(on.length);
    expect(await keys(`follows_by_targetid/game:${game}`)).toEqual(on);
    expect(await db.get(`posts/${CROWD_POST}/likes`)).toBe(on.length);
    expect(await keys(`likes_active/${CROWD_POST}`)).toEqual(on);
    // Nothing looked damaged, so no recount was asked for.
    expect(await db.get('count_recounts')).toBeNull();

    // Then every member sends a follow and an unfollow (a like and an unlike) at the same moment, three
    // times over: whichever lands last wins for each member, and the counts are those the indexes hold.
    for (let round = 0; round < 3; round++)
      await Promise.all(
        crowd.flatMap((name, i) => {
          const address = `198.51.100.${String(i + 1)}`;
          return ['PUT', 'DELETE'].flatMap((method) => [
            call(`/api/follows/game/${game}`, { method, uid: uid(name), address }),
            call(`/api/likes/post/${CROWD_POST}`, { method, uid: uid(name), address }),
          ]);
        }),
      );
    expect(await db.get(`games/${game}/follows`)).toBe(
      (await keys(`follows_by_targetid/game:${game}`)).length,
    );
    expect(await db.get(`posts/${CROWD_POST}/likes`)).toBe((await keys(`likes_active/${CROWD_POST}`)).length);
  });
});

describe('a count damaged by hand', () => {
  it('shows as zero rather than below, asks for its recount, and the job sets it right', async () => {
    const game = `exact-damaged-${run}`;
    const countPath = `games/${game}/follows`;
    await makeMembers(['dora', 'eve']);
    await db.patch('', { [`games/${game}`]: testGame(game, 'Damaged') });
    const follow = (name: string, method: string) =>
      call(`/api/follows/game/${game}`, { method, uid: uid(name) });
    expect(await (await follow('dora', 'PUT')).json()).toMatchObject({ changed: true, followers: 1 });
    // An import (or a hand) writes 0 over Dora's follow.
    await db.patch('', { [countPath]: 0 });

    // Dora takes her follow back, and again and again: only the first moves the count, by her own -1.
    expect(await (await follow('dora', 'DELETE')).json()).toMatchObject({ changed: true, followers: 0 });
    for (let repeat = 0; repeat < 3; repeat++)
      expect(await (await follow('dora', 'DELETE')).json()).toMatchObject({ changed: false, followers: 0 });
    expect(await db.get(countPath)).toBe(-1);
    // Shown as zero, to everyone, and the game still reads.
    expect(await (await call(`/api/follows/game/${game}`, { uid: uid('eve') })).json()).toMatchObject({
      followers: 0,
    });
    // Eve follows: the count she reads beside it is below zero, so it is read again after her write.
    expect(await (await follow('eve', 'PUT')).json()).toMatchObject({ changed: true, followers: 0 });
    expect(await db.get(countPath)).toBe(0);

    // The writes asked for a recount; the job counts Eve, and clears the request.
    expect(await keys('count_recounts/followers')).toEqual([`game:${game}`]);
    const lines: string[] = [];
    await recountMemberActs({ db, log: (line) => lines.push(line) });
    expect(lines).toContain(`${countPath}: 0 → 1`);
    expect(await db.get(countPath)).toBe(1);
    expect(await db.get('count_recounts')).toBeNull();

    // Left below zero with nobody following any more, the job still finds it by the request.
    await follow('eve', 'DELETE');
    await db.patch('', { [countPath]: -3 });
    await follow('dora', 'PUT');
    await follow('dora', 'DELETE');
    expect(await db.get(countPath)).toBe(-3);
    expect(await keys(`follows_by_targetid/game:${game}`)).toEqual([]);
    await recountMemberActs({ db, log: () => {} });
    expect(await db.get(countPath)).toBe(0);
    expect(await db.get('count_recounts')).toBeNull();
  });
});
