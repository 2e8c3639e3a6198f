import { z } from 'zod';
import { voteNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import {
  castVoteAnswerSchema,
  castVoteRequestSchema,
  voteAnswerSchema,
  voteSchema,
} from '../../shared/schemas/vote.ts';
import { apiError } from '../api-error.ts';
import { commitVote } from '../../shared/transitions/vote.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberRoute, memberWriteRoute } from './route-definition.ts';

const typeParams = z.object({ voteType: recordIdSchema });

// Votes on the site's own pages: left out of the document.

const ownVote = memberRoute({
  method: 'get',
  path: '/{voteType}',
  hide: true,
  summary: 'The caller’s vote of a type',
  request: { params: typeParams },
  responses: { 200: jsonAnswer(voteAnswerSchema, 'The vote, or null.') },
});

const castVote = memberWriteRoute({
  method: 'put',
  path: '/{voteType}',
  hide: true,
  summary: 'Cast or change one’s vote of a type',
  request: { params: typeParams, body: jsonBody(castVoteRequestSchema) },
  responses: { 200: jsonAnswer(castVoteAnswerSchema, 'The vote as it stands.') },
  refusals: [
    {
      status: 409,
      code: 'vote-locked',
      when: 'The caller locked their vote of this type.',
      message: 'This vote is locked and cannot change.',
    },
  ],
});

/** The caller's one vote per type: GET it, PUT `{ targetId, lock? }` to cast or change it (not once locked). */
export const votesApi = apiRoutes()
  .openapi(ownVote, async (c) => {
    const user = c.var.user;
    const vote = await c.var.database
      .asUser(user.idToken)
      .read(voteNode(c.req.valid('param').voteType, user.uid).path, voteSchema);
    return c.json({ vote }, 200);
  })
  .openapi(castVote, async (c) => {
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
    return c.json({ vote: outcome.vote }, 200);
  });
