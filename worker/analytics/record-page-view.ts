import type { WriteValue } from '../../shared/rtdb/multi-path-update.ts';
import { PAGE_VIEWS_LOG_PATH } from '../../shared/rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../../shared/rtdb/server-values.ts';
import type { PageView } from '../../shared/schemas/page-view.ts';
import type { Database } from '../database.ts';

/** A page view as the local stack logs it. */
interface PageViewLogEntry {
  path: string;
  timestamp: number;
}

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
  const entry: WriteValue<PageViewLogEntry> = { path: view.path, timestamp: SERVER_TIMESTAMP };
  await database.server.post(PAGE_VIEWS_LOG_PATH, entry);
}
