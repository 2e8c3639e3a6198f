import type { WriteValue } from '../../shared/rtdb/multi-path-update.ts';
import { SOCIAL_ROOTS } from '../../shared/rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../../shared/rtdb/server-values.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Database } from '../database.ts';

/** The social analytics events of the spec (section 7). */
export type SocialAnalyticsEvent = 'pv_follow' | 'pv_unfollow' | 'pv_suggest';

export interface SocialAnalytics {
  event: SocialAnalyticsEvent;
  targetId: string;
  /** Whether the action succeeded (for pv_suggest: the answer, yes or no). */
  success: boolean | string;
  uid: string;
}

/**
 * Records one analytics event: in production a data point in the Analytics Engine dataset the page
 * views use (first blob: the event name), locally a record in `logs/analytics` that tests can read.
 */
export async function recordSocialAnalytics(
  env: Env,
  database: Database,
  analytics: SocialAnalytics,
): Promise<void> {
  if (env.ANALYTICS_SINK === 'analytics-engine') {
    env.PAGE_VIEWS.writeDataPoint({
      blobs: [analytics.event, analytics.targetId, analytics.uid, String(analytics.success)],
      doubles: [1],
      indexes: [analytics.event],
    });
    return;
  }
  const entry: WriteValue<SocialAnalytics & { timestamp: number }> = {
    ...analytics,
    timestamp: SERVER_TIMESTAMP,
  };
  await database.server.post(SOCIAL_ROOTS.analyticsLogs, entry);
}

/**
 * Records one analytics event of the request in `c` once its answer is sent (waitUntil): a failure to
 * record is logged and never the member's, whose act stands. Follows and suggestion answers record so.
 */
export function recordSocialAnalyticsLater(
  c: Pick<Context<AppEnv>, 'env' | 'executionCtx' | 'var'>,
  analytics: SocialAnalytics,
): void {
  c.executionCtx.waitUntil(
    recordSocialAnalytics(c.env, c.var.database, analytics).catch((error: unknown) => {
      console.error(`Recording a ${analytics.event} event failed`, error);
    }),
  );
}
