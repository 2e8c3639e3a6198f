import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RtdbError, type RtdbClient, type RtdbQuery } from '../../shared/rtdb/rest-client.ts';
import { startTestDatabase, type TestDatabase } from '../integration/emulator-db.ts';

// Every node of database.rules.json against the real emulator: who may read it (with an allowed and a
// denied case each), that clients write nothing, and that rules are not filters.

let db: TestDatabase;
let ana: RtdbClient;
let ben: RtdbClient;

async function allowed(action: Promise<unknown>): Promise<boolean> {
  try {
    await action;
    return true;
  } catch (error) {
    if (error instanceof RtdbError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}
const canRead = (client: RtdbClient, path: string, query?: RtdbQuery) => allowed(client.get(path, query));

beforeAll(async () => {
  db = await startTestDatabase();
  ana = db.asUser('ana');
  ben = db.asUser('ben');
  await db.server.patch('', {
    'users/ana': {
      public: { uuid: 'ana', username: 'ana_roguelites', follows: 1 },
      private: { email: 'ana@example.com', isOnboarded: true, follows: { games: { hades: 1 } } },
      admin: { auth: false, fcmToken: 'secret-token' },
      developer: { developerGames: { hades: true } },
      readOnly: { created: 1, modified: 1, isDeveloper: false },
    },
    'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
    users_public: { ana: { username: 'ana_roguelites' }, ben: { username: 'ben_pixels' } },
    'emails-to-ids/ana@example,com': 'ana',
    'thirdpartyid_by_id/fb123': 'ana',
    'games/hades': { name: 'Hades', deeplink_url_code: 'hades', follows: 1, weighted_index: 5 },
    'follows/f1': { userUUID: 'ana', targetUUID: 'hades', type: 'game', timestamp: 1, disabled: false },
    'follows_by_userid/ana/hades': { followId: 'f1', type: 'game', timestamp: 1 },
    'follows_by_targetid/hades/ana': { followId: 'f1', type: 'game', timestamp: 1 },
    'follows_history/ana/hades': { followId: 'f1', type: 'game', disabled: false },
    'posts/p1': {
      uuid: 'p1',
      targetUUID: 'hades',
      sourceUUID: 'ana',
      content: 'hi',
      type: 'text',
      likes: 1,
      timestamp: 1,
    },
    'posts_by_id/hades/p1': 1,
    'posts_by_uid/ana/p1': 1,
    'comments/c1': { postUUID: 'p1', sourceUUID: 'ben', content: 'yo', likes: 0, timestamp: 2 },
    'likes/l1': { targetUUID: 'p1', sourceUUID: 'ben', sourceType: 'user', disabled: false },
    'likes_active/p1/ben': { likeId: 'l1', timestamp: 3 },
    'likes_history/ben/p1': { likeId: 'l1', targetType: 'post', disabled: false },
    'votes/goty/ana': { type: 'goty', locked: false, targetUUID: 'hades', userUUID: 'ana' },
    'profiles/ana': { sourceUUID: 'ana', brief: 'One more run', details: '', disabled: false },
    'profiles/ben': { sourceUUID: 'ben', brief: 'gone', details: '', disabled: true },
    'suggestions/s1': { userUUID: 'ana', targetUUID: 'celeste', success: 'yes', timestamp: 1 },
    'suggestions_by_userid/ana/yes/celeste': 's1',
    'suggestions_by_targetid/celeste/yes/ana': 's1',
    'suggestions_history/ana/celeste': { suggestionId: 's1', success: 'yes' },
    'logs/analytics/a1': { event: 'pv_follow', uid: 'ana', targetId: 'hades', success: true },
    'logs/page_views/v1': { path: '/' },
  });
});
afterAll(async () => {
  await db.close();
});

describe('public nodes are readable by anyone, signed in or not', () => {
  const publicPaths = [
    'games/hades',
    'users/ana/public',
    'users/ana/developer',
    'users_public',
    'follows/f1',
    'follows_by_userid/ana',
    'follows_by_targetid/hades',
    'posts/p1',
    'posts_by_id/hades',
    'posts_by_uid/ana',
    'comments/c1',
    'likes/l1',
    'likes_active/p1',
    'profiles/ana',
  ];
  for (const path of publicPaths) {
    it(`anyone reads ${path}`, async () => {
      expect(await canRead(db.anonymous, path)).toBe(true);
      expect(await canRead(ben, path)).toBe(true);
    });
  }
});

describe("a user's own nodes are readable by that user only", () => {
  const ownPaths: [string, string][] = [
    ['users/ana/private', 'the private section'],
    ['users/ana/readOnly', 'the readOnly section'],
    ['follows_history/ana', 'the follow history'],
    ['votes/goty/ana', 'a vote'],
    ['suggestions/s1', 'an answered suggestion'],
    ['suggestions_by_userid/ana', 'the suggestion buckets'],
    ['suggestions_history/ana', 'the suggestion history'],
  ];
  for (const [path, what] of ownPaths) {
    it(`the user reads ${what} (${path})`, async () => {
      expect(await canRead(ana, path)).toBe(true);
    });
    it(`another user and a visitor are refused ${what} (${path})`, async () => {
      expect(await canRead(ben, path)).toBe(false);
      expect(await canRead(db.anonymous, path)).toBe(false);
    });
  }
  it('ben reads his own like history, ana does not', async () => {
    expect(await canRead(ben, 'likes_history/ben')).toBe(true);
    expect(await canRead(ana, 'likes_history/ben')).toBe(false);
  });
});

describe('nodes no client reads', () => {
  for (const path of [
    'users/ana/admin',
    'emails-to-ids',
    'emails-to-ids/ana@example,com',
    'thirdpartyid_by_id/fb123',
    'suggestions_by_targetid/celeste',
    'logs/analytics',
    'logs/page_views',
  ]) {
    it(`${path} is refused even to its own user`, async () => {
      expect(await canRead(ana, path)).toBe(false);
      expect(await canRead(db.anonymous, path)).toBe(false);
    });
    it(`${path} is readable by the server credential`, async () => {
      expect(await canRead(db.server, path)).toBe(true);
    });
  }
});

describe('profiles', () => {
  it('a disabled profile is hidden from others but shown to its owner', async () => {
    expect(await canRead(ana, 'profiles/ben')).toBe(false);
    expect(await canRead(db.anonymous, 'profiles/ben')).toBe(false);
    expect(await canRead(ben, 'profiles/ben')).toBe(true);
  });
});

describe('rules are not filters', () => {
  it('reading all users is refused even though each public section is readable', async () => {
    expect(await canRead(db.anonymous, 'users')).toBe(false);
    expect(await canRead(ana, 'users')).toBe(false);
  });
  it("reading ana's whole user node is refused to ana (admin is inside it)", async () => {
    expect(await canRead(ana, 'users/ana')).toBe(false);
  });
  it('reading all suggestions is refused even to a user who may read some', async () => {
    expect(await canRead(ana, 'suggestions')).toBe(false);
    expect(await canRead(ana, 'suggestions', { orderBy: 'userUUID', equalTo: 'ana' })).toBe(false);
  });
  it('reading every follow history or every vote is refused', async () => {
    expect(await canRead(ana, 'follows_history')).toBe(false);
    expect(await canRead(ana, 'votes/goty')).toBe(false);
  });
  it('reading all profiles is refused (one may be disabled)', async () => {
    expect(await canRead(db.anonymous, 'profiles')).toBe(false);
  });
  it('the root is refused', async () => {
    expect(await canRead(db.anonymous, '')).toBe(false);
  });
});

describe('queries the app makes have their index', () => {
  const queries: [string, RtdbQuery][] = [
    ['users_public', { orderBy: 'username', equalTo: 'ana_roguelites' }],
    ['users_public', { orderBy: 'username', startAt: 'an', endAt: 'an\uf8ff', limitToFirst: 10 }],
    ['follows_by_userid/ana', { orderBy: 'type', equalTo: 'game', limitToFirst: 20 }],
    ['follows_by_targetid/hades', { orderBy: 'timestamp', limitToLast: 10 }],
    ['posts_by_id/hades', { orderBy: '$value', limitToLast: 10 }],
    ['posts_by_uid/ana', { orderBy: '$value', limitToLast: 10 }],
    ['likes_active/p1', { orderBy: 'timestamp', limitToLast: 10 }],
    ['comments', { orderBy: 'postUUID', equalTo: 'p1', limitToLast: 10 }],
    ['posts', { orderBy: 'targetUUID', equalTo: 'hades', limitToLast: 10 }],
    ['games', { orderBy: 'weighted_index', limitToLast: 20 }],
  ];
  for (const [path, query] of queries) {
    it(`${path} ordered by ${String(query.orderBy)}`, async () => {
      await expect(db.anonymous.get(path, query)).resolves.not.toBeNull();
    });
  }
  it('a query without an index is refused', async () => {
    await expect(db.anonymous.get('posts', { orderBy: 'content', equalTo: 'hi' })).rejects.toThrow(/index/i);
  });
});

describe('clients write nothing directly: every write goes through the Worker', () => {
  const writes: [string, string, unknown][] = [
    ['their own public section', 'users/ana/public/username', 'renamed'],
    ['their own private section', 'users/ana/private/isOnboarded', false],
    ['their own follower count', 'users/ana/public/follows', 1000],
    ['their own readOnly flag', 'users/ana/readOnly/isDeveloper', true],
    ['their own admin section', 'users/ana/admin/auth', true],
    ["a game's follower count", 'games/hades/follows', 9999],
    ['a follow index', 'follows_by_targetid/hades/ana', null],
    ['their own follow history', 'follows_history/ana/hades', null],
    ["another user's post", 'posts/p1/content', 'hacked'],
    ['a like count', 'posts/p1/likes', 100],
    ['a vote', 'votes/goty/ana/locked', false],
    ['their own profile', 'profiles/ana/brief', 'direct'],
    [
      'a new post',
      'posts/p2',
      { uuid: 'p2', targetUUID: 'hades', sourceUUID: 'ana', content: 'x', timestamp: 1 },
    ],
    ['analytics', 'logs/analytics/a2', { event: 'pv_follow' }],
  ];
  for (const [what, path, value] of writes) {
    it(`a signed-in user cannot write ${what}`, async () => {
      expect(await allowed(ana.put(path, value))).toBe(false);
    });
  }
  it('a multi-path update by a client is refused as a whole', async () => {
    expect(
      await allowed(ana.patch('', { 'users/ana/public/follows': 5, 'users/ana/private/isOnboarded': false })),
    ).toBe(false);
    expect(await db.server.get('users/ana/public/follows')).toBe(1);
  });
  it('a visitor cannot write at all', async () => {
    expect(await allowed(db.anonymous.put('games/hades/follows', 0))).toBe(false);
    expect(await allowed(db.anonymous.post('posts', { content: 'spam' }))).toBe(false);
  });
  it('the server credential can write (it commits the transitions)', async () => {
    expect(await allowed(db.server.put('users/ana/private/isOnboarded', true))).toBe(true);
  });
});
