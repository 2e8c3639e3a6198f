import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { demoMemberUid, seedMembers } from '../../seed/seed-members.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';

// The demo has one developer account (dev_metroid, seed/demo/members.json), so a developer's dashboard
// and their games' pages can be tried on the local stack; every other demo member is an ordinary member.
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
