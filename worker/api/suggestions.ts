import { Hono } from 'hono';
import { suggestionRequestSchema } from '../../shared/schemas/suggestion.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { recordSocialAnalytics } from '../analytics/record-social-analytics.ts';
import { requireTarget } from './transition-http.ts';
import { commitSuggestion } from '../../shared/transitions/suggestion.ts';
import { validate } from '../validate.ts';

/** Answers to suggested games: PUT `/{gameId}` with `{ success: "yes" | "no" }`; one answer per user and game. */
export const suggestionsApi = new Hono<AppEnv>().put(
  '/:targetId',
  requireUser,
  memberWrites,
  validate('param', suggestionRequestSchema.pick({ targetId: true })),
  validate('json', suggestionRequestSchema.pick({ success: true })),
  async (c) => {
    const { targetId } = c.req.valid('param');
    const { success } = c.req.valid('json');
    const user = c.var.user;
    const db = c.var.database.server;
    await requireTarget(db, 'game', targetId);
    const outcome = await commitSuggestion(db, { uid: user.uid, targetId, success });
    c.executionCtx.waitUntil(
      recordSocialAnalytics(c.env, c.var.database, {
        event: 'pv_suggest',
        targetId,
        success,
        uid: user.uid,
      }).catch((error: unknown) => {
        console.error('Recording a suggestion event failed', error);
      }),
    );
    return c.json(outcome);
  },
);
