import { ROOTS } from '../../shared/rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../../shared/rtdb/server-values.ts';
import type { PageView } from '../../shared/schemas/page-view.ts';
import type { Database } from '../database.ts';

/** Where page views of the local stack land, for developers and tests to read. */
export const LOCAL_PAGE_VIEWS_PATH = `${ROOTS.logs}/page_views`;

/**
 * Records one page view: in production a data point in the Workers Analytics Engine dataset
 * (https://developers.cloudflare.com/analytics/analytics-engine/), locally a record in the database.
 */
export async function recordPageView(
  env: Env,
  database: Database,
  view: PageView,
  country: string | undefined,
): Promise<void> {
  if (env.ANALYTICS_SINK === 'analytics-engine') {
    env.PAGE_VIEWS.writeDataPoint({
      blobs: [view.path, country ?? ''],
      doubles: [1],
      indexes: [view.path.slice(0, 96)],
    });
    return;
  }
  await database.server.post(LOCAL_PAGE_VIEWS_PATH, { path: view.path, timestamp: SERVER_TIMESTAMP });
}
