import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ownerDatabase, testEnv } from '../test-support/test-database.ts';

async function sendPageView(env: Env, body: unknown) {
  const ctx = createExecutionContext();
  const response = await createApp().request(
    'http://questline.test/api/page-views',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function recordedPaths(env: Env): Promise<string[]> {
  const views = (await ownerDatabase(env).get('logs/page_views')) as Record<string, { path: string }> | null;
  return Object.values(views ?? {}).map((view) => view.path);
}

describe('page views', () => {
  it('records the path of a completed navigation in the local sink', async () => {
    const env = testEnv();
    const response = await sendPageView(env, { path: '/game/portal-2' });
    expect(response.status).toBe(204);
    expect(await recordedPaths(env)).toEqual(['/game/portal-2']);
  });

  it('refuses a path that is not one with a clear 400 and records nothing', async () => {
    const env = testEnv();
    for (const body of [{ path: 'https://elsewhere.example/' }, { path: '/a?b=c' }, { nope: true }, 'text']) {
      const response = await sendPageView(env, body);
      expect(response.status).toBe(400);
      const answer = await response.json<{ error: { code: string; fields?: Record<string, string> } }>();
      expect(answer.error.code).toBe('invalid-input');
    }
    expect(await recordedPaths(env)).toEqual([]);
  });

  it('writes a data point to the Analytics Engine dataset in production', async () => {
    // Test double: Workers Analytics Engine cannot be read back locally, so the binding records calls.
    const points: AnalyticsEngineDataPoint[] = [];
    const env = testEnv({
      ANALYTICS_SINK: 'analytics-engine',
      PAGE_VIEWS: {
        writeDataPoint: (point?: AnalyticsEngineDataPoint) => {
          if (point) points.push(point);
        },
      },
    });
    const response = await sendPageView(env, { path: '/game/hades' });
    expect(response.status).toBe(204);
    expect(points).toHaveLength(1);
    expect(points[0]?.blobs?.[0]).toBe('/game/hades');
    expect(points[0]?.indexes).toEqual(['/game/hades']);
    expect(await recordedPaths(env)).toEqual([]);
  });
});
