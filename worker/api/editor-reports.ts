import { Hono } from 'hono';
import { z } from 'zod';
import { postFeedId } from '../../shared/feed/feed-id.ts';
import { readComment } from '../../shared/records/read-posts.ts';
import { readOpenReports, readReportedItem } from '../../shared/reports/read-open-reports.ts';
import type { ReportOutcome } from '../../shared/reports/report-reasons.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import { openReportNode, pendingReportsNode, postNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { postSchema } from '../../shared/schemas/post.ts';
import {
  openReportSchema,
  reportActionSchema,
  reportedItemParamsSchema,
} from '../../shared/schemas/report.ts';
import { planDeleteComment, planDeletePost } from '../../shared/transitions/post.ts';
import {
  planPostingBlock,
  planReportsHandled,
  reportItemKey,
  REPORTS_HANDLED_AT_ONCE,
} from '../../shared/transitions/report.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { purgeFeedPage, type ChangedFeed } from '../feed-page-purge.ts';
import { validate } from '../validate.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const pendingSchema = z.record(z.string(), z.number());

/** What removing a reported post or comment writes (the same plans as its author's delete), and its feed. */
async function planRemoval(
  db: RtdbClient,
  kind: 'post' | 'comment',
  itemId: string,
): Promise<{ plan: MultiPathUpdate; changed: ChangedFeed | null }> {
  if (kind === 'post') {
    const post = await db.read(postNode(itemId).path, postSchema);
    if (!post) return { plan: {}, changed: null };
    return {
      plan: planDeletePost(itemId, post),
      changed: post.targetType ? { feed: { type: post.targetType, id: post.targetUUID } } : null,
    };
  }
  const comment = await readComment(db, itemId);
  if (!comment) return { plan: {}, changed: null };
  const post = await db.read(postNode(comment.postUUID).path, postSchema);
  return {
    plan: planDeleteComment(itemId, comment, post?.sourceUUID ?? null, post ? postFeedId(post) : null),
    changed: post?.targetType ? { feed: { type: post.targetType, id: post.targetUUID } } : null,
  };
}

/**
 * The editors' reports (mounted under /editor, behind its requireRole('admin') and write limit): GET the
 * queue of reported items, newest report first, each in context; POST an action on one item's open
 * reports: `remove` the post or comment (the very plans its author's delete makes, so counts and indexes
 * stay exact), `dismiss` them, or `block` its author from posting for 1, 7 or 30 days. Every open report
 * of the item (up to REPORTS_HANDLED_AT_ONCE; more stay queued) is resolved and its reporter told, in the
 * same PATCH as the removal or the block.
 */
export const editorReportsApi = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ reports: await readOpenReports(c.var.database.server) }))
  .post(
    '/:kind/:itemId',
    validate('param', reportedItemParamsSchema),
    validate('json', reportActionSchema),
    async (c) => {
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
      let blockedUntil: number | null = null;
      if (action.action === 'remove' && kind !== 'user') {
        const removal = await planRemoval(db, kind, itemId);
        ({ plan, changed } = removal);
        outcome = 'removed';
      } else if (action.action === 'block') {
        if (!item)
          throw apiError(404, 'not-found', { message: 'This is gone: dismiss its reports instead.' });
        blockedUntil = c.var.clock() + action.days * DAY_MS;
        plan = planPostingBlock(item.author.uid, blockedUntil);
        outcome = 'blocked';
      }
      await db.patch('', {
        ...plan,
        ...planReportsHandled(open, reporters, outcome, about, reporters.length < REPORTS_HANDLED_AT_ONCE),
      });
      if (changed) purgeFeedPage(c, changed);
      return c.json({ kind, itemId, outcome, resolved: reporters.length, blockedUntil });
    },
  );
