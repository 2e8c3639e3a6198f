import { beforeAll, describe, expect, it } from 'vitest';
import type { PageRouteError } from '../../shared/page-data.ts';
import { requestApp } from '../test-support/page-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// Page data (`/api/pages/<path>`, client navigations): the status of a page and the words that go with it.

const env = testEnv();

beforeAll(async () => {
  await ownerDatabase(env).patch('', { 'games/pd-portal': testGame('pd-portal', 'Portal', 5) });
});

describe('page data for a record that is missing', () => {
  it('answers 404 saying "Not Found", in the status line and at the route that threw, never "Internal Server Error"', async () => {
    for (const [path, routeId] of [
      ['/api/pages/game/pd-no-such-game', 'game'],
      ['/api/pages/event/pd-no-such-event', 'event'],
      ['/api/pages/lists/games/pd-no-such-list', 'list'],
      ['/api/pages/user/pd_nobody_here', 'user'],
      // The not-found page answers its data with 404 (no route threw).
      ['/api/pages/404', null],
    ] as const) {
      const { response, body } = await requestApp(env, path);
      expect(response.status, path).toBe(404);
      expect(response.statusText, path).toBe('Not Found');
      const answer = JSON.parse(body) as { errors: Record<string, PageRouteError> | null };
      if (routeId)
        expect(answer.errors?.[routeId], path).toMatchObject({ status: 404, statusText: 'Not Found' });
      expect(body, path).not.toContain('Internal Server Error');
    }
  });

  it('answers a record that exists 200 "OK", without errors', async () => {
    const { response, body } = await requestApp(env, '/api/pages/game/pd-portal');
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect((JSON.parse(body) as { errors: unknown }).errors).toBeNull();
  });
});
