import { beforeAll, describe, expect, it } from 'vitest';
import { type RtdbClient, type RtdbQuery } from '../../shared/rtdb/rest-client.ts';
import { TEST_DATABASE_NOW } from '../integration/emulator-db.ts';
import { allowed, canRead, rulesDatabase } from './rules-database.ts';

// A member's notifications in database.rules.json: only their owner reads them, a bounded page at a time
// in time order; the "seen up to" mark too; no client writes either (the Worker does, with its credential).

const db = rulesDatabase();
let ana: RtdbClient;
let ben: RtdbClient;

const page: RtdbQuery = { orderBy: 'timestamp', limitToLast: 25 };

beforeAll(async () => {
  ana = db.asUser('ana');
  ben = db.asUser('ben');
  await db.server.patch('', {
    'notifications/ana/follow1': { kind: 'follow', actorUUID: 'ben', timestamp: TEST_DATABASE_NOW },
    'notifications_seen/ana': TEST_DATABASE_NOW - 1,
  });
});

describe('a member’s notifications', () => {
  it('are read by their owner a bounded page at a time, in time order', async () => {
    expect(await ana.get('notifications/ana', page)).toEqual({
      follow1: { kind: 'follow', actorUUID: 'ben', timestamp: TEST_DATABASE_NOW },
    });
    expect(await canRead(ana, 'notifications/ana', { orderBy: 'timestamp', limitToFirst: 5 })).toBe(true);
  });

  it('are refused whole, past 25, or in another order, even to their owner', async () => {
    expect(await canRead(ana, 'notifications/ana')).toBe(false);
    expect(await canRead(ana, 'notifications/ana', { orderBy: 'timestamp', limitToLast: 26 })).toBe(false);
    expect(await canRead(ana, 'notifications/ana', { orderBy: '$key', limitToLast: 5 })).toBe(false);
    expect(await canRead(ana, 'notifications/ana/follow1')).toBe(false);
  });

  it('are never read by another member or a visitor', async () => {
    expect(await canRead(ben, 'notifications/ana', page)).toBe(false);
    expect(await canRead(db.anonymous, 'notifications/ana', page)).toBe(false);
    expect(await canRead(ben, 'notifications', page)).toBe(false);
  });

  it('are never written by a client, not even their owner', async () => {
    const forged = { kind: 'follow', actorUUID: 'cleo', timestamp: TEST_DATABASE_NOW };
    expect(await allowed(ben.put('notifications/ana/forged', forged))).toBe(false);
    expect(await allowed(ana.put('notifications/ana/forged', forged))).toBe(false);
    expect(await allowed(ana.put('notifications/ana/follow1', null))).toBe(false);
    expect(await db.server.get('notifications/ana/forged')).toBeNull();
  });
});

describe('the “seen up to” mark', () => {
  it('is read by its owner only and written by no client', async () => {
    expect(await ana.get('notifications_seen/ana')).toBe(TEST_DATABASE_NOW - 1);
    expect(await canRead(ben, 'notifications_seen/ana')).toBe(false);
    expect(await canRead(db.anonymous, 'notifications_seen/ana')).toBe(false);
    expect(await allowed(ana.put('notifications_seen/ana', TEST_DATABASE_NOW + 1))).toBe(false);
    expect(await allowed(ben.put('notifications_seen/ana', 0))).toBe(false);
    expect(await db.server.get('notifications_seen/ana')).toBe(TEST_DATABASE_NOW - 1);
  });
});
