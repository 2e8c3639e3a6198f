import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { demoMemberUid, seedMembers } from '../../seed/seed-members.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';

// The demo's accounts with a role, so that each role's pages can be tried on the local stack
// (seed/demo/members.json): one developer (dev_metroid), one site editor (grace_lore, `"editor": true`);
// every other demo member is an ordinary member.
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
  await seedDemoData(db.server);
  await seedMembers(db.server);
});
afterAll(async () => {
  await db.close();
});

describe('the demo developer', () => {
  it('is a developer account of its two games, and the others are not developers', async () => {
    const dev = demoMemberUid('dev_metroid');
    expect(await db.server.get(`users/${dev}/readOnly/isDeveloper`)).toBe(true);
    expect(await db.server.get(`users/${dev}/developer/developerGames`)).toEqual({
      cuphead: true,
      'hollow-knight-silksong': true,
    });
    expect(await db.server.get('games/cuphead/name')).toBe('Cuphead');
    const ana = demoMemberUid('ana_roguelites');
    expect(await db.server.get(`users/${ana}/readOnly/isDeveloper`)).toBe(false);
    expect(await db.server.get(`users/${ana}/developer/developerGames`)).toBeNull();
  });
});

describe('the demo editor', () => {
  it('is an editor, and the others are not', async () => {
    expect(await db.server.get(`users/${demoMemberUid('grace_lore')}/admin/auth`)).toBe(true);
    expect(await db.server.get(`users/${demoMemberUid('ana_roguelites')}/admin/auth`)).toBe(false);
    // Seeding again keeps it.
    await seedMembers(db.server);
    expect(await db.server.get(`users/${demoMemberUid('grace_lore')}/admin/auth`)).toBe(true);
  });
});
