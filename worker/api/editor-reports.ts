import { z } from 'zod';
import { postFeedId } from '../../shared/schemas/feed-id.ts';
import { readComment } from '../../shared/feed/read-posts.ts';
import { readOpenReports, readReportedItem } from '../../shared/reports/read-open-reports.ts';
import type { ReportOutcome } from '../../shared/schemas/report-reasons.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import { openReportNode, pendingReportsNode, postNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { postSchema } from '../../shared/schemas/post.ts';
import {
  openReportSchema,
  openReportsAnswerSchema,
  reportActionSchema,
  reportedItemParamsSchema,
  reportsHandledSchema,
} from '../../shared/schemas/report.ts';
import { planDeleteComment, planDeletePost } from '../../shared/transitions/post.ts';
import { planPreviewAfterRemoval } from '../../shared/transitions/preview-comments.ts';
import { announceCardChanged, announcePostDeleted } from '../queues/home-feed-announcements.ts';
import {
  planPostingBlock,
  planReportsHandled,
  reportItemKey,
  REPORTS_HANDLED_AT_ONCE,
} from '../../shared/transitions/report.ts';
import { apiError } from '../api-error.ts';
import { purgeFeedPage, type ChangedFeed } from '../feed-page-purge.ts';
import { editorRoute } from './role-route.ts';
import { apiRoutes, jsonAnswer, jsonBody } from './route-definition.ts';
import { notFound } from './route-failures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const pendingSchema = z.record(z.string(), z.number());

/** What removing a reported post or comment writes (the same plans as its author's delete), and its feed. */
async function planRemoval(
  db: RtdbClient,
  kind: 'post' | 'comment',
  itemId: string,
): Promise<{ plan: MultiPathUpdate; changed: ChangedFeed | null; announce?: (env: Env) => Promise<void> }> {
  if (kind === 'post') {
    const post = await db.read(postNode(itemId).path, postSchema);
    if (!post) return { plan: {}, changed: null };
    const feed = postFeedId(post);
    return {
      plan: planDeletePost(itemId, post),
      changed: post.targetType ? { feed: { type: post.targetType, id: post.targetUUID } } : null,
      // Its cards leave the home feeds, as when its author deletes it.
      ...(feed === null
        ? {}
        : {
            announce: (env: Env) =>
              announcePostDeleted(env, { postId: itemId, feed, author: post.sourceUUID }),
          }),
    };
  }
  const comment = await readComment(db, itemId);
  if (!comment) return { plan: {}, changed: null };
  const post = await db.read(postNode(comment.postUUID).path, postSchema);
  // The next newest comment takes its place among the post's preview copies, in the same PATCH.
  const preview = post ? await planPreviewAfterRemoval(db, comment.postUUID, itemId, post) : {};
  return {
    plan: {
      ...planDeleteComment(itemId, comment, post?.sourceUUID ?? null, post ? postFeedId(post) : null),
      ...preview,
    },
    changed: post?.targetType ? { feed: { type: post.targetType, id: post.targetUUID } } : null,
    // Its post's home-feed cards show it no more.
    announce: (env: Env) => announceCardChanged(env, { postId: comment.postUUID }),
  };
}

const openReports = editorRoute({
  method: 'get',
  path: '/',
  hide: true,
  summary:
    'The items with open reports, the most recently reported first, each with its reports and in context',
  responses: { 200: jsonAnswer(openReportsAnswerSchema, 'The queue.') },
});

const handleReports = editorRoute({
  method: 'post',
  path: '/{kind}/{itemId}',
  hide: true,
  summary: 'Removes the reported post or comment, dismisses its reports, or stops its author from posting',
  description: 'For 1, 7 or 30 days; every open report of the item is resolved and its reporter told.',
  request: { params: reportedItemParamsSchema, body: jsonBody(reportActionSchema) },
  responses: { 200: jsonAnswer(reportsHandledSchema, 'What was done, and how many reports it resolved.') },
  refusals: [
    {
      status: 400,
      code: 'invalid-input',
      when: 'An editor asks to remove a member’s page.',
      message: 'A member’s page cannot be removed: stop them from posting instead.',
    },
    notFound('open report', 'There are no open reports about this.'),
    {
      ...notFound('item', 'This is gone: dismiss its reports instead.'),
      when: 'A block of an item now gone.',
    },
  ],
});

/**
 * The editors' reports (mounted under /editor; each an editor route, worker/api/role-route.ts): GET the
 * queue of reported items, newest report first, each in context; POST an action on one item's open
 * reports: `remove` the post or comment (the very plans its author's delete makes, so counts and indexes
 * stay exact), `dismiss` them, or `block` its author from posting for 1, 7 or 30 days. Every open report
 * of the item (up to REPORTS_HANDLED_AT_ONCE; more stay queued) is resolved and its reporter told, in the
 * same PATCH as the removal or the block.
 */
export const editorReportsApi = apiRoutes()
  .openapi(openReports, async (c) => c.json({ reports: await readOpenReports(c.var.database.server) }, 200))
  .openapi(handleReports, async (c) => {
    const { kind, itemId } = c.req.valid('param');
    const action = c.req.valid('json');
    const db = c.var.database.server;
    if (action.action === 'remove' && kind === 'user')
      throw apiError(400, 'invalid-input', {
        message: 'A member’s page cannot be removed: stop them from posting instead.',
      });
    const key = reportItemKey(kind, itemId);
    const [open, pending, item] = await Promise.all([
      db.read(openReportNode(key).path, openReportSchema),
      db.query(
        pendingReportsNode(key).path,
        { orderBy: '$value', limitToFirst: REPORTS_HANDLED_AT_ONCE },
        pendingSchema,
      ),
      readReportedItem(db, kind, itemId),
    ]);
    if (!open) throw apiError(404, 'not-found', { message: 'There are no open reports about this.' });
    const reporters = Object.keys(pending ?? {});
    // What the reporters' notification quotes: the post's or comment's words, or the member's name.
    const about = (kind === 'user' ? item?.author.username : item?.text) ?? 'something that is gone';

    let plan: MultiPathUpdate = {};
    let outcome: ReportOutcome = 'dismissed';
    let changed: ChangedFeed | null = null;
    let announce: ((env: Env) => Promise<void>) | undefined;
    let blockedUntil: number | null = null;
    if (action.action === 'remove' && kind !== 'user') {
      const removal = await planRemoval(db, kind, itemId);
      ({ plan, changed, announce } = removal);
      outcome = 'removed';
    } else if (action.action === 'block') {
      if (!item) throw apiError(404, 'not-found', { message: 'This is gone: dismiss its reports instead.' });
      blockedUntil = c.var.clock() + action.days * DAY_MS;
      plan = planPostingBlock(item.author.uid, blockedUntil);
      outcome = 'blocked';
    }
    await db.patch('', {
      ...plan,
      ...planReportsHandled(open, reporters, outcome, about, reporters.length < REPORTS_HANDLED_AT_ONCE),
    });
    if (changed) purgeFeedPage(c, changed);
    if (announce) c.executionCtx.waitUntil(announce(c.env));
    return c.json({ kind, itemId, outcome, resolved: reporters.length, blockedUntil }, 200);
  });
