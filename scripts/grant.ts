// Makes a member a site editor (`admin.auth`), or takes it back, by their username:
//   node scripts/grant.ts admin <username> [--revoke] [--database-url URL] [--namespace NS]
// (`npm run grant -- admin <username>`). How the first editor comes to be in production: no client can
// write `admin`, and the editors' API needs an editor, so someone with the database's credential runs
// this. Same database defaults as the importer (the local emulator).

import { parseArgs } from 'node:util';
import { z } from 'zod';
import { userSectionNode, usernameClaimPath } from '../shared/rtdb/paths.ts';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import { connect } from './import-connection.ts';

const USAGE = 'usage: npm run grant -- admin <username> [--revoke] [--database-url URL] [--namespace NS]\n';

/** A username as sign-up takes them. */
const usernameSchema = z.string().regex(/^[A-Za-z0-9_]{1,30}$/);

/**
 * Sets `admin.auth` of the member holding `username` (their username claim) to `grant`, in one PATCH.
 * Answers their uid, or null when no member has that username.
 */
export async function setEditor(db: RtdbClient, username: string, grant: boolean): Promise<string | null> {
  const uid = await db.read(usernameClaimPath(username), z.string());
  if (uid === null) return null;
  await db.patch('', userSectionNode(uid, 'admin').merge({ auth: grant }));
  return uid;
}

export async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        revoke: { type: 'boolean', default: false },
        'database-url': { type: 'string' },
        namespace: { type: 'string' },
      },
    });
  } catch {
    process.stderr.write(USAGE);
    return 2;
  }
  const [role, username, ...rest] = parsed.positionals;
  if (role !== 'admin' || !usernameSchema.safeParse(username).success || rest.length > 0 || !username) {
    process.stderr.write(USAGE);
    return 2;
  }
  const grant = !parsed.values.revoke;
  try {
    const client = connect({
      databaseUrl: parsed.values['database-url'],
      namespace: parsed.values.namespace,
    });
    const uid = await setEditor(client, username, grant);
    if (uid === null) {
      process.stderr.write(`no member has the username ${username}\n`);
      return 1;
    }
    process.stdout.write(`${username} ${grant ? 'is now an editor' : 'is no longer an editor'}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`grant failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
