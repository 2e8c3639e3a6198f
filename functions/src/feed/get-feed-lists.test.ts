import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeFeedPage } from '../../../shared/feed/home-feed.ts';
import { feedIdOf } from '../../../shared/schemas/feed-id.ts';
import { planListGainedGames } from '../../../shared/lists/list-activity.ts';
import type { MultiPathUpdate } from '../../../shared/rtdb/multi-path-update.ts';
import {
  gameNode,
  listActivityNode,
  listPath,
  postNode,
  postsByIdNode,
  postsByUidNode,
  userBlocksNode,
  userSectionNode,
} from '../../../shared/rtdb/paths.ts';
import {
  startTestDatabase,
  TEST_DATABASE_NOW,
  type TestDatabase,
} from '../../../tests/integration/emulator-db.ts';
import {
  deliverListGains,
  deliverPosts,
  followed,
  unfollowed,
} from '../../../tests/integration/home-feed-delivery.ts';
import { buildHomeFeedPage } from '../../../shared/feed/home-feed-build.ts';
import { deliverHomeFeedMessage } from '../../../shared/feed/home-feed-fanout.ts';
import { DEFAULT_NAMESPACE } from '../../../emulator/index.ts';
import { createRtdbClient, type RtdbRequestRecord } from '../../../shared/rtdb/rest-client.ts';
import { sequentialRounds } from '../../../shared/rtdb/sequential-rounds.ts';
import { getFeed } from './get-feed.ts';

// A member who follows a curated list sees in their home feed when it gains games, among the posts by
// time, and pages through both without repeats or gaps.

const MEMBER = 'uid-lena';
const FRIEND = 'uid-otto';
const LIST = 'indie-essentials';
const OTHER_LIST = 'not-followed';
const minute = 60_000;
const ago = (minutes: number) => TEST_DATABASE_NOW - minutes * minute;

let db: TestDatabase;

function post(id: string, minutesAgo: number): MultiPathUpdate {
  const timestamp = ago(minutesAgo);
  return {
    ...postNode(id).set({
      uuid: id,
      targetUUID: FRIEND,
      targetType: 'user',
      sourceUUID: FRIEND,
      content: `Post ${id}`,
      type: 'text',
      likes: 0,
      timestamp,
    }),
    ...postsByIdNode(feedIdOf('user', FRIEND)).child(id).set(timestamp),
    ...postsByUidNode(FRIEND).child(id).set(timestamp),
  };
}

const page = (payload: unknown): Promise<HomeFeedPage> => getFeed(() => db.server, MEMBER, payload);
/** The page's items in the order it shows them: posts and list events merged newest first. */
function items(answer: HomeFeedPage): string[] {
  return [
    ...answer.posts.map((p) => ({ id: p.uuid, timestamp: p.timestamp })),
    ...(answer.listEvents ?? []).map((e) => ({ id: e.uuid, timestamp: e.timestamp })),
  ]
    .sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : -1))
    .map((item) => item.id);
}

beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    ...userSectionNode(FRIEND, 'public').set({ uuid: FRIEND, username: 'otto', follows: 1 }),
    ...userSectionNode(MEMBER, 'public').set({ uuid: MEMBER, username: 'lena', follows: 0 }),
    ...gameNode('hades').child('name').set('Hades'),
    ...gameNode('celeste').child('name').set('Celeste'),
    ...gameNode('dead-cells').child('name').set('Dead Cells'),
    [`${listPath(LIST)}/name`]: 'Indie essentials',
    [`${listPath(OTHER_LIST)}/name`]: 'Not followed',
    ...followed(MEMBER, 'user', FRIEND, ago(100)),
    ...followed(MEMBER, 'list', LIST, ago(100)),
    ...post('post-1', 10),
    ...post('post-3', 30),
    ...post('post-5', 50),
    ...planListGainedGames(LIST, ['hades', 'celeste'], ago(20), () => 'list-event-20'),
    ...planListGainedGames(LIST, ['dead-cells'], ago(40), () => 'list-event-40'),
    ...planListGainedGames(OTHER_LIST, ['hades'], ago(15), () => 'other-event'),
  });
  await deliverPosts(db.server, ['post-1', 'post-3', 'post-5']);
  // As the editors' save and the lists import send it: the events become cards in followers' home feeds.
  await deliverListGains(db.server, [LIST, OTHER_LIST]);
});
afterAll(() => db.close());

