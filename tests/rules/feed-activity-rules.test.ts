import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_NOW } from '../integration/emulator-db.ts';
import { allowed, rulesDatabase } from './rules-database.ts';

// `feed_activity/{targetId}` in database.rules.json: the time a feed last changed is public (open pages
// stream it, signed in or not), one feed at a time; no client writes it (the Worker does, with each post,
// comment and like).

const db = rulesDatabase();

beforeAll(async () => {
  await db.server.patch('', {
    'feed_activity/game:portal-2': TEST_DATABASE_NOW,
    'feed_activity/user:ana': 5,
    // Left by the site before feeds named their kind, until the feed identity job moves it.
    'feed_activity/portal-2': 3,
  });
});

describe('a feed’s activity time', () => {
  it('is read by visitors and members, one feed at a time', async () => {
    expect(await db.anonymous.get('feed_activity/game:portal-2')).toBe(TEST_DATABASE_NOW);
    expect(await db.asUser('ben').get('feed_activity/game:portal-2')).toBe(TEST_DATABASE_NOW);
    expect(await db.anonymous.get('feed_activity/event:never-posted-on')).toBeNull();
  });

  it('is not listed whole', async () => {
    expect(await allowed(db.anonymous.get('feed_activity'))).toBe(false);
  });

  it('is read only under a feed’s name (its kind and id), not under an id alone or a made-up kind', async () => {
    expect(await allowed(db.anonymous.get('feed_activity/portal-2'))).toBe(false);
    expect(await allowed(db.asUser('ben').get('feed_activity/list:portal-2'))).toBe(false);
  });

  it('is written by no client, not even the feed’s owner', async () => {
    expect(await allowed(db.asUser('ana').put('feed_activity/user:ana', TEST_DATABASE_NOW + 1))).toBe(false);
    expect(await allowed(db.anonymous.put('feed_activity/game:portal-2', 0))).toBe(false);
    expect(await allowed(db.asUser('ben').patch('', { 'feed_activity/game:portal-2': null }))).toBe(false);
    expect(await db.server.get('feed_activity/user:ana')).toBe(5);
    expect(await db.server.get('feed_activity/game:portal-2')).toBe(TEST_DATABASE_NOW);
  });
});
