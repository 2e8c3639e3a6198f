import { z } from 'zod';
import {
  countUnread,
  notificationCursorSchema,
  readNotificationsPage,
  readSeenUpTo,
} from '../../shared/notifications/read-notifications.ts';
import { notificationSchema } from '../../shared/schemas/notification-record.ts';
import {
  notificationsAnswerSchema,
  seenAnswerSchema,
  seenRequestSchema,
  unreadCountSchema,
} from '../../shared/notifications/notifications-answer.ts';
import { notificationsPath, notificationsSeenNode } from '../../shared/rtdb/paths.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberRoute } from './route-definition.ts';
import { TOO_MANY_WRITES } from './route-failures.ts';

const newestSchema = z.record(z.string(), z.looseObject({ timestamp: notificationSchema.shape.timestamp }));

/** Notifications read to know the newest one's time, which "seen" may not pass: only that one. */
const NEWEST_NOTIFICATION_READ = 1;

// Not in the public reference (the header's bell; it may be published once its shape settles): defined
// with `hide: true`, still validated and typing the browser's calls.

const notificationsPage = memberRoute({
  method: 'get',
  path: '/',
  hide: true,
  request: { query: z.object({ cursor: notificationCursorSchema.optional() }) },
  responses: { 200: jsonAnswer(notificationsAnswerSchema, 'A page of notifications, newest first.') },
});

const unreadCount = memberRoute({
  method: 'get',
  path: '/unread',
  hide: true,
  responses: { 200: jsonAnswer(unreadCountSchema, 'How many notifications the member has not seen.') },
});

// Counted among the member's writes, but open to any signed-in account (not only members, unlike
// memberWriteRoute's): it moves nothing anyone else sees, and the bell is the same for every account.
const markSeen = memberRoute({
  method: 'put',
  path: '/seen',
  hide: true,
  middleware: [limitMemberWrites],
  request: { body: jsonBody(seenRequestSchema) },
  responses: { 200: jsonAnswer(seenAnswerSchema, 'The mark as it now is, and what is still unread.') },
  refusals: [TOO_MANY_WRITES],
});

/**
 * The caller's own notifications (never anyone else's: no route names a member, and the reads go as the
 * caller, so the rules refuse another's): GET a page newest first (`?cursor=` the page before's `next`),
 * GET `/unread` the count for the header's bell, PUT `/seen` the "seen up to" mark. The mark only moves
 * forward and never past the newest notification there is, so a forged future time cannot hide the
 * notifications still to come.
 */
export const notificationsApi = apiRoutes()
  .openapi(notificationsPage, async (c) => {
    const user = c.var.user;
    const asMember = c.var.database.asUser(user.idToken);
    const [page, unread] = await Promise.all([
      readNotificationsPage(asMember, user.uid, c.req.valid('query').cursor ?? null),
      countUnread(asMember, user.uid),
    ]);
    return c.json({ ...page, unread }, 200);
  })
  .openapi(unreadCount, async (c) => {
    const user = c.var.user;
    return c.json({ unread: await countUnread(c.var.database.asUser(user.idToken), user.uid) }, 200);
  })
  .openapi(markSeen, async (c) => {
    const user = c.var.user;
    const asMember = c.var.database.asUser(user.idToken);
    const [seen, newest] = await Promise.all([
      readSeenUpTo(asMember, user.uid),
      asMember.query(
        notificationsPath(user.uid),
        { orderBy: 'timestamp', limitToLast: NEWEST_NOTIFICATION_READ },
        newestSchema,
      ),
    ]);
    const newestTime = Math.max(0, ...Object.values(newest ?? {}).map((entry) => entry.timestamp));
    const seenUpTo = Math.max(seen, Math.min(c.req.valid('json').upTo, newestTime));
    if (seenUpTo !== seen) await c.var.database.server.put(notificationsSeenNode(user.uid).path, seenUpTo);
    return c.json({ seenUpTo, unread: await countUnread(asMember, user.uid) }, 200);
  });
