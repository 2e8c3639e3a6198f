// The member counts job against the real emulator with the project's rules, on data written as the Worker
// wrote it before it refused accounts with no member record (issue 21): five accounts made straight at the
// auth provider each followed a member and a game and liked a post and a comment, through the real follow
// and like transitions, beside members' (a registered member's and a guest's) own follows and likes.
// Afterwards every count is the members' acts only, the non-members' entries are gone (with the
// notifications they caused), a member's follow landing while the job recounts is kept, and a second
// run writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { commitFollow, type FollowChange } from '../../shared/transitions/follow.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { runJob, startTestDatabase, TEST_DATABASE_NOW, type TestDatabase } from './emulator-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const T = TEST_DATABASE_NOW - 60_000;
/** Accounts made at the auth provider, never registered: no `users/{uid}/public/username`. */
const STRANGERS = ['stranger1', 'stranger2', 'stranger3', 'stranger4', 'stranger5'];
/** A registered member and a guest made through anon-auth (its username is its `web-…` name). */
const MEMBERS = ['ben', 'web-guest1'];

const run = async (client: RtdbClient = db.server) => {
  const lines: string[] = [];
  const summary = await runJob('member-counts', client, (line) => lines.push(line));
  return { summary, lines };
};

const keys = async (path: string) => Object.keys((await db.server.get(path)) ?? {}).sort();

const follow = (uid: string, type: FollowChange['type'], targetId: string) =>
  commitFollow(db.server, { uid, type, targetId, follow: true });

