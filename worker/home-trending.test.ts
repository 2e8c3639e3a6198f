import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTrending } from '../shared/jobs/trending-job.ts';
import { createApp } from './app.ts';
import { TEST_NOW } from './auth/id-token-test-keys.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

// The home page after the trending job: what members did lately decides the trending games, and the
// followers a game won lift it among top games once the burst has aged out.

const env = testEnv();
const db = ownerDatabase(env);
const DAY = 24 * 60 * 60 * 1000;

async function homePage() {
  const ctx = createExecutionContext();
  const response = await createApp().request('http://questline.test/api/pages/', {}, env, ctx);
  await waitOnExecutionContext(ctx);
  const answer = await response.json<{
    loaderData: { home: { trending: { uuid: string }[]; topGames: { uuid: string }[] } };
  }>();
  const { trending, topGames } = answer.loaderData.home;
  return { trending: trending.map((g) => g.uuid), topGames: topGames.map((g) => g.uuid) };
}

const run = (at: number) => runTrending({ db, now: () => at, log: () => undefined });

beforeAll(async () => {
  const followers = Array.from({ length: 12 }, (_, i) => `fan${String(i)}`);
  await db.patch('', {
    'games/portal-2': testGame('portal-2', 'Portal 2', 90),
    'games/hades': testGame('hades', 'Hades', 50),
    'games/celeste': testGame('celeste', 'Celeste', 40),
    'games/stardew-valley': { ...testGame('stardew-valley', 'Stardew Valley', 30), follows: 12 },
    // The twelve are members (only members' acts count).
    ...Object.fromEntries(followers.map((uid) => [`users_public/${uid}`, { username: uid }])),
    // Yesterday's index, from before anything happened.
    'indices_public/trendingIndex': { 'portal-2': 9 },
    // Twelve members followed Stardew Valley this morning; someone posted on Hades' feed a week ago.
    ...Object.fromEntries(
      followers.map((uid) => [
        `follows/follow-${uid}`,
        { userUUID: uid, targetUUID: 'stardew-valley', type: 'game', timestamp: TEST_NOW - 60_000 },
      ]),
    ),
    'posts/post-hades': {
      uuid: 'post-hades',
      targetUUID: 'hades',
      targetType: 'game',
      sourceUUID: 'fan0',
      content: 'One more run',
      timestamp: TEST_NOW - 7 * DAY,
    },
  });
});

describe('home page after the trending job', () => {
  it('shows the game everyone just followed first among trending, then the one posted about last week', async () => {
    await run(TEST_NOW);
    const { trending, topGames } = await homePage();
    expect(trending).toEqual(['stardew-valley', 'hades']);
    expect(topGames).toEqual(['portal-2', 'celeste']);
  });

  it('four quiet weeks later has nothing trending, and the followed game ranks above the one it was below', async () => {
    await run(TEST_NOW + 29 * DAY);
    const { trending, topGames } = await homePage();
    expect(trending).toEqual([]);
    // Stardew Valley: 30 + 12 followers = 42, now above Celeste's 40.
    expect(topGames).toEqual(['portal-2', 'hades', 'stardew-valley', 'celeste']);
  });
});
