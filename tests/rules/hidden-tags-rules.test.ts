import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_NOW } from '../integration/emulator-db.ts';
import { allowed, rulesDatabase } from './rules-database.ts';

// `users/{uid}/private/hiddenTags` under database.rules.json: the tags a member hides are theirs alone to
// read (the browse page reads them with the member's token), and no client writes them (the Worker does).

const db = rulesDatabase();

beforeAll(async () => {
  await db.server.patch('', { 'users/ana/private/hiddenTags': { horror: TEST_DATABASE_NOW } });
});

describe('a member’s hidden tags', () => {
  it('are read by the member', async () => {
    expect(await db.asUser('ana').get('users/ana/private/hiddenTags')).toEqual({ horror: TEST_DATABASE_NOW });
  });

  it('are read by nobody else', async () => {
    expect(await allowed(db.asUser('ben').get('users/ana/private/hiddenTags'))).toBe(false);
    expect(await allowed(db.anonymous.get('users/ana/private/hiddenTags/horror'))).toBe(false);
  });

  it('are written by no client, not even the member', async () => {
    expect(await allowed(db.asUser('ana').put('users/ana/private/hiddenTags/co-op', TEST_DATABASE_NOW))).toBe(
      false,
    );
    expect(await allowed(db.asUser('ana').patch('', { 'users/ana/private/hiddenTags/horror': null }))).toBe(
      false,
    );
    expect(await allowed(db.asUser('ben').put('users/ana/private/hiddenTags', null))).toBe(false);
    expect(await db.server.get('users/ana/private/hiddenTags')).toEqual({ horror: TEST_DATABASE_NOW });
  });
});
