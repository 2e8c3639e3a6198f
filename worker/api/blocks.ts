import { Hono } from 'hono';
import { blockRequestSchema, REMOVABLE_BLOCK_KINDS } from '../../shared/schemas/block.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { userBlocksSchema } from '../../shared/schemas/user.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { commitBlocks, commitUnblocks } from '../../shared/transitions/block.ts';
import { validate } from '../validate.ts';

/**
 * The caller's blocks: GET lists them, POST blocks `{ kind, ids }` (`games`: not interested), DELETE
 * removes blocks of members and games. Ids must be non-empty.
 */
export const blocksApi = new Hono<AppEnv>()
  .use(requireUser, memberWrites)
  .get('/', async (c) => {
    const user = c.var.user;
    const blocks = await c.var.database
      .asUser(user.idToken)
      .read(userSectionNode(user.uid, 'private').child('blocks').path, userBlocksSchema);
    return c.json(blocks ?? userBlocksSchema.parse({}));
  })
  .post('/', validate('json', blockRequestSchema), async (c) => {
    const { kind, ids } = c.req.valid('json');
    const user = c.var.user;
    if (kind === 'users' && ids.includes(user.uid))
      throw apiError(400, 'invalid-input', { message: 'You cannot block yourself.' });
    await commitBlocks(c.var.database.server, user.uid, kind, ids);
    return c.json({ blocked: ids.length });
  })
  .delete('/', validate('json', blockRequestSchema), async (c) => {
    const { kind, ids } = c.req.valid('json');
    const user = c.var.user;
    if (!REMOVABLE_BLOCK_KINDS.includes(kind))
      throw apiError(400, 'invalid-input', { message: 'Only blocks of members and games can be removed.' });
    await commitUnblocks(c.var.database.server, user.uid, kind, ids);
    return c.json({ unblocked: ids.length });
  });
