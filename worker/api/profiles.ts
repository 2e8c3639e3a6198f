import { Hono } from 'hono';
import { z } from 'zod';
import { readRecord } from '../../shared/records/read-records.ts';
import { PROFILE } from '../../shared/records/record-kinds.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { profileUpdateRequestSchema } from '../../shared/schemas/profile.ts';
import { apiError, databaseUnavailable } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { commitProfileUpdate } from '../../shared/transitions/profile.ts';
import { validate } from '../validate.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';

const uidParams = z.object({ uid: recordIdSchema });

/** Profiles: anyone reads one (a disabled one is not found); only its owner changes it (PATCH). */
export const profilesApi = new Hono<AppEnv>()
  .get('/:uid', validate('param', uidParams), async (c) => {
    const { uid } = c.req.valid('param');
    const profile = await readRecord(c.var.database.server, PROFILE, uid);
    if (!profile || profile.disabled) throw apiError(404, 'not-found', { message: 'No such profile.' });
    return c.json({ profile });
  })
  .patch(
    '/:uid',
    requireUser,
    limitMemberWrites,
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
