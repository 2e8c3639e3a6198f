import { Hono } from 'hono';
import { z } from 'zod';
import { readRecord } from '../../shared/records/read-records.ts';
import { PROFILE } from '../../shared/records/record-kinds.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { profileUpdateRequestSchema, type Profile } from '../../shared/schemas/profile.ts';
import { withRecordMeta } from '../../shared/schemas/record-meta.ts';
import { apiError, databaseUnavailable } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { commitProfileUpdate } from '../../shared/transitions/profile.ts';
import { validate } from '../validate.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';

const uidParams = z.object({ uid: recordIdSchema });

/**
 * The profile of a member who has not written one yet: empty, as their page shows it. Answered instead
 * of a 404 so that their own settings, which read it on every visit to /browse, ask for nothing that
 * fails (the browser would log each failure).
 */
async function emptyProfileOfMember(db: RtdbClient, uid: string): Promise<Profile | null> {
  const username = await db.read(userSectionNode(uid, 'public').child('username').path, z.string());
  if (!username) return null;
  const empty = PROFILE.schema.parse({ sourceUUID: uid });
  return withRecordMeta(empty, { uuid: uid, root: PROFILE.root, type: PROFILE.type });
}

/**
 * Profiles: anyone reads one (a member without one has an empty one; a disabled one, or a uid that is no
 * member, is not found); only its owner changes it (PATCH).
 */
export const profilesApi = new Hono<AppEnv>()
  .get('/:uid', validate('param', uidParams), async (c) => {
    const { uid } = c.req.valid('param');
    const db = c.var.database.server;
    const stored = await readRecord(db, PROFILE, uid);
    const profile = stored ?? (await emptyProfileOfMember(db, uid));
    if (!profile || profile.disabled) throw apiError(404, 'not-found', { message: 'No such profile.' });
    return c.json({ profile });
  })
  .patch(
    '/:uid',
    requireUser,
    memberWrites,
    validate('param', uidParams),
    validate('json', profileUpdateRequestSchema),
    async (c) => {
      const { uid } = c.req.valid('param');
      const user = c.var.user;
      if (uid !== user.uid)
        throw apiError(403, 'forbidden', { message: 'You can only change your own profile.' });
      await commitProfileUpdate(c.var.database.server, uid, c.req.valid('json'));
      const profile = await readRecord(c.var.database.server, PROFILE, uid);
      if (!profile) throw databaseUnavailable(`profile ${uid} unreadable right after its update`);
      // The member's page shows the profile: its edge copy goes, so the next view has the change.
      purgeFeedPage(c, { feed: { type: 'user', id: uid } });
      return c.json({ profile });
    },
  );
