import { suggestionOutcomeSchema, suggestionRequestSchema } from '../../shared/schemas/suggestion.ts';
import { recordSocialAnalyticsLater } from '../analytics/record-social-analytics.ts';
import { requireTarget } from './transition-http.ts';
import { commitSuggestion } from '../../shared/transitions/suggestion.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberWriteRoute } from './route-definition.ts';
import { notFound } from './route-failures.ts';

const answerSuggestion = memberWriteRoute({
  method: 'put',
  path: '/{targetId}',
  // The one-at-a-time game suggestions of the browse page: left out of the document.
  hide: true,
  summary: 'Answer a suggested game yes or no',
  request: {
    params: suggestionRequestSchema.pick({ targetId: true }),
    body: jsonBody(suggestionRequestSchema.pick({ success: true })),
  },
  responses: { 200: jsonAnswer(suggestionOutcomeSchema, 'The answer kept.') },
  refusals: [notFound('game')],
});

/** Answers to suggested games: PUT `/{gameId}` with `{ success: "yes" | "no" }`; one answer per user and game. */
export const suggestionsApi = apiRoutes().openapi(answerSuggestion, async (c) => {
  const { targetId } = c.req.valid('param');
  const { success } = c.req.valid('json');
  const user = c.var.user;
  const db = c.var.database.server;
  await requireTarget(db, 'game', targetId);
  const outcome = await commitSuggestion(db, { uid: user.uid, targetId, success });
  recordSocialAnalyticsLater(c, { event: 'pv_suggest', targetId, success, uid: user.uid });
  return c.json(outcome, 200);
});
