import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_NOW } from '../integration/emulator-db.ts';
import { allowed, rulesDatabase } from './rules-database.ts';

// What database.rules.json says about the home feeds the queue keeps: a member's own
// (`users/{uid}/private/home-feed`, post id → card) is read by them alone, newest first by the cards' time;
// the shared index of large feeds' posts (`home_feed_pulled`) is the server's alone.

const db = rulesDatabase();
const newest = { orderBy: 'timestamp', limitToLast: 10 } as const;
const card = (timestamp: number) => ({ timestamp, feed: 'game:hades', post: { content: 'Hi' } });

beforeAll(async () => {
  await db.server.patch('', {
    'users/ana/private/home-feed': { p1: card(TEST_DATABASE_NOW - 1), p2: card(TEST_DATABASE_NOW) },
    'home_feed_pulled/p3': { feed: 'user:questline', timestamp: TEST_DATABASE_NOW },
  });
});

describe('home feeds', () => {
  it('are read by their member, newest first by time, and the server', async () => {
    expect(await db.asUser('ana').get('users/ana/private/home-feed', newest)).toEqual({
      p1: card(TEST_DATABASE_NOW - 1),
      p2: card(TEST_DATABASE_NOW),
    });
    expect(Object.keys((await db.server.get('users/ana/private/home-feed', newest)) ?? {})).toHaveLength(2);
  });

  it('are read by no other member and no visitor', async () => {
    expect(await allowed(db.asUser('ben').get('users/ana/private/home-feed', newest))).toBe(false);
    expect(await allowed(db.asUser('ben').get('users/ana/private/home-feed'))).toBe(false);
    expect(await allowed(db.anonymous.get('users/ana/private/home-feed', newest))).toBe(false);
  });

  it('leave the large feeds’ shared index to the server', async () => {
    const recent = { orderBy: 'timestamp', limitToLast: 10 } as const;
    expect(Object.keys((await db.server.get('home_feed_pulled', recent)) ?? {})).toEqual(['p3']);
    for (const client of [db.anonymous, db.asUser('ana')]) {
      expect(await allowed(client.get('home_feed_pulled', recent))).toBe(false);
      expect(await allowed(client.get('home_feed_pulled/p3'))).toBe(false);
    }
  });
});

// A member's home-feed record (`users/{uid}/private/home-feed-follows`, shared/feed/home-feed-follows.ts):
// which followed feeds the page merges from the shared index, which follows are being taken out. Written
// by the server alone: a member marking a feed they do not follow as pulled would see its posts.
describe('home-feed records', () => {
  const record = {
    pulled: { 'user:questline': true },
    unfollowed: { 'game:hades': TEST_DATABASE_NOW },
  };
  beforeAll(async () => {
    await db.server.patch('', { 'users/ana/private/home-feed-follows': record });
  });

  it('are read by their member and the server, by no other member and no visitor', async () => {
    expect(await db.asUser('ana').get('users/ana/private/home-feed-follows')).toEqual(record);
    expect(await db.server.get('users/ana/private/home-feed-follows')).toEqual(record);
    expect(await allowed(db.asUser('ben').get('users/ana/private/home-feed-follows'))).toBe(false);
    expect(await allowed(db.anonymous.get('users/ana/private/home-feed-follows'))).toBe(false);
  });

  it('are written by no member, not even their own (a feed they do not follow marked, a marker taken out)', async () => {
    const ana = db.asUser('ana');
    expect(
      await allowed(ana.patch('', { 'users/ana/private/home-feed-follows/pulled/user:other-big': true })),
    ).toBe(false);
    expect(await allowed(ana.put('users/ana/private/home-feed-follows/pulled/user:other-big', true))).toBe(
      false,
    );
    expect(await allowed(ana.put('users/ana/private/home-feed-follows/unfollowed/game:hades', null))).toBe(
      false,
    );
    expect(await allowed(ana.put('users/ana/private/home-feed-follows', null))).toBe(false);
    expect(
      await allowed(db.asUser('ben').put('users/ana/private/home-feed-follows/pulled/user:x', true)),
    ).toBe(false);
    expect(await db.server.get('users/ana/private/home-feed-follows')).toEqual(record);
  });

  it('leave the registry of feeds merged at read to the server', async () => {
    await db.server.put('home_feed_pulled_feeds/user:questline', {
      state: 'pulled',
      since: TEST_DATABASE_NOW,
    });
    for (const client of [db.anonymous, db.asUser('ana')]) {
      expect(await allowed(client.get('home_feed_pulled_feeds/user:questline'))).toBe(false);
      expect(
        await allowed(client.put('home_feed_pulled_feeds/user:other-big', { state: 'pulled', since: 1 })),
      ).toBe(false);
    }
    expect(await db.server.get('home_feed_pulled_feeds/user:other-big')).toBeNull();
  });
});
