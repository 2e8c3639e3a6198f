// The member page copies job (npm run job -- member-page-copies) against the real emulator: members whose
// profile or feed last changed before the public section kept copies get them, so that their page reads
// neither their profile nor their feed's activity time; a hidden profile's text is never copied where
// anyone reads it; a second run writes nothing; a change landing between the job's read and its write is
// never overwritten by the older value; a member gone gets no stub section. The same for the copy of a
// member's newest shelved games, which is also put right where racing shelf changes left it not matching,
// and for the copy of the games a member follows, whose games are named among their summary places.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { planNewPost } from '../../shared/transitions/post.ts';
import { commitProfileUpdate } from '../../shared/transitions/profile.ts';
import { commitShelf } from '../../shared/transitions/shelf.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { followTypeTime } from '../../shared/schemas/follow.ts';
import { gameSummaryRecordOf } from '../../shared/schemas/game-summary.ts';
import {
  racedServer,
  runJob,
  startTestDatabase,
  TEST_DATABASE_NOW,
  type TestDatabase,
} from './emulator-db.ts';

const T = TEST_DATABASE_NOW - 60_000;

let db: TestDatabase;
beforeEach(async () => {
  db = await startTestDatabase();
});
afterEach(async () => {
  await db.close();
});

const run = (client: RtdbClient = db.server) => runJob('member-page-copies', client);

/** A member as registration writes them, before the copies. */
const member = (uid: string, username: string) => ({
  [`users/${uid}/public`]: { uuid: uid, username, follows: 0 },
  [`users_public/${uid}`]: { username },
});

