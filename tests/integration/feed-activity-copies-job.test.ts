// The feed activity copies job (npm run job -- feed-activity-copies) against the real emulator: games and
// events whose feed last changed before their records kept the copy of its activity time get it, so that
// their pages read no `feed_activity`; a member's feed is left to the member page copies job; a feed
// whose game or event is not there gets no stub record; a copy already there (newer, written by a change)
// is left alone, also when the change lands between the job's read and its write; a second run writes
// nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { planNewPost } from '../../shared/transitions/post.ts';
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

const run = (client: RtdbClient = db.server) => runJob('feed-activity-copies', client);

describe('the feed activity copies job', () => {
  it('copies each game’s and event’s feed time into its record, no member’s, no stub, and a second run writes nothing', async () => {
    await db.server.patch('', {
      'games/portal-2': { name: 'Portal 2', deeplink_url_code: 'portal-2' },
      // Hades changed since the copies: its copy is newer than the feed's old time below, and stays.
      'games/hades': { name: 'Hades', deeplink_url_code: 'hades', feedActivity: T + 9 },
      'events/fest': { name: 'Fest', deeplink_url_code: 'fest' },
      'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
      'feed_activity/game:portal-2': T,
      'feed_activity/event:fest': T + 1,
      'feed_activity/game:hades': T + 2,
      // A member's feed is the member page copies job's.
      'feed_activity/user:ana': T + 3,
      // A feed whose game is gone, and a time that is not one.
      'feed_activity/game:gone': T + 4,
      'feed_activity/event:junk': 'yesterday',
    });
    expect(await run()).toBe('2 feed activity times copied into games and events');
    expect(await db.server.get('games/portal-2/feedActivity')).toBe(T);
    expect(await db.server.get('events/fest/feedActivity')).toBe(T + 1);
    expect(await db.server.get('games/hades/feedActivity')).toBe(T + 9);
    expect(await db.server.get('users/ana/public/feedActivity')).toBeNull();
    expect(await db.server.get('games/gone')).toBeNull();
    expect(await db.server.get('events/junk')).toBeNull();
    expect(await run()).toBe('0 feed activity times copied into games and events');
  });

  it('never overwrites a post landing between its read and its write with the older time', async () => {
    await db.server.patch('', {
      'games/portal-2': { name: 'Portal 2', deeplink_url_code: 'portal-2' },
      'feed_activity/game:portal-2': T,
    });
    const raced = racedServer(db, {
      'games/portal-2/feedActivity': () =>
        db.server.patch(
          '',
          planNewPost(
            'ben',
            { targetType: 'game', targetId: 'portal-2', content: 'Hi', type: 'text' },
            'p1',
            false,
            { authorName: 'ben_pixels', now: T + 1 },
          ),
        ),
    });
    expect(await run(raced)).toBe('0 feed activity times copied into games and events');
    const activity = await db.server.get('feed_activity/game:portal-2');
    expect(activity).not.toBe(T);
    expect(await db.server.get('games/portal-2/feedActivity')).toBe(activity);
  });
});
