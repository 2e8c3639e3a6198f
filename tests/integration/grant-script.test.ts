import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../emulator/index.ts';
import { startTestDatabase, type TestDatabase } from './emulator-db.ts';
import { main } from '../../scripts/grant.ts';

// `npm run grant -- admin <username> [--revoke]`: how a site editor comes to be in production, where no
// client may write `admin` (the rules) and the editors' API needs an editor already.
let db: TestDatabase;
let grant: (args: string[]) => Promise<number>;
beforeAll(async () => {
  db = await startTestDatabase();
  await db.server.patch('', {
    'users/u-rosa/public/username': 'rosa_reads',
    'users/u-rosa/admin/auth': false,
    'usernames/rosa_reads': 'u-rosa',
  });
  grant = (args) => main([...args, '--database-url', db.emulator.url, '--namespace', DEFAULT_NAMESPACE]);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await db.close();
});

describe('npm run grant', () => {
  it('makes a member an editor by their username (any case), and --revoke takes it back', async () => {
    expect(await grant(['admin', 'Rosa_Reads'])).toBe(0);
    expect(await db.server.get('users/u-rosa/admin/auth')).toBe(true);
    expect(await grant(['admin', 'rosa_reads', '--revoke'])).toBe(0);
    expect(await db.server.get('users/u-rosa/admin/auth')).toBe(false);
  });

  it('fails for a username no one has, and for anything but `admin <username>`, writing nothing', async () => {
    expect(await grant(['admin', 'nobody_here'])).toBe(1);
    for (const args of [
      [],
      ['admin'],
      ['developer', 'rosa_reads'],
      ['admin', 'rosa/../x'],
      ['admin', 'a', 'b'],
    ])
      expect(await grant(args), args.join(' ')).toBe(2);
    expect(await grant(['admin', 'rosa_reads', '--everyone'])).toBe(2);
    expect(await db.server.get('users/u-rosa/admin/auth')).toBe(false);
    expect(await db.server.get('users/nobody_here')).toBeNull();
  });
});
