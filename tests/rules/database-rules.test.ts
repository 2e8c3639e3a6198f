import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SUGGEST_COUNT,
  GAMES_FOLLOWED_DEFAULT,
  MIN_SUGGESTION_RATIO,
  RECORD_QUERY_CAP,
  SEARCH_LIMIT,
  TOP_GAMES_FETCH,
  TRENDING_GAMES_SHOWN,
} from '../../shared/constants.ts';
import type { RtdbClient, RtdbQuery } from '../../shared/rtdb/rest-client.ts';
import { followTypeTime, followTypeTimeRange } from '../../shared/schemas/follow.ts';
import { feedKey, feedKeyRange } from '../../shared/feed/feed-key.ts';
import { allowed, canRead, PUBLIC_QUERY_CAP, rulesDatabase } from './rules-database.ts';

// Every node of database.rules.json against the real emulator: who may read it (with an allowed and a
// denied case each), that collections are read one record at a time or in bounded queries only, that
// clients write nothing, and that rules are not filters.

const db = rulesDatabase();
let ana: RtdbClient;
let ben: RtdbClient;

beforeAll(async () => {
  ana = db.asUser('ana');
  ben = db.asUser('ben');
  await db.server.patch('', {
    'users/ana': {
      public: { uuid: 'ana', username: 'ana_roguelites', follows: 1 },
      private: {
        email: 'ana@example.com',
        isOnboarded: true,
        follows: { games: { hades: 1 } },
        blocks: { users: { troll: 1 } },
        gamelist: { hades: { status: 'played', timestamp: 1 } },
      },
      admin: { auth: false, fcmToken: 'secret-token' },
      developer: { developerGames: { hades: true } },
      readOnly: { created: 1, modified: 1, isDeveloper: false },
    },
    'users/ben': {
      public: { uuid: 'ben', username: 'ben_pixels', follows: 0 },
      private: { email: 'ben@example.com', likes: { p1: 3 } },
    },
    users_public: { ana: { username: 'ana_roguelites' }, ben: { username: 'ben_pixels' } },
    'usernames/ana_roguelites': 'ana',
    'emails-to-ids/ana@example,com': 'ana',
    'thirdpartyid_by_id/fb123': 'ana',
    'installed_apps/device1': { uid: 'ana', accessKey: 'secret-key' },
    'games/hades': {
      name: 'Hades',
      deeplink_url_code: 'hades',
      follows: 1,
      weighted_index: 5,
      steam_appid: 1145360,
    },
    'games/celeste': { name: 'Celeste', deeplink_url_code: 'celeste', follows: 0, weighted_index: 4 },
    'events/the-game-awards': { name: 'The Game Awards', follows: 0, games: { hades: 1 } },
    'lists/roguelites': { code: 'roguelites', games: { best: { name: 'Best', games: { hades: 1 } } } },
    'lists-public/roguelites': { name: 'Roguelites', game_count: 1 },
    'se_matrix/hades/celeste': 0.8,
    'se_matrix_seedgames/hades': true,
    'highlights/home': { games: { hades: 1 } },
    'indices_public/trendingIndex': { hades: 10, celeste: 7 },
    'follows/f1': { userUUID: 'ana', targetUUID: 'hades', type: 'game', timestamp: 1, disabled: false },
    'follows_by_userid/ana/game:hades': {
      followId: 'f1',
      type: 'game',
      timestamp: 1,
      type_time: followTypeTime('game', 1),
    },
    'follows_by_targetid/game:hades/ana': {
      followId: 'f1',
      type: 'game',
      timestamp: 1,
      type_time: followTypeTime('game', 1),
    },
    'follows_history/ana/game:hades': { followId: 'f1', type: 'game', disabled: false },
    'shelves_by_userid/ana/hades': { status: 'played', timestamp: 1, status_time: 'played~0000000000001' },
    'posts/p1': {
      uuid: 'p1',
      targetUUID: 'hades',
      targetType: 'game',
      sourceUUID: 'ana',
      content: 'hi',
      type: 'text',
      likes: 1,
      timestamp: 1,
      feed_key: feedKey('game:hades', 1, 'p1'),
      comments: { c1: 2 },
    },
    'posts_by_id/game:hades/p1': 1,
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

describe('public records are readable one at a time by anyone, signed in or not', () => {
  const records = [
    'games/hades',
    'events/the-game-awards',
    'lists/roguelites',
    'lists-public/roguelites',
    'se_matrix/hades',
    'se_matrix_seedgames/hades',
    'highlights/home',
    'users/ana/public',
    'users/ana/developer',
    'users_public/ana',
    'posts/p1',
    'comments/c1',
    'profiles/ana',
  ];
  for (const path of records) {
    it(`anyone reads ${path}`, async () => {
      expect(await canRead(db.anonymous, path)).toBe(true);
      expect(await canRead(ben, path)).toBe(true);
    });
  }
});

describe('no collection is downloadable whole', () => {
  const collections = [
    'games',
    'events',
    'lists',
    'lists-public',
    'se_matrix',
    'se_matrix_seedgames',
    'highlights',
    'indices_public',
    'indices_public/trendingIndex',
    // Where each game's summary is kept (shared/catalogue/game-summary-places.ts): the server's alone.
    'game_summary_places',
    'game_summary_places/hades',
    'users_public',
    'follows',
    'follows_by_userid',
    'follows_by_userid/ana',
    'follows_by_targetid',
    'follows_by_targetid/game:hades',
    'shelves_by_userid',
    'shelves_by_userid/ana',
    'posts',
    'posts_by_id',
    'posts_by_id/game:hades',
    'posts_by_uid',
    'posts_by_uid/ana',
    'comments',
    'likes',
    'likes_active',
  ];
  for (const path of collections) {
    it(`${path} is refused to a visitor and to a member`, async () => {
      expect(await canRead(db.anonymous, path)).toBe(false);
      expect(await canRead(ana, path)).toBe(false);
    });
  }
  it('a shallow read of a collection (every key) is refused', async () => {
    expect(await canRead(db.anonymous, 'games', { shallow: true })).toBe(false);
    expect(await canRead(db.anonymous, 'posts', { shallow: true })).toBe(false);
  });
});

describe('bounded queries: an indexed order and a limit of at most PUBLIC_QUERY_CAP', () => {
  it('the cap covers what the product asks for', () => {
    for (const n of [
      TOP_GAMES_FETCH,
      GAMES_FOLLOWED_DEFAULT,
      RECORD_QUERY_CAP,
      SEARCH_LIMIT,
      DEFAULT_SUGGEST_COUNT,
    ])
      expect(n).toBeLessThanOrEqual(PUBLIC_QUERY_CAP);
  });

  describe('games', () => {
    it('top games (by weighted_index, limited) are readable by anyone', async () => {
      expect(
        await canRead(db.anonymous, 'games', { orderBy: 'weighted_index', limitToLast: TOP_GAMES_FETCH }),
      ).toBe(true);
      expect(await canRead(ben, 'games', { orderBy: 'weighted_index', limitToFirst: PUBLIC_QUERY_CAP })).toBe(
        true,
      );
    });
    it('the ranking without a limit, or with a larger one, is refused', async () => {
      expect(await canRead(db.anonymous, 'games', { orderBy: 'weighted_index' })).toBe(false);
      expect(
        await canRead(db.anonymous, 'games', {
          orderBy: 'weighted_index',
          limitToLast: PUBLIC_QUERY_CAP + 1,
        }),
      ).toBe(false);
      expect(await canRead(db.anonymous, 'games', { orderBy: 'weighted_index', startAt: 0 })).toBe(false);
    });
    it('a game by an indexed child with equalTo and a limit is readable', async () => {
      const found = await db.anonymous.get('games', {
        orderBy: 'steam_appid',
        equalTo: 1145360,
        limitToFirst: 1,
      });
      expect(Object.keys(found as object)).toEqual(['hades']);
    });
    it('an indexed child without equalTo, or without a limit, is refused', async () => {
      expect(await canRead(db.anonymous, 'games', { orderBy: 'steam_appid', limitToFirst: 10 })).toBe(false);
      expect(await canRead(db.anonymous, 'games', { orderBy: 'steam_appid', equalTo: 1145360 })).toBe(false);
    });
    it('pages of games in key order are refused (walking the whole catalogue)', async () => {
      expect(await canRead(db.anonymous, 'games', { orderBy: '$key', limitToFirst: 10 })).toBe(false);
    });
  });

  describe('users_public', () => {
    it('a username is looked up with equalTo and a limit', async () => {
      const found = await db.anonymous.get('users_public', {
        orderBy: 'username',
        equalTo: 'ana_roguelites',
        limitToFirst: 2,
      });
      expect(found).toEqual({ ana: { username: 'ana_roguelites' } });
    });
    it('without a limit, by prefix, or in key order it is refused (no listing of members)', async () => {
      expect(
        await canRead(db.anonymous, 'users_public', { orderBy: 'username', equalTo: 'ana_roguelites' }),
      ).toBe(false);
      expect(
        await canRead(ana, 'users_public', {
          orderBy: 'username',
          startAt: 'a',
          endAt: 'a\uf8ff',
          limitToFirst: 10,
        }),
      ).toBe(false);
      expect(await canRead(db.anonymous, 'users_public', { orderBy: '$key', limitToFirst: 10 })).toBe(false);
    });
  });

  describe('lists-public', () => {
    it('the largest lists (by game_count, limited) are readable by anyone', async () => {
      expect(await canRead(db.anonymous, 'lists-public', { orderBy: 'game_count', limitToLast: 8 })).toBe(
        true,
      );
    });
    it('is refused without a limit, with a larger one, or in another order', async () => {
      expect(await canRead(db.anonymous, 'lists-public', { orderBy: 'game_count', startAt: 0 })).toBe(false);
      expect(
        await canRead(ana, 'lists-public', { orderBy: 'game_count', limitToLast: PUBLIC_QUERY_CAP + 1 }),
      ).toBe(false);
      expect(await canRead(db.anonymous, 'lists-public', { orderBy: '$key', limitToFirst: 8 })).toBe(false);
    });
    it('a list’s follower count is readable by anyone; a list’s events only by the home feed (server)', async () => {
      await db.server.patch('', {
        'lists-public/roguelites/follows': 3,
        'list_activity/roguelites/ev1': { games: ['hades'], count: 1, timestamp: 1 },
      });
      expect(await canRead(db.anonymous, 'lists-public/roguelites/follows')).toBe(true);
      expect(await canRead(ana, 'list_activity/roguelites')).toBe(false);
      expect(await canRead(db.anonymous, 'list_activity/roguelites/ev1')).toBe(false);
      expect(
        await allowed(ana.put('list_activity/roguelites/ev2', { games: ['x'], count: 1, timestamp: 2 })),
      ).toBe(false);
    });
  });

  describe('events', () => {
    it('the latest events (by starts_on, limited) are readable by anyone', async () => {
      expect(await canRead(db.anonymous, 'events', { orderBy: 'starts_on', limitToLast: 6 })).toBe(true);
    });
    it('is refused without a limit, with a larger one, or in another order', async () => {
      expect(await canRead(db.anonymous, 'events', { orderBy: 'starts_on', startAt: '2000-01-01' })).toBe(
        false,
      );
      expect(await canRead(ana, 'events', { orderBy: 'starts_on', limitToLast: PUBLIC_QUERY_CAP + 1 })).toBe(
        false,
      );
      expect(await canRead(db.anonymous, 'events', { orderBy: '$key', limitToFirst: 6 })).toBe(false);
    });
  });

  describe('indices_public/trendingIndex', () => {
    it('is readable in a limited query', async () => {
      expect(
        await canRead(db.anonymous, 'indices_public/trendingIndex', { orderBy: '$key', limitToFirst: 10 }),
      ).toBe(true);
    });
    it('is refused without a limit or with a larger one', async () => {
      expect(
        await canRead(db.anonymous, 'indices_public/trendingIndex', { orderBy: '$key', startAt: 'a' }),
      ).toBe(false);
      expect(
        await canRead(db.anonymous, 'indices_public/trendingIndex', {
          orderBy: '$key',
          limitToFirst: PUBLIC_QUERY_CAP + 1,
        }),
      ).toBe(false);
    });
  });

  describe('posts by feed key (a page of a feed, shared/feed/feed-key.ts)', () => {
    const firstPage: RtdbQuery = { orderBy: 'feed_key', ...feedKeyRange('game:hades', null), limitToLast: 6 };
    const nextPage: RtdbQuery = {
      orderBy: 'feed_key',
      ...feedKeyRange('game:hades', { timestamp: 1, id: 'p1' }),
      limitToLast: RECORD_QUERY_CAP + 2,
    };
    it('a page of one feed, bounded and limited, is readable by anyone and answers the posts', async () => {
      expect(await db.anonymous.get('posts', firstPage)).toMatchObject({ p1: { targetUUID: 'hades' } });
      expect(await canRead(db.anonymous, 'posts', nextPage)).toBe(true);
      expect(await canRead(ben, 'posts', { ...firstPage, limitToLast: PUBLIC_QUERY_CAP })).toBe(true);
    });
    it('without a limit, with a larger one, from the oldest end, or without both ends of a range, it is refused', async () => {
      const { limitToLast: _, ...unlimited } = firstPage;
      const { startAt: _start, ...openStart } = firstPage;
      const { endAt: _end, ...openEnd } = firstPage;
      expect(await canRead(db.anonymous, 'posts', unlimited)).toBe(false);
      expect(await canRead(ana, 'posts', { ...firstPage, limitToLast: PUBLIC_QUERY_CAP + 1 })).toBe(false);
      expect(await canRead(db.anonymous, 'posts', { ...unlimited, limitToFirst: 6 })).toBe(false);
      expect(await canRead(db.anonymous, 'posts', openStart)).toBe(false);
      expect(await canRead(db.anonymous, 'posts', openEnd)).toBe(false);
    });
    it('in another order, even limited, it is refused', async () => {
      expect(
        await canRead(db.anonymous, 'posts', { ...firstPage, orderBy: 'timestamp', startAt: 0, endAt: 9 }),
      ).toBe(false);
      expect(await canRead(db.anonymous, 'posts', { ...firstPage, orderBy: '$key' })).toBe(false);
    });
  });

  const indexes: [string, RtdbQuery][] = [
    ['indices_public/trendingIndex', { orderBy: '$value', limitToLast: TRENDING_GAMES_SHOWN }],
    ['posts_by_id/game:hades', { orderBy: '$value', limitToLast: RECORD_QUERY_CAP }],
    ['posts_by_uid/ana', { orderBy: '$value', limitToLast: RECORD_QUERY_CAP }],
    ['follows_by_userid/ana', { orderBy: 'timestamp', limitToLast: RECORD_QUERY_CAP }],
    ['follows_by_targetid/game:hades', { orderBy: 'timestamp', limitToLast: RECORD_QUERY_CAP }],
  ];
  for (const [path, query] of indexes) {
    describe(path, () => {
      it('a limited query is readable by anyone', async () => {
        expect(await canRead(db.anonymous, path, query)).toBe(true);
        expect(await canRead(ben, path, { ...query, limitToLast: PUBLIC_QUERY_CAP })).toBe(true);
      });
      it('the same order without a limit, or with a larger one, is refused', async () => {
        const { limitToLast: _, ...unlimited } = query;
        expect(await canRead(db.anonymous, path, unlimited)).toBe(false);
        expect(await canRead(ana, path, { ...query, limitToLast: PUBLIC_QUERY_CAP + 1 })).toBe(false);
      });
    });
  }
});

describe('feed and follower indexes are read only under a target’s kind and id (shared/schemas/feed-id.ts)', () => {
  it('an index under an id alone (as written before the feed identity job), or a made-up kind, is refused', async () => {
    await db.server.patch('', {
      'posts_by_id/hades/p1': 1,
      'follows_by_targetid/hades/ana': { followId: 'f1' },
    });
    const limited: RtdbQuery = { orderBy: '$value', limitToLast: 5 };
    expect(await canRead(db.anonymous, 'posts_by_id/hades', limited)).toBe(false);
    expect(await canRead(db.anonymous, 'posts_by_id/list:hades', limited)).toBe(false);
    expect(
      await canRead(db.anonymous, 'follows_by_targetid/hades', { orderBy: 'timestamp', limitToLast: 5 }),
    ).toBe(false);
    expect(await canRead(db.anonymous, 'posts_by_id/game:hades', limited)).toBe(true);
    await db.server.patch('', { 'posts_by_id/hades': null, 'follows_by_targetid/hades': null });
  });
});

describe('follows and likes are private records; public follow lists go through the bounded indexes', () => {
  it('the follower reads their follow record', async () => {
    expect(await canRead(ana, 'follows/f1')).toBe(true);
  });
  it('another member and a visitor are refused the follow record', async () => {
    expect(await canRead(ben, 'follows/f1')).toBe(false);
    expect(await canRead(db.anonymous, 'follows/f1')).toBe(false);
  });
  it('the member who liked reads their like record', async () => {
    expect(await canRead(ben, 'likes/l1')).toBe(true);
  });
  it('another member (even the author of the liked post) and a visitor are refused the like record', async () => {
    expect(await canRead(ana, 'likes/l1')).toBe(false);
    expect(await canRead(db.anonymous, 'likes/l1')).toBe(false);
  });
  it("who likes a post is read by no client: the count is on the post, a member's own likes in their private section", async () => {
    expect(await canRead(ana, 'likes_active/p1')).toBe(false);
    expect(await canRead(ben, 'likes_active/p1')).toBe(false);
    expect(await canRead(db.anonymous, 'likes_active/p1/ben')).toBe(false);
    expect(await db.anonymous.get('posts/p1/likes')).toBe(1);
    expect(await ben.get('users/ben/private/likes')).toEqual({ p1: 3 });
  });
  it('likes_active is still there for the server', async () => {
    expect(await canRead(db.server, 'likes_active/p1')).toBe(true);
  });
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
  it('ben reads his own like history and likes map, ana does not', async () => {
    expect(await canRead(ben, 'likes_history/ben')).toBe(true);
    expect(await canRead(ben, 'users/ben/private/likes')).toBe(true);
    expect(await canRead(ana, 'likes_history/ben')).toBe(false);
    expect(await canRead(ana, 'users/ben/private/likes')).toBe(false);
    expect(await canRead(db.anonymous, 'likes_history/ben')).toBe(false);
  });
});

describe('nodes no client reads', () => {
  for (const path of [
    'users/ana/admin',
    'emails-to-ids',
    'emails-to-ids/ana@example,com',
    'usernames',
    'usernames/ana_roguelites',
    'thirdpartyid_by_id',
    'thirdpartyid_by_id/fb123',
    'installed_apps',
    'installed_apps/device1',
    'suggestions_by_targetid/celeste',
    'logs',
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
  it("querying likes or follows for one's own is refused even to a member who may read each of them", async () => {
    expect(await canRead(ben, 'likes', { orderBy: 'sourceUUID', equalTo: 'ben', limitToFirst: 1 })).toBe(
      false,
    );
    expect(await canRead(ana, 'follows', { orderBy: 'userUUID', equalTo: 'ana', limitToFirst: 1 })).toBe(
      false,
    );
  });
  it('reading all posts or comments is refused even though each one is public', async () => {
    expect(await canRead(db.anonymous, 'posts', { orderBy: '$key', limitToLast: 1 })).toBe(false);
    expect(await canRead(db.anonymous, 'comments', { orderBy: '$key', limitToLast: 1 })).toBe(false);
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

describe('the reads the Worker makes without the server credential are allowed and indexed', () => {
  // worker/page-data, worker/api and worker/auth: what they read with `database.public` or `asUser`.
  const publicReads: [string, string, RtdbQuery | undefined][] = [
    ['top games', 'games', { orderBy: 'weighted_index', limitToLast: TOP_GAMES_FETCH }],
    ['a game', 'games/hades', undefined],
    [
      'suggested games',
      'se_matrix/hades',
      { orderBy: '$value', startAt: MIN_SUGGESTION_RATIO, limitToLast: DEFAULT_SUGGEST_COUNT },
    ],
    ['home highlights', 'highlights/home', undefined],
    ['a feed', 'posts_by_id/game:hades', { orderBy: '$value', limitToLast: RECORD_QUERY_CAP }],
    [
      'the next page of a feed',
      'posts_by_id/game:hades',
      { orderBy: '$value', endAt: 1, limitToLast: RECORD_QUERY_CAP },
    ],
    [
      'a page of a feed',
      'posts',
      { orderBy: 'feed_key', ...feedKeyRange('game:hades', null), limitToLast: RECORD_QUERY_CAP + 1 },
    ],
    ['a post', 'posts/p1', undefined],
    ["a post's comment ids", 'posts/p1/comments', undefined],
    ['a comment', 'comments/c1', undefined],
    [
      'the games a member follows',
      'follows_by_userid/ana',
      { orderBy: 'type_time', ...followTypeTimeRange('game'), limitToLast: RECORD_QUERY_CAP },
    ],
    [
      'everything a member follows',
      'follows_by_userid/ana',
      { orderBy: 'timestamp', limitToLast: RECORD_QUERY_CAP },
    ],
    ["a game's follower count", 'games/hades/follows', undefined],
    ["an event's follower count", 'events/the-game-awards/follows', undefined],
    ["a member's follower count", 'users/ana/public/follows', undefined],
  ];
  for (const [what, path, query] of publicReads) {
    it(`${what} (${path})`, async () => {
      await expect(db.anonymous.get(path, query)).resolves.not.toBeNull();
    });
  }
  const ownReads: [string, string][] = [
    ['the public section', 'users/ana/public'],
    ['the private section', 'users/ana/private'],
    ['the developer section', 'users/ana/developer'],
    ['the readOnly section', 'users/ana/readOnly'],
    ['whether they follow a game', 'users/ana/private/follows/games/hades'],
    ['their blocks', 'users/ana/private/blocks'],
    ['their vote', 'votes/goty/ana'],
  ];
  for (const [what, path] of ownReads) {
    it(`a member reads ${what} (${path})`, async () => {
      await expect(ana.get(path)).resolves.not.toBeNull();
    });
  }
  it('a query without an index is refused, whoever asks', async () => {
    await expect(db.server.get('games', { orderBy: 'name', equalTo: 'Hades' })).rejects.toThrow(/index/i);
  });
});

describe('shelves: a member’s list is public one bounded page at a time, their entries their own', () => {
  it('a page of a member’s shelves, newest first or one shelf’s, is readable by anyone', async () => {
    expect(
      await canRead(db.anonymous, 'shelves_by_userid/ana', {
        orderBy: 'timestamp',
        limitToLast: PUBLIC_QUERY_CAP,
      }),
    ).toBe(true);
    expect(
      await canRead(ben, 'shelves_by_userid/ana', {
        orderBy: 'status_time',
        startAt: 'played~',
        endAt: 'played~\uf8ff',
        limitToLast: 10,
      }),
    ).toBe(true);
  });
  it('a larger page, or one with no limit, is refused', async () => {
    expect(
      await canRead(db.anonymous, 'shelves_by_userid/ana', {
        orderBy: 'timestamp',
        limitToLast: PUBLIC_QUERY_CAP + 1,
      }),
    ).toBe(false);
    expect(await canRead(db.anonymous, 'shelves_by_userid/ana', { orderBy: 'timestamp' })).toBe(false);
  });
  it('a member’s shelf entries (gamelist) are theirs alone', async () => {
    expect(await canRead(ana, 'users/ana/private/gamelist/hades')).toBe(true);
    expect(await canRead(ben, 'users/ana/private/gamelist/hades')).toBe(false);
    expect(await canRead(db.anonymous, 'users/ana/private/gamelist')).toBe(false);
  });
});

describe('clients write nothing directly: every write goes through the Worker', () => {
  const writes: [string, string, unknown][] = [
    ['their own public section', 'users/ana/public/username', 'renamed'],
    ['their own private section', 'users/ana/private/isOnboarded', false],
    ['their own follower count', 'users/ana/public/follows', 1000],
    [
      'their own profile text as their page shows it',
      'users/ana/public/profile',
      { brief: 'Spam', details: '' },
    ],
    ["their own feed's activity time as their page shows it", 'users/ana/public/feedActivity', 9e12],
    [
      'their own newest shelved games as their page shows them',
      'users/ana/public/shelved',
      { games: { hades: { status: 'played', timestamp: 9e12, name: 'Spam' } }, changes: 0, basis: 0 },
    ],
    ["the count that says whether their shelved games' copy matches", 'users/ana/public/shelved/basis', 99],
    [
      'their own followed games as their page shows them',
      'users/ana/public/followedGames',
      {
        games: { hades: { timestamp: 9e12, summary: { name: 'Spam', deeplink_url_code: 'spam' } } },
        changes: 0,
        basis: 0,
      },
    ],
    [
      "a game's summary in their followed games' copy",
      'users/ana/public/followedGames/games/hades/summary/name',
      'Spam',
    ],
    [
      "the count that says whether their followed games' copy matches",
      'users/ana/public/followedGames/basis',
      99,
    ],
    [
      "a followed games' copy's place among a game's summaries",
      'game_summary_places/hades/member-page:ana',
      true,
    ],
    ['their own readOnly flag', 'users/ana/readOnly/isDeveloper', true],
    ['their own admin section', 'users/ana/admin/auth', true],
    ["a game's follower count", 'games/hades/follows', 9999],
    ['a follow index', 'follows_by_targetid/game:hades/ana', null],
    ['their own shelf', 'users/ana/private/gamelist/hades', { status: 'want' }],
    ['their own shelves index', 'shelves_by_userid/ana/hades', null],
    ["a game's shelf count", 'games/hades/shelves/played', 9999],
    ['a summary a list keeps of a game', 'lists/roguelites/game_summaries/hades/name', 'Spam'],
    ["a game's kept suggestion", 'games/hades/suggested/celeste', { ratio: 1, name: 'Spam' }],
    ["home's hottest games", 'highlights/home/trending/hades', { score: 1e9, name: 'Spam' }],
    ['where a game’s summaries are kept', 'game_summary_places/hades/list:roguelites', null],
    ['their own follow record', 'follows/f1/disabled', true],
    ['their own follow history', 'follows_history/ana/game:hades', null],
    ['their own like record', 'likes/l1/disabled', true],
    ['the active likes of a post', 'likes_active/p1/ana', { likeId: 'x', timestamp: 1 }],
    ["another user's post", 'posts/p1/content', 'hacked'],
    ['a like count', 'posts/p1/likes', 100],
    [
      "a post's copy of a comment, as its feed shows it",
      'posts/p1/preview_comments/c9',
      {
        postUUID: 'p1',
        sourceUUID: 'ana',
        authorName: 'ben',
        content: 'Forged words',
        likes: 9,
        timestamp: 1,
      },
    ],
    ["the like count of a post's copy of a comment", 'posts/p1/preview_comments/c1/likes', 100],
    [
      'the summary their follow keeps of a game',
      'follows_by_userid/ana/game:hades/summary',
      { name: 'Spam', deeplink_url_code: 'hades' },
    ],
    ['where a game’s summaries are kept for a follower', 'game_summary_places/hades/follower:ana', true],
    ['a vote', 'votes/goty/ana/locked', false],
    ['their own profile', 'profiles/ana/brief', 'direct'],
    ['a username claim', 'usernames/taken', 'ana'],
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
