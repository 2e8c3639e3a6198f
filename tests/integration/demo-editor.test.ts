import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { demoMemberUid, seedMembers } from '../../seed/seed-members.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';

// The demo has one site editor (grace_lore, `"editor": true` in seed/demo/members.json), so the editor's
// page can be tried on the local stack; every other demo member is an ordinary member.
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
  await seedDemoData(db.server);
  await seedMembers(db.server);
});
afterAll(async () => {
  await db.close();
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
