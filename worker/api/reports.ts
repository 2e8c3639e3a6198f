import { reportOutcomeAnswerSchema, reportRequestSchema } from '../../shared/schemas/report.ts';
import { commitReport, readOwnReport, reportedAuthor } from '../../shared/transitions/report.ts';
import { apiError } from '../api-error.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberWriteRoute } from './route-definition.ts';
import { notFound } from './route-failures.ts';

const WHAT: Record<'post' | 'comment' | 'user', string> = {
  post: 'post',
  comment: 'comment',
  user: 'member',
};

const report = memberWriteRoute({
  method: 'post',
  path: '/',
  hide: true,
  summary: 'Reports a post, comment or member to the editors',
  description: 'A member reports an item once: a repeat answers 200 with the report they made.',
  request: { body: jsonBody(reportRequestSchema) },
  responses: {
    200: jsonAnswer(reportOutcomeAnswerSchema, 'The member reported this before: their report.'),
    201: jsonAnswer(reportOutcomeAnswerSchema, 'The report made.'),
  },
  refusals: [
    {
      status: 400,
      code: 'invalid-input',
      when: 'The member reports what they wrote, or themself.',
      message: 'You cannot report your own post.',
    },
    notFound('item', 'No such post.'),
  ],
});

/**
 * Reports (issue 21): POST a report of a post, a comment or a member, for the editors (worker/api/editor-
 * reports.ts). The reporter is the verified token's uid, never a field of the body, and must be a member
 * (memberWrites: an account never registered cannot flood the editors' queue); reports count among the
 * member's and the address's writes. A member reports an item once: a repeat answers 200 with the
 * report they made (open or handled), the first answers 201. Nobody reports what they wrote themself.
 */
export const reportsApi = apiRoutes().openapi(report, async (c) => {
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
  return answer.created ? c.json(answer, 201) : c.json(answer, 200);
});
