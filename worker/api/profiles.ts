import { Hono } from 'hono';
import { z } from 'zod';
import { profilePath } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { profileSchema, profileUpdateRequestSchema } from '../../shared/schemas/profile.ts';
import { withRecordMeta } from '../../shared/schemas/record-meta.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { commitProfileUpdate } from '../../shared/transitions/profile.ts';
import { validate } from '../validate.ts';

const uidParams = z.object({ uid: recordIdSchema });

/** Profiles: anyone reads one (a disabled one is not found); only its owner changes it (PATCH). */
export const profilesApi = new Hono<AppEnv>()
  .get('/:uid', validate('param', uidParams), async (c) => {
    const { uid } = c.req.valid('param');
    const parsed = profileSchema.safeParse(await c.var.database.server.get(profilePath(uid)));
    if (!parsed.success || parsed.data.disabled)
      throw apiError(404, 'not-found', { message: 'No such profile.' });
    return c.json({ profile: withRecordMeta(parsed.data, { uuid: uid, root: 'profiles', type: 'profile' }) });
  })
  .patch(
    '/:uid',
    requireUser,
    validate('param', uidParams),
    validate('json', profileUpdateRequestSchema),
    async (c) => {
      const { uid } = c.req.valid('param');
      const user = c.var.user;
      if (uid !== user.uid)
        throw apiError(403, 'forbidden', { message: 'You can only change your own profile.' });
      await commitProfileUpdate(c.var.database.server, uid, c.req.valid('json'));
      const profile = profileSchema.parse(await c.var.database.server.get(profilePath(uid)));
      return c.json({ profile: withRecordMeta(profile, { uuid: uid, root: 'profiles', type: 'profile' }) });
    },
  );
