import { beforeAll, describe, expect, it } from 'vitest';
import { allowed, rulesDatabase } from './rules-database.ts';

// What site editors change (issue 13) under database.rules.json: the home page's highlights, the curated
// lists and their summaries, developer status, the editor flag itself and the logs. No client writes any
// of it, an editor included: an editor's edits go through the Worker's API (worker/api/editor.ts), which
// checks `admin.auth` with the server credential and writes as the server. The public parts stay readable.

const db = rulesDatabase();

const LIST = { code: 'picks', name: 'Picks', games: { c01: { name: 'All', games: { hades: 1 } } } };

beforeAll(async () => {
  await db.server.patch('', {
    'users/edna/admin/auth': true,
    'users/mo/admin/auth': false,
    'highlights/home': { games: { hades: 1 } },
    'lists/picks': LIST,
    'lists-public/picks': { name: 'Picks', game_count: 1 },
    'logs/analytics/-A1': { event: 'pv_follow', targetId: 'hades', uid: 'mo', success: true, timestamp: 1 },
  });
});

describe('what editors curate', () => {
  it('is read by anyone where pages show it', async () => {
    expect(await db.anonymous.get('highlights/home')).toEqual({ games: { hades: 1 } });
    expect(await db.anonymous.get('lists/picks')).toEqual(LIST);
    expect(await db.anonymous.get('lists-public/picks')).toEqual({ name: 'Picks', game_count: 1 });
  });

  it('is written by no client directly, not even an editor (the API does it)', async () => {
    for (const uid of ['edna', 'mo']) {
      const client = db.asUser(uid);
      expect(await allowed(client.put('highlights/home', { games: { celeste: 1 } })), uid).toBe(false);
      expect(await allowed(client.patch('', { 'lists/picks/name': 'Mine' })), uid).toBe(false);
      expect(await allowed(client.put('lists/new-list', { ...LIST, code: 'new-list' })), uid).toBe(false);
      expect(await allowed(client.put('lists-public/picks/game_count', 99)), uid).toBe(false);
    }
    expect(await allowed(db.anonymous.put('highlights/home', null))).toBe(false);
    expect(await db.server.get('highlights/home')).toEqual({ games: { hades: 1 } });
    expect(await db.server.get('lists/picks')).toEqual(LIST);
  });

  it('developer status and the editor flag are granted by no client', async () => {
    for (const uid of ['edna', 'mo']) {
      const client = db.asUser(uid);
      expect(await allowed(client.put('users/mo/readOnly/isDeveloper', true)), uid).toBe(false);
      expect(await allowed(client.put('users/mo/developer/developerGames', { hades: true })), uid).toBe(
        false,
      );
      expect(await allowed(client.put(`users/${uid}/admin/auth`, true)), uid).toBe(false);
    }
    expect(await db.server.get('users/mo/readOnly/isDeveloper')).toBeNull();
    expect(await db.server.get('users/mo/admin/auth')).toBe(false);
  });

  it('the editor flag and the logs are read by no client (the API reads them as the server)', async () => {
    expect(await allowed(db.asUser('edna').get('users/edna/admin/auth'))).toBe(false);
    expect(await allowed(db.asUser('edna').get('logs/analytics'))).toBe(false);
    expect(await allowed(db.anonymous.get('logs'))).toBe(false);
  });
});
