import { Hono } from 'hono';
import { z } from 'zod';
import {
  countUnread,
  notificationCursorSchema,
  readNotificationsPage,
  readSeenUpTo,
} from '../../shared/notifications/read-notifications.ts';
import { notificationSchema } from '../../shared/notifications/notification-record.ts';
import { notificationsPath, notificationsSeenNode } from '../../shared/rtdb/paths.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { validate } from '../validate.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';

/** The body of PUT /seen: the time of the newest notification the member has been shown. */
const seenRequestSchema = z.object({ upTo: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) });

const newestSchema = z.record(z.string(), z.looseObject({ timestamp: notificationSchema.shape.timestamp }));

/** Notifications read to know the newest one's time, which "seen" may not pass: only that one. */
const NEWEST_NOTIFICATION_READ = 1;

/**
 * The caller's own notifications (never anyone else's: no route names a member, and the reads go as the
 * caller, so the rules refuse another's): GET a page newest first (`?cursor=` the page before's `next`),
 * GET `/unread` the count for the header's bell, PUT `/seen` the "seen up to" mark. The mark only moves
 * forward and never past the newest notification there is, so a forged future time cannot hide the
 * notifications still to come.
 */
export const notificationsApi = new Hono<AppEnv>()
  .get(
    '/',
    requireUser,
    validate('query', z.object({ cursor: notificationCursorSchema.optional() })),
    async (c) => {
      const user = c.var.user;
      const asMember = c.var.database.asUser(user.idToken);
      const [page, unread] = await Promise.all([
        readNotificationsPage(asMember, user.uid, c.req.valid('query').cursor ?? null),
        countUnread(asMember, user.uid),
      ]);
      return c.json({ ...page, unread });
    },
  )
  .get('/unread', requireUser, async (c) => {
    const user = c.var.user;
    return c.json({ unread: await countUnread(c.var.database.asUser(user.idToken), user.uid) });
  })
  .put('/seen', requireUser, limitMemberWrites, validate('json', seenRequestSchema), async (c) => {
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
    return c.json({ seenUpTo, unread: await countUnread(asMember, user.uid) });
  });