describe('http-getFeed with a followed list', () => {
  it('shows the list gaining games among the posts by time, naming the list and the games', async () => {
    const answer = await page({});
    expect(items(answer)).toEqual(['post-1', 'list-event-20', 'post-3', 'list-event-40', 'post-5']);
    expect(answer.listEvents?.find((e) => e.uuid === 'list-event-20')).toEqual({
      uuid: 'list-event-20',
      timestamp: ago(20),
      list: { code: LIST, name: 'Indie essentials' },
      games: [
        { id: 'hades', name: 'Hades' },
        { id: 'celeste', name: 'Celeste' },
      ],
      count: 2,
    });
    // A list the member does not follow never shows.
    expect(items(answer)).not.toContain('other-event');
  });

  it('pages through posts and list events without repeats or gaps, also in one millisecond', async () => {
    const burst: MultiPathUpdate = {};
    // Five saves in one millisecond, each delivered after its own write.
    for (let n = 0; n < 5; n++) {
      const event = planListGainedGames(LIST, ['hades'], ago(30), () => `list-burst-${String(n)}`);
      Object.assign(burst, event);
      await db.server.patch('', event);
      await deliverListGains(db.server, [LIST]);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await page(cursor === undefined ? { limit: 2 } : { limit: 2, cursor });
      expect(items(answer).length).toBeLessThanOrEqual(2);
      seen.push(...items(answer));
      if (answer.nextCursor === null) break;
      cursor = answer.nextCursor;
    }
    expect(seen).toEqual([
      'post-1',
      'list-event-20',
      'post-3',
      'list-burst-4',
      'list-burst-3',
      'list-burst-2',
      'list-burst-1',
      'list-burst-0',
      'list-event-40',
      'post-5',
    ]);
    // Gone again (events are never deleted by the product: the test's own cleanup, cards too).
    await db.server.patch('', {
      ...Object.fromEntries(Object.keys(burst).map((path) => [path, null])),
      ...Object.fromEntries(
        Array.from({ length: 5 }, (_, n) => [
          `users/${MEMBER}/private/home-feed/list-burst-${String(n)}`,
          null,
        ]),
      ),
    });
  });

  it('leaves out games the member is not interested in, and an event left with none', async () => {
    await db.server.patch('', userBlocksNode(MEMBER, 'games').child('dead-cells').set(TEST_DATABASE_NOW));
    const answer = await page({});
    expect(items(answer)).toEqual(['post-1', 'list-event-20', 'post-3', 'post-5']);
    await db.server.patch('', userBlocksNode(MEMBER, 'games').child('dead-cells').set(null));
  });

  it('stops showing the list’s events once the member unfollows it, and takes them out a minute later', async () => {
    await db.server.patch('', unfollowed(MEMBER, 'list', LIST, ago(1)));
    // At once, by the unfollow's marker: the cards are still in the home feed.
    expect(items(await page({}))).toEqual(['post-1', 'post-3', 'post-5']);
    expect(await db.server.get(`users/${MEMBER}/private/home-feed/list-event-20`)).not.toBeNull();
    // The delayed message takes them out, and the marker with them; a repeat changes nothing.
    const message = { kind: 'feed-unfollowed', uid: MEMBER, target: `list:${LIST}`, at: ago(1) } as const;
    await deliverHomeFeedMessage(db.server, message);
    const after = await db.server.get(`users/${MEMBER}/private`);
    expect(await db.server.get(`users/${MEMBER}/private/home-feed/list-event-20`)).toBeNull();
    expect(await db.server.get(`users/${MEMBER}/private/home-feed-follows`)).toBeNull();
    expect(items(await page({}))).toEqual(['post-1', 'post-3', 'post-5']);
    await deliverHomeFeedMessage(db.server, message);
    expect(await db.server.get(`users/${MEMBER}/private`)).toEqual(after);
    // Followed again: its latest events come back with the follow's own message.
    await db.server.patch('', followed(MEMBER, 'list', LIST, ago(100)));
    await deliverHomeFeedMessage(db.server, { kind: 'list-followed', uid: MEMBER, code: LIST });
    expect(items(await page({}))).toEqual(['post-1', 'list-event-20', 'post-3', 'list-event-40', 'post-5']);
  });

  it('skips a malformed list event instead of failing the feed', async () => {
    await db.server.patch('', {
      [`${listActivityNode(LIST).path}/broken`]: { games: 'nope', timestamp: ago(5) },
      // And a home-feed entry of no known shape.
      [`users/${MEMBER}/private/home-feed/junk`]: { timestamp: ago(4), list: LIST, event: 'nope' },
    });
    await deliverListGains(db.server, [LIST]);
    expect(items(await page({}))[0]).toBe('post-1');
    await db.server.patch('', {
      [`${listActivityNode(LIST).path}/broken`]: null,
      [`users/${MEMBER}/private/home-feed/junk`]: null,
    });
  });

  it('reads a page in the same 5 requests in one round however many lists the member follows', async () => {
    const many: MultiPathUpdate = {};
    for (let n = 0; n < 300; n++)
      Object.assign(many, followed(MEMBER, 'list', `list-${String(n)}`, ago(100)));
    await db.server.patch('', many);
    const records: RtdbRequestRecord[] = [];
    const counted = createRtdbClient({
      databaseUrl: db.emulator.url,
      namespace: DEFAULT_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
      onRequest: (record) => records.push(record),
    });
    const answer = await buildHomeFeedPage(counted, MEMBER, { limit: 10 });
    expect(items(answer)).toEqual(['post-1', 'list-event-20', 'post-3', 'list-event-40', 'post-5']);
    expect(records).toHaveLength(5);
    expect(sequentialRounds(records)).toBe(1);
    await db.server.patch('', Object.fromEntries(Object.keys(many).map((path) => [path, null])));
  });

  it('brings a newly followed list’s latest events in, and nothing of a list gaining games after an unfollow', async () => {
    await db.server.patch('', followed(MEMBER, 'list', OTHER_LIST, ago(1)));
    await deliverHomeFeedMessage(db.server, { kind: 'list-followed', uid: MEMBER, code: OTHER_LIST });
    expect(items(await page({}))).toContain('other-event');
    await db.server.patch('', unfollowed(MEMBER, 'list', OTHER_LIST, ago(0.5)));
    expect(items(await page({}))).not.toContain('other-event');
    // A follow's message that comes after the follow was taken back writes nothing.
    await deliverHomeFeedMessage(db.server, { kind: 'list-followed', uid: MEMBER, code: OTHER_LIST });
    await deliverHomeFeedMessage(db.server, {
      kind: 'feed-unfollowed',
      uid: MEMBER,
      target: `list:${OTHER_LIST}`,
      at: ago(0.5),
    });
    expect(await db.server.get(`users/${MEMBER}/private/home-feed/other-event`)).toBeNull();
  });
});
