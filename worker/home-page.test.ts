import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';

const env = testEnv();

async function homePageData() {
  const ctx = createExecutionContext();
  const response = await createApp().request('http://questline.test/api/pages/', {}, env, ctx);
  await waitOnExecutionContext(ctx);
  const answer = await response.json<{
    loaderData: {
      home: {
        highlights: { uuid: string }[];
        trending: { uuid: string }[];
        topGames: { uuid: string }[];
        topRated: { game: { uuid: string; name: string }; average: number; count: number }[];
        lists: { code: string; name: string; game_count: number }[];
        events: { deepLink: string; name: string; starts_on?: string; place?: string }[];
      };
    };
  }>();
  return { status: response.status, data: answer.loaderData.home };
}

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    'games/hades': testGame('hades', 'Hades', 50),
    'games/celeste': testGame('celeste', 'Celeste', 40),
    'games/portal-2': testGame('portal-2', 'Portal 2', 90),
    'games/stardew-valley': testGame('stardew-valley', 'Stardew Valley', 30),
    'highlights/home': {
      games: { celeste: 1, hades: 2 },
      // As the top-rated job keeps them (shared/jobs/top-rated-job.ts), with two entries no job writes.
      top_rated: {
        'three-tens': { rank: 2, average: 10, count: 3, name: 'Three Tens', deeplink_url_code: 'three-tens' },
        crowd: { rank: 1, average: 8.96, count: 2000, name: 'Crowd Pleaser', deeplink_url_code: 'crowd' },
        'out-of-scale': { rank: 3, average: 11, count: 1, name: 'Out of Scale', deeplink_url_code: 'x' },
        'no-summary': { rank: 4, average: 9, count: 5 },
      },
    },
    // A game gone from the catalogue is left out; a highlighted one is not repeated.
    'indices_public/trendingIndex': { 'portal-2': 5, hades: 9, 'gone-game': 7 },
    'lists-public/short-list': { name: 'Short list', game_count: 2 },
    'events/gdc-2024': {
      name: 'GDC 2024',
      deeplink_url_code: 'gdc-2024',
      starts_on: '2024-03-18',
      place: 'San Francisco',
    },
    'events/tga-2023': {
      name: 'The Game Awards 2023',
      deeplink_url_code: 'tga-2023',
      starts_on: '2023-12-07',
    },
    'events/undated': { name: 'Undated meetup', deeplink_url_code: 'undated' },
    'lists-public/long-list': { name: 'Long list', game_count: 30 },
    'lists-public/middle-list': { name: 'Middle list', game_count: 12 },
  });
});

describe('home page', () => {
  it('shows the curated highlights in their order, trending games, and top games not already shown', async () => {
    const { status, data } = await homePageData();
    expect(status).toBe(200);
    expect(data.highlights.map((g) => g.uuid)).toEqual(['celeste', 'hades']);
    expect(data.trending.map((g) => g.uuid)).toEqual(['portal-2']);
    expect(data.topGames.map((g) => g.uuid)).toEqual(['stardew-valley']);
  });

  it('shows the top rated games best first with their average and number of ratings, server-rendered', async () => {
    const { data } = await homePageData();
    expect(data.topRated.map(({ game, average, count }) => [game.uuid, game.name, average, count])).toEqual([
      ['crowd', 'Crowd Pleaser', 8.96, 2000],
      ['three-tens', 'Three Tens', 10, 3],
    ]);
    const ctx = createExecutionContext();
    const response = await createApp().request('http://questline.test/', {}, env, ctx);
    await waitOnExecutionContext(ctx);
    const text = (await response.text()).replace(/<[^>]+>/g, '');
    expect(text).toContain('Top rated');
    // One decimal, and the count grouped by thousands, in the page as sent (no script needed).
    expect(text).toMatch(
      /Crowd Pleaser.*9\.0 out of 10 · 2,000 ratings.*Three Tens.*10\.0 out of 10 · 3 ratings/s,
    );
    expect(text).not.toContain('Out of Scale');
  });

  it('links to the curated lists with the most games, most first', async () => {
    const { data } = await homePageData();
    expect(data.lists).toEqual([
      { code: 'long-list', name: 'Long list', game_count: 30 },
      { code: 'middle-list', name: 'Middle list', game_count: 12 },
      { code: 'short-list', name: 'Short list', game_count: 2 },
    ]);
  });

  it('links to the latest events, latest first, undated ones last', async () => {
    const { data } = await homePageData();
    expect(data.events).toEqual([
      { deepLink: 'gdc-2024', name: 'GDC 2024', starts_on: '2024-03-18', place: 'San Francisco' },
      { deepLink: 'tga-2023', name: 'The Game Awards 2023', starts_on: '2023-12-07' },
      { deepLink: 'undated', name: 'Undated meetup' },
    ]);
  });
});
