import { beforeAll, describe, expect, it } from 'vitest';
import { allowed, rulesDatabase } from './rules-database.ts';

// Members' reports (issue 21) under database.rules.json: what a member reported, and about whom, is read
// by nobody but the editors, and they read it through the Worker's API (worker/api/editor-reports.ts),
// which checks `admin.auth` and reads with the server credential. No client reads or writes reports
// directly: not the reporter, not the member reported, not an editor's own session.

const db = rulesDatabase();

const REPORT = { reason: 'spam', words: 'Selling gold.', timestamp: 1 };
const OPEN = { kind: 'post', itemId: 'p1', latest: 1 };

beforeAll(async () => {
  await db.server.patch('', {
    'users/edna/admin/auth': true,
    'posts/p1': {
      uuid: 'p1',
      targetUUID: 'troll',
      targetType: 'user',
      sourceUUID: 'troll',
      content: 'x',
      likes: 0,
      timestamp: 1,
    },
    'reports/post:p1/ana': REPORT,
    'reports_open/post:p1': OPEN,
    'reports_pending/post:p1/ana': 1,
  });
});

describe('reports', () => {
  it('are read and queried by the server (the editors’ API), newest first', async () => {
    expect(await db.server.get('reports/post:p1/ana')).toEqual(REPORT);
    expect(await db.server.get('reports_open', { orderBy: 'latest', limitToLast: 20 })).toEqual({
      'post:p1': OPEN,
    });
    expect(await db.server.get('reports_pending/post:p1', { orderBy: '$value', limitToFirst: 100 })).toEqual({
      ana: 1,
    });
  });

  it('are read by no client: not the reporter, not the member reported, not an editor, not a visitor', async () => {
    for (const client of [db.asUser('ana'), db.asUser('troll'), db.asUser('edna'), db.anonymous]) {
      expect(await allowed(client.get('reports/post:p1/ana'))).toBe(false);
      expect(await allowed(client.get('reports/post:p1'))).toBe(false);
      expect(await allowed(client.get('reports'))).toBe(false);
      expect(await allowed(client.get('reports_open', { orderBy: 'latest', limitToLast: 20 }))).toBe(false);
      expect(await allowed(client.get('reports_pending/post:p1'))).toBe(false);
    }
  });

  it('are written by no client: a report, its withdrawal or a forged one all go through the API', async () => {
    const ana = db.asUser('ana');
    expect(await allowed(ana.put('reports/post:p1/ana', null))).toBe(false);
    expect(await allowed(ana.put('reports/post:p1/ben', REPORT))).toBe(false);
    expect(await allowed(ana.patch('', { 'reports_open/post:p1': null }))).toBe(false);
    expect(await allowed(db.asUser('edna').put('reports_open/post:p1', null))).toBe(false);
    expect(await allowed(db.asUser('troll').put('reports_pending/post:p1/ana', null))).toBe(false);
    expect(await db.server.get('reports/post:p1')).toEqual({ ana: REPORT });
    expect(await db.server.get('reports_open/post:p1')).toEqual(OPEN);
  });

  it('a posting block is read and written by no client, the member blocked included', async () => {
    await db.server.put('users/troll/admin/postingBlockedUntil', 2_000_000_000_000);
    expect(await allowed(db.asUser('troll').get('users/troll/admin/postingBlockedUntil'))).toBe(false);
    expect(await allowed(db.asUser('troll').put('users/troll/admin/postingBlockedUntil', null))).toBe(false);
    expect(await db.server.get('users/troll/admin/postingBlockedUntil')).toBe(2_000_000_000_000);
  });
});
