import { Hono } from 'hono';
import { z } from 'zod';
import { voteNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { castVoteRequestSchema, voteSchema } from '../../shared/schemas/vote.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { commitVote } from '../../shared/transitions/vote.ts';
import { validate } from '../validate.ts';

const typeParams = z.object({ voteType: recordIdSchema });

/** The caller's one vote per type: GET it, PUT `{ targetId, lock? }` to cast or change it (not once locked). */
export const votesApi = new Hono<AppEnv>()
  .use(requireUser, memberWrites)
  .get('/:voteType', validate('param', typeParams), async (c) => {
    const user = c.var.user;
    const vote = await c.var.database
      .asUser(user.idToken)
      .read(voteNode(c.req.valid('param').voteType, user.uid).path, voteSchema);
    return c.json({ vote });
  })
  .put('/:voteType', validate('param', typeParams), validate('json', castVoteRequestSchema), async (c) => {
    const user = c.var.user;
    const { targetId, lock } = c.req.valid('json');
    const outcome = await commitVote(c.var.database.server, {
      uid: user.uid,
      voteType: c.req.valid('param').voteType,
      targetId,
      lock,
    });
    if (outcome.kind === 'locked')
      throw apiError(409, 'vote-locked', { message: 'This vote is locked and cannot change.' });
    return c.json({ vote: outcome.vote });
  });