describe('the member counts job', () => {
  beforeAll(async () => {
    const member = (uid: string) => ({ uuid: uid, username: uid, follows: 0 });
    await db.server.patch('', {
      'users/ana/public': member('ana'),
      'users/ben/public': member('ben'),
      'users/web-guest1/public': member('web-guest1'),
      'users/eve/public': member('eve'),
      'users/dora/public': member('dora'),
      'users/finn/public': member('finn'),
      'games/hades': { name: 'Hades', follows: 0 },
      'posts/p1': {
        uuid: 'p1',
        targetUUID: 'ana',
        targetType: 'user',
        sourceUUID: 'ana',
        authorName: 'ana',
        content: 'a post',
        type: 'text',
        likes: 0,
        timestamp: T,
        comments: { c1: T + 1 },
      },
      'comments/c1': {
        uuid: 'c1',
        postUUID: 'p1',
        sourceUUID: 'ana',
        content: 'a comment',
        timestamp: T + 1,
      },
    });
    // What the Worker let through before it asked for a member record, through its own transitions.
    for (const uid of [...STRANGERS, ...MEMBERS]) {
      await follow(uid, 'user', 'ana');
      await follow(uid, 'game', 'hades');
      await commitLike(db.server, { uid, type: 'post', targetId: 'p1', like: true });
      await commitLike(db.server, { uid, type: 'comment', targetId: 'c1', like: true });
    }
    // Eve is followed by non-members only; Dora and Finn follow her while the job runs (see below).
    for (const uid of STRANGERS) await follow(uid, 'user', 'eve');
  });

  it('counts only members’ follows and likes, keeping a member’s follow made while it runs', async () => {
    // Before: every throwaway account moved the counts, and Ana was told of each.
    expect(await db.server.get('users/ana/public/follows')).toBe(7);
    expect(await db.server.get('games/hades/follows')).toBe(7);
    expect(await db.server.get('posts/p1/likes')).toBe(7);
    expect(await db.server.get('comments/c1/likes')).toBe(7);
    expect(await db.server.get('users/eve/public/follows')).toBe(5);
    expect(await keys('notifications/ana')).toHaveLength(MEMBERS.length * 3 + STRANGERS.length * 3);

    // Two members follow Eve while the job recounts her, through the transition, interleaved with the
    // job's own requests: Dora after the job has read Eve's count and before it reads her followers, Finn
    // after it has read both and before it writes the count (a plain write would drop Finn's follow).
    const raced = { dora: false, finn: false };
    const eveCount = 'users/eve/public/follows';
    const racing: RtdbClient = {
      ...db.server,
      async query(path, query, schema) {
        if (path === 'follows_by_targetid/user:eve' && !raced.dora) {
          raced.dora = true;
          await follow('dora', 'user', 'eve');
        }
        return db.server.query(path, query, schema);
      },
      async put(path, value, options) {
        if (path === eveCount && !raced.finn) {
          raced.finn = true;
          await follow('finn', 'user', 'eve');
        }
        return db.server.put(path, value, options);
      },
      async putIfUnchanged(path, value, ifMatch) {
        if (path === eveCount && !raced.finn) {
          raced.finn = true;
          await follow('finn', 'user', 'eve');
        }
        return db.server.putIfUnchanged(path, value, ifMatch);
      },
    };
    const { summary, lines } = await run(racing);
    expect(raced).toEqual({ dora: true, finn: true });
    expect(summary).toBe(
      '3 follower counts and 2 like counts corrected, 15 follows and 10 likes by non-members taken back',
    );
    expect(lines).toContain('users/ana/public/follows: 7 → 2');
    expect(lines).toContain('posts/p1/likes: 7 → 2');

    expect(await db.server.get('users/ana/public/follows')).toBe(2);
    expect(await db.server.get('games/hades/follows')).toBe(2);
    expect(await db.server.get('posts/p1/likes')).toBe(2);
    expect(await db.server.get('comments/c1/likes')).toBe(2);
    // Dora's and Finn's follows, counted and indexed; the strangers' gone.
    expect(await db.server.get(eveCount)).toBe(2);
    expect(await keys('follows_by_targetid/user:eve')).toEqual(['dora', 'finn']);
  });

  it('takes the non-members’ follows and likes back from every index, and their notifications', async () => {
    expect(await keys('follows_by_targetid/user:ana')).toEqual([...MEMBERS].sort());
    expect(await keys('follows_by_targetid/game:hades')).toEqual([...MEMBERS].sort());
    expect(await keys('likes_active/p1')).toEqual([...MEMBERS].sort());
    expect(await keys('likes_active/c1')).toEqual([...MEMBERS].sort());
    for (const uid of STRANGERS) {
      expect(await db.server.get(`follows_by_userid/${uid}`)).toBeNull();
      expect(await db.server.get(`users/${uid}/private`)).toBeNull();
      expect(await db.server.get(`follows_history/${uid}/user:ana`)).toMatchObject({ disabled: true });
      expect(await db.server.get(`likes_history/${uid}/p1`)).toMatchObject({ disabled: true });
      // The records the trending job reads (it leaves disabled ones out): no longer the game's followers.
      const { followId } = (await db.server.get(`follows_history/${uid}/game:hades`)) as { followId: string };
      expect(await db.server.get(`follows/${followId}`)).toMatchObject({ type: 'game', disabled: true });
    }
    // Ana is told of her two members' follows and likes only.
    const actors = Object.values(
      (await db.server.get('notifications/ana')) as Record<string, { actorUUID: string }>,
    )
      .map((n) => n.actorUUID)
      .sort();
    expect(actors).toEqual([...MEMBERS, ...MEMBERS, ...MEMBERS].sort());
    // The members' own follows are untouched.
    expect(await keys('follows_by_userid/ben')).toEqual(['game:hades', 'user:ana']);
    expect(await keys('users/web-guest1/private/likes')).toEqual(['c1', 'p1']);
  });

  it('writes nothing on a second run', async () => {
    const before = await db.server.get('');
    const { summary, lines } = await run();
    expect(summary).toBe(
      '0 follower counts and 0 like counts corrected, 0 follows and 0 likes by non-members taken back',
    );
    expect(lines).toEqual([]);
    expect(await db.server.get('')).toEqual(before);
  });

  it('a member’s next follow counts from the corrected count', async () => {
    expect((await follow('eve', 'user', 'ana')).followers).toBe(3);
    expect(await db.server.get('users/ana/public/follows')).toBe(3);
  });
});

