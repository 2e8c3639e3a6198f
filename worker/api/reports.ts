import { Hono } from 'hono';
import { reportRequestSchema } from '../../shared/schemas/report.ts';
import { commitReport, readOwnReport, reportedAuthor } from '../../shared/transitions/report.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { validate } from '../validate.ts';

const WHAT: Record<'post' | 'comment' | 'user', string> = {
  post: 'post',
  comment: 'comment',
  user: 'member',
};

/**
 * Reports (issue 21): POST a report of a post, a comment or a member, for the editors (worker/api/editor-
 * reports.ts). The reporter is the verified token's uid, never a field of the body, and must be a member
 * (memberWrites: an account never registered cannot flood the editors' queue); reports count among the
 * member's and the address's writes. A member reports an item once: a repeat answers 200 with the
 * report they made (open or handled), the first answers 201. Nobody reports what they wrote themself.
 */
export const reportsApi = new Hono<AppEnv>().post(
  '/',
  requireUser,
  memberWrites,
  validate('json', reportRequestSchema),
  async (c) => {
    const request = c.req.valid('json');
    const uid = c.var.user.uid;
    const db = c.var.database.server;
    // The item's author and the member's own report, read in one round.
    const [author, existing] = await Promise.all([
      reportedAuthor(db, request.kind, request.itemId),
      readOwnReport(db, uid, request.kind, request.itemId),
    ]);
    if (author === null) throw apiError(404, 'not-found', { message: `No such ${WHAT[request.kind]}.` });
    if (author === uid)
      throw apiError(400, 'invalid-input', {
        message:
          request.kind === 'user'
            ? 'You cannot report yourself.'
            : `You cannot report your own ${request.kind}.`,
      });
    const answer = await commitReport(db, uid, request, existing, c.var.clock());
    return c.json(answer, answer.created ? 201 : 200);
  },
);
