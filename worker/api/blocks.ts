import {
  blockedAnswerSchema,
  blockRequestSchema,
  REMOVABLE_BLOCK_KINDS,
  unblockedAnswerSchema,
} from '../../shared/schemas/block.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { userBlocksSchema } from '../../shared/schemas/user.ts';
import { apiError } from '../api-error.ts';
import { commitBlocks, commitUnblocks } from '../../shared/transitions/block.ts';
import { announceUnfollow } from '../queues/home-feed-announcements.ts';
import { BEN, COMMENT_ID, COMMENTED_AT, POSTED_AT } from './route-examples.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberRoute, memberWriteRoute } from './route-definition.ts';
import { BUSY, notFound } from './route-failures.ts';

const blocksOfMember = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Blocks'],
  summary: 'Everything the caller blocked',
  description: 'By kind, each id with when it was blocked (`games`: not interested).',
  responses: {
    200: jsonAnswer(userBlocksSchema, 'The blocks.', {
      posts: {},
      comments: { [COMMENT_ID]: COMMENTED_AT },
      users: { [BEN]: POSTED_AT },
      games: {},
    }),
  },
});

const block = memberWriteRoute({
  method: 'post',
  path: '/',
  tags: ['Blocks'],
  summary: 'Block posts, comments, members or games',
  description:
    'Up to 50 ids of one kind at a time. Blocking a member ends follows both ways; blocking a game ' +
    'says “not interested”: its posts leave the home feed and it is never suggested again.',
  request: { body: jsonBody(blockRequestSchema, { kind: 'users', ids: [BEN] }) },
  responses: { 200: jsonAnswer(blockedAnswerSchema, 'How many ids were blocked.', { blocked: 1 }) },
  refusals: [
    {
      status: 400,
      code: 'invalid-input',
      when: 'A member asks to block themself.',
      message: 'You cannot block yourself.',
    },
    // The words name the kind asked for: "That user does not exist.", "That game does not exist."
    notFound('member, post, comment or game named', 'That user does not exist.'),
    BUSY,
  ],
});

// DELETE with a JSON body, as blocking: the ids to take back are many, and the same shape.
const unblock = memberWriteRoute({
  method: 'delete',
  path: '/',
  tags: ['Blocks'],
  summary: 'Take blocks of members or games back',
  description:
    'Only blocks of `users` and `games` can be taken back; blocked posts and comments stay hidden.',
  request: { body: jsonBody(blockRequestSchema, { kind: 'users', ids: [BEN] }) },
  responses: { 200: jsonAnswer(unblockedAnswerSchema, 'How many ids were unblocked.', { unblocked: 1 }) },
  refusals: [
    {
      status: 400,
      code: 'invalid-input',
      when: '`kind` is `posts` or `comments`.',
      message: 'Only blocks of members and games can be removed.',
    },
  ],
});

/**
 * The caller's blocks: GET lists them, POST blocks `{ kind, ids }` (`games`: not interested), DELETE
 * removes blocks of members and games. Ids must be non-empty.
 */
export const blocksApi = apiRoutes()
  .openapi(blocksOfMember, async (c) => {
    const user = c.var.user;
    const blocks = await c.var.database
      .asUser(user.idToken)
      .read(userSectionNode(user.uid, 'private').child('blocks').path, userBlocksSchema);
    return c.json(blocks ?? userBlocksSchema.parse({}), 200);
  })
  .openapi(block, async (c) => {
    const { kind, ids } = c.req.valid('json');
    const user = c.var.user;
    if (kind === 'users' && ids.includes(user.uid))
      throw apiError(400, 'invalid-input', { message: 'You cannot block yourself.' });
    const ended = await commitBlocks(c.var.database.server, user.uid, kind, ids, c.var.clock());
    // The follows the block ended leave home feeds as an unfollow's do (their delayed clean-up).
    for (const follow of ended) c.executionCtx.waitUntil(announceUnfollow(c.env, follow));
    return c.json({ blocked: ids.length }, 200);
  })
  .openapi(unblock, async (c) => {
    const { kind, ids } = c.req.valid('json');
    const user = c.var.user;
    if (!REMOVABLE_BLOCK_KINDS.includes(kind))
      throw apiError(400, 'invalid-input', { message: 'Only blocks of members and games can be removed.' });
    await commitUnblocks(c.var.database.server, user.uid, kind, ids);
    return c.json({ unblocked: ids.length }, 200);
  });