describe('the member counts job on a target followed by more accounts than one page holds', () => {
  /** More than the job's page of 500 index entries, members and non-members interleaved in key order. */
  const FOLLOWERS = 1_100;
  const uidOf = (i: number) => `acct${String(i).padStart(5, '0')}`;
  const isMember = (i: number) => i % 11 < 6;

  beforeAll(async () => {
    const updates: Record<string, unknown> = { 'games/celeste': { name: 'Celeste', follows: FOLLOWERS } };
    for (let i = 0; i < FOLLOWERS; i += 1) {
      const uid = uidOf(i);
      const entry = { followId: `f${uid}`, type: 'game', timestamp: T };
      if (isMember(i)) updates[`users/${uid}/public`] = { uuid: uid, username: uid };
      updates[`follows_by_targetid/game:celeste/${uid}`] = entry;
      updates[`follows_by_userid/${uid}/game:celeste`] = entry;
      updates[`follows_history/${uid}/game:celeste`] = { followId: `f${uid}`, type: 'game', disabled: false };
      updates[`users/${uid}/private/follows/games/celeste`] = T;
      updates[`follows/f${uid}`] = {
        userUUID: uid,
        targetUUID: 'celeste',
        type: 'game',
        timestamp: T,
        disabled: false,
      };
    }
    await db.server.patch('', updates);
  });

  it('counts the members on every page and takes back the non-members on every page', async () => {
    const members = Array.from({ length: FOLLOWERS }, (_, i) => i).filter(isMember);
    expect(members).toHaveLength(600);
    const { summary } = await run();
    expect(summary).toBe(
      '1 follower counts and 0 like counts corrected, 500 follows and 0 likes by non-members taken back',
    );
    expect(await db.server.get('games/celeste/follows')).toBe(600);
    expect(await keys('follows_by_targetid/game:celeste')).toEqual(members.map(uidOf));
    expect(await db.server.get(`follows_by_userid/${uidOf(10)}`)).toBeNull();
    expect(await db.server.get(`follows_history/${uidOf(1_099)}/game:celeste`)).toMatchObject({
      disabled: true,
    });
    expect((await run()).summary).toMatch(/^0 follower counts and 0 like counts corrected, 0 follows/);
  });
});

describe('the member counts job on a count that keeps changing', () => {
  /** As many as the job's tries of one count. */
  const MEMBERS_FOLLOWING = ['m1', 'm2', 'm3', 'm4', 'm5'];
  beforeAll(async () => {
    await db.server.patch('', {
      'users/gwen/public': { uuid: 'gwen', username: 'gwen', follows: 0 },
      ...Object.fromEntries(
        MEMBERS_FOLLOWING.map((uid) => [`users/${uid}/public`, { uuid: uid, username: uid }]),
      ),
    });
    for (const uid of STRANGERS.slice(0, 2)) await follow(uid, 'user', 'gwen');
  });

  it('writes no count over a member’s follow: it leaves the target to the next run and says so', async () => {
    // A member follows Gwen just before each of the job's writes of her count.
    const waiting = [...MEMBERS_FOLLOWING];
    const busy: RtdbClient = {
      ...db.server,
      async putIfUnchanged(path, value, ifMatch) {
        const uid = path === 'users/gwen/public/follows' ? waiting.shift() : undefined;
        if (uid !== undefined) await follow(uid, 'user', 'gwen');
        return db.server.putIfUnchanged(path, value, ifMatch);
      },
    };
    const { summary, lines } = await run(busy);
    expect(summary).toBe(
      '0 follower counts and 0 like counts corrected, 0 follows and 0 likes by non-members taken back; ' +
        '1 kept changing while recounted: run the job again',
    );
    expect(lines).toContain(
      'users/gwen/public/follows kept changing while being recounted; left to the next run',
    );
    // Every follow counted, none lost; the strangers' wait for the next run.
    expect(await db.server.get('users/gwen/public/follows')).toBe(2 + MEMBERS_FOLLOWING.length);

    expect((await run()).summary).toBe(
      '1 follower counts and 0 like counts corrected, 2 follows and 0 likes by non-members taken back',
    );
    expect(await db.server.get('users/gwen/public/follows')).toBe(MEMBERS_FOLLOWING.length);
    expect(await keys('follows_by_targetid/user:gwen')).toEqual(MEMBERS_FOLLOWING);
  });
});