describe('the member page copies job', () => {
  it('copies each member’s shown profile text and feed time, none of a hidden profile, and a second run writes nothing', async () => {
    await db.server.patch('', {
      ...member('ana', 'ana_roguelites'),
      ...member('ben', 'ben_pixels'),
      ...member('cleo', 'cleo_cozy'),
      'profiles/ana': { sourceUUID: 'ana', brief: 'Roguelites.', details: 'Hades, mostly.', disabled: false },
      'profiles/ben': {
        sourceUUID: 'ben',
        brief: 'Hidden brief.',
        details: 'Hidden details.',
        disabled: true,
      },
      'feed_activity/user:ana': T,
      // A game's feed of the same id is no member's.
      'feed_activity/game:cleo': T + 5,
      // Dora changed her profile since the copies: hers is newer than the record's text, and stays.
      'profiles/dora': { sourceUUID: 'dora', brief: 'Old.', details: '', disabled: false },
      'users/dora/public': {
        uuid: 'dora',
        username: 'dora_dash',
        follows: 0,
        profile: { brief: 'New.', details: '' },
        feedActivity: T + 9,
      },
      'users_public/dora': { username: 'dora_dash' },
      'feed_activity/user:dora': T + 1,
      // A `users_public` entry whose member has no public section any more.
      'users_public/gone': { username: 'gone_member' },
      'profiles/gone': { sourceUUID: 'gone', brief: 'Bye.', details: '', disabled: false },
    });
    expect(await run()).toBe(
      "3 profile texts, 1 feed activity times, 4 members' followed games and 4 members' newest shelved games copied",
    );
    expect(await db.server.get('users/ana/public/profile')).toEqual({
      brief: 'Roguelites.',
      details: 'Hades, mostly.',
    });
    expect(await db.server.get('users/ana/public/feedActivity')).toBe(T);
    expect(await db.server.get('users/ben/public/profile')).toEqual({ brief: '', details: '' });
    // No profile: an empty text, so that the page knows there is none without reading it.
    expect(await db.server.get('users/cleo/public/profile')).toEqual({ brief: '', details: '' });
    expect(await db.server.get('users/cleo/public/feedActivity')).toBeNull();
    expect(await db.server.get('users/dora/public')).toMatchObject({
      profile: { brief: 'New.', details: '' },
      feedActivity: T + 9,
    });
    expect(await db.server.get('users/gone')).toBeNull();
    // Anyone reading Ben's public section finds nothing of his hidden profile.
    expect(JSON.stringify(await db.anonymous.get('users/ben/public'))).not.toContain('Hidden');

    expect(await run()).toBe(
      "0 profile texts, 0 feed activity times, 0 members' followed games and 0 members' newest shelved games copied",
    );
  });

  it('never overwrites a profile change or a post landing between its read and its write with what it read', async () => {
    await db.server.patch('', {
      ...member('ana', 'ana_roguelites'),
      'profiles/ana': { sourceUUID: 'ana', brief: 'Before.', details: '', disabled: false },
      'feed_activity/user:ana': T,
    });
    const raced = racedServer(db, {
      'users/ana/public/profile': () => commitProfileUpdate(db.server, 'ana', { brief: 'Meanwhile.' }),
      'users/ana/public/feedActivity': () =>
        db.server.patch(
          '',
          planNewPost(
            'ben',
            { targetType: 'user', targetId: 'ana', content: 'Hi', type: 'text' },
            'p1',
            false,
            { authorName: 'ben_pixels', now: T + 1 },
          ),
        ),
    });
    expect(await run(raced)).toBe(
      "0 profile texts, 0 feed activity times, 1 members' followed games and 1 members' newest shelved games copied",
    );
    expect(await db.server.get('users/ana/public/profile')).toEqual({ brief: 'Meanwhile.', details: '' });
    const activity = await db.server.get('feed_activity/user:ana');
    expect(activity).not.toBe(T);
    expect(await db.server.get('users/ana/public/feedActivity')).toBe(activity);
  });

  it('copies each member’s newest shelved games as their index has them, puts right a copy that does not match, and leaves a shelf change meanwhile', async () => {
    const entry = (n: number, status = 'want') => ({
      status,
      timestamp: T + n,
      status_time: `${status}~${String(T + n).padStart(13, '0')}`,
      name: `Game ${String(n)}`,
    });
    const games = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`g${String(i + 1)}`, entry(i + 1, i % 2 ? 'played' : 'want')]),
    );
    await db.server.patch('', {
      ...member('ana', 'ana_roguelites'),
      ...member('ben', 'ben_pixels'),
      ...member('cleo', 'cleo_cozy'),
      'games/g16': { name: 'Game 16' },
      'shelves_by_userid/ana': { g1: entry(1), g2: entry(2, 'dropped') },
      'shelves_by_userid/ben': games,
      // Eve's copy was left behind by two racing changes (changes past basis): it is worked out again.
      'shelves_by_userid/eve': { g3: entry(3) },
      'users/eve/public': {
        uuid: 'eve',
        username: 'eve_edits',
        follows: 0,
        shelved: { games: { g9: { status: 'want', timestamp: T } }, changes: 4, basis: 3 },
      },
      'users_public/eve': { username: 'eve_edits' },
    });
    expect(await run()).toContain("and 4 members' newest shelved games copied");
    expect(await db.server.get('users/ana/public/shelved')).toEqual({
      games: {
        g1: { status: 'want', timestamp: T + 1, name: 'Game 1' },
        g2: { status: 'dropped', timestamp: T + 2, name: 'Game 2' },
      },
      changes: 0,
      basis: 0,
    });
    // Ben's newest 13 (the 12 his page shows and one saying there are more), not the two oldest.
    const ben = (await db.server.get('users/ben/public/shelved')) as { games: object };
    expect(Object.keys(ben.games).sort()).toEqual(
      Array.from({ length: 13 }, (_, i) => `g${String(i + 3)}`).sort(),
    );
    // Cleo shelved nothing: a copy with no games, so that her page needs no query to know.
    expect(await db.server.get('users/cleo/public/shelved')).toEqual({ changes: 0, basis: 0 });
    expect(await db.server.get('users/eve/public/shelved')).toEqual({
      games: { g3: { status: 'want', timestamp: T + 3, name: 'Game 3' } },
      changes: 4,
      basis: 4,
    });
    expect(await run()).toContain("and 0 members' newest shelved games copied");

    // Ana shelves a game between the job's read and its write: her change's copy stays, the job's is not put.
    await db.server.patch('', { 'users/ana/public/shelved/changes': 5 });
    const raced = racedServer(db, {
      'users/ana/public/shelved': () =>
        commitShelf(db.server, { uid: 'ana', gameId: 'g16', status: 'playing' }, () => TEST_DATABASE_NOW),
    });
    expect(await run(raced)).toContain("and 0 members' newest shelved games copied");
    const after = (await db.server.get('users/ana/public/shelved')) as {
      games: Record<string, { status: string }>;
      changes: number;
      basis: number;
    };
    expect(after.changes).toBe(6);
    expect(after.basis).toBe(6);
    expect(Object.keys(after.games).sort()).toEqual(['g1', 'g16', 'g2']);
    expect(after.games.g16?.status).toBe('playing');
  });

  it('copies each member’s newest followed games with their summaries, names them among the games’ summary places, puts right a copy that does not match, and leaves a follow meanwhile', async () => {
    const game = (n: number) => ({
      name: `Game ${String(n)}`,
      deeplink_url_code: `g${String(n)}`,
      follows: 0,
      genres: ['Adventure'],
      tags: [],
      platforms: ['PC'],
      developers: ['Test Studio'],
      publishers: [],
      release_date: '2011-04-19',
    });
    const summary = (n: number) => gameSummaryRecordOf(game(n));
    // As follows wrote them before the copy: a summary in each entry, or none (before summaries were kept).
    const follow = (n: number, withSummary = true) => ({
      followId: `f${String(n)}`,
      type: 'game',
      timestamp: T + n,
      type_time: followTypeTime('game', T + n),
      ...(withSummary ? { summary: summary(n) } : {}),
    });
    const follows = (from: number, to: number) =>
      Object.fromEntries(
        Array.from({ length: to - from + 1 }, (_, i) => [`game:g${String(from + i)}`, follow(from + i)]),
      );
    await db.server.patch('', {
      ...member('ana', 'ana_roguelites'),
      ...member('ben', 'ben_pixels'),
      ...member('cleo', 'cleo_cozy'),
      'games/g23': game(23),
      'follows_by_userid/ana': {
        'game:g1': follow(1),
        'game:g2': follow(2, false),
        // A followed member is no game of hers.
        'user:ben': {
          followId: 'fu',
          type: 'user',
          timestamp: T + 9,
          type_time: followTypeTime('user', T + 9),
        },
      },
      'follows_by_userid/ben': follows(1, 22),
      // Eve's copy was left behind by two racing follows (changes past basis): it is worked out again.
      'follows_by_userid/eve': { 'game:g3': follow(3) },
      'users/eve/public': {
        uuid: 'eve',
        username: 'eve_edits',
        follows: 0,
        followedGames: { games: { g9: { timestamp: T } }, changes: 4, basis: 3 },
      },
      'users_public/eve': { username: 'eve_edits' },
    });
    expect(await run()).toContain(", 4 members' followed games and");
    expect(await db.server.get('users/ana/public/followedGames')).toEqual({
      games: { g1: { timestamp: T + 1, summary: summary(1) }, g2: { timestamp: T + 2 } },
      changes: 0,
      basis: 0,
    });
    expect(await db.server.get('game_summary_places/g1/member-page:ana')).toBe(true);
    // Ben's newest 20, as many as his page shows, not the two oldest.
    const ben = (await db.server.get('users/ben/public/followedGames')) as { games: object };
    expect(Object.keys(ben.games).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `g${String(i + 3)}`).sort(),
    );
    expect(await db.server.get('game_summary_places/g22/member-page:ben')).toBe(true);
    expect(await db.server.get('game_summary_places/g1/member-page:ben')).toBeNull();
    // Cleo follows no game: a copy with none, so that her page needs no query to know.
    expect(await db.server.get('users/cleo/public/followedGames')).toEqual({ changes: 0, basis: 0 });
    expect(await db.server.get('users/eve/public/followedGames')).toEqual({
      games: { g3: { timestamp: T + 3, summary: summary(3) } },
      changes: 4,
      basis: 4,
    });
    expect(await run()).toContain(", 0 members' followed games and");

    // Ana follows a game between the job's read and its write: her follow's copy stays, the job's is not put.
    await db.server.patch('', { 'users/ana/public/followedGames/changes': 5 });
    const raced = racedServer(db, {
      'users/ana/public/followedGames': () =>
        commitFollow(
          db.server,
          { uid: 'ana', type: 'game', targetId: 'g23', follow: true },
          TEST_DATABASE_NOW,
        ),
    });
    expect(await run(raced)).toContain(", 0 members' followed games and");
    const after = (await db.server.get('users/ana/public/followedGames')) as {
      games: Record<string, { summary?: { name: string } }>;
      changes: number;
      basis: number;
    };
    expect(after.changes).toBe(6);
    expect(after.basis).toBe(6);
    expect(Object.keys(after.games).sort()).toEqual(['g1', 'g2', 'g23']);
    expect(after.games.g23?.summary?.name).toBe('Game 23');
  });
});
