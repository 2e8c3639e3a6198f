import { describe, expect, it } from 'vitest';
import { MIN_SUGGESTION_RATIO } from '../shared/constants.ts';
import { slugFromName } from '../shared/catalogue/slug.ts';
import { demoDataProblems, loadDemoData } from './demo-data.ts';
import { demoSeedUpdates, demoTrendingIndex, demoWeightedIndex } from './seed-demo-data.ts';

const data = loadDemoData();

describe('demo data', () => {
  it('has at least 60 games, 4–6 events, 3–4 lists and 10–14 members', () => {
    expect(data.games.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(data.events).length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(data.events).length).toBeLessThanOrEqual(6);
    expect(Object.keys(data.lists).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(data.lists).length).toBeLessThanOrEqual(4);
    expect(data.members.length).toBeGreaterThanOrEqual(10);
    expect(data.members.length).toBeLessThanOrEqual(14);
  });

  it('gives every game the slug the Steam catalogue would give its name, a description and a release date', () => {
    for (const game of data.games) {
      expect(game.slug, game.name).toBe(slugFromName(game.name));
      expect(game.description, game.name).toBeTruthy();
      expect(game.release_date, game.name).toBeTruthy();
      expect(game.developers.length, game.name).toBeGreaterThan(0);
      expect(game.popularity ?? null, game.name).toBeNull();
    }
  });

  it('refers only to demo games and demo members', () => {
    expect(demoDataProblems(data)).toEqual([]);
  });

  it('catches a dangling reference', () => {
    const broken = { ...data, homeGames: ['no-such-game'] };
    expect(demoDataProblems(broken)).toEqual(['highlights.home: unknown game "no-such-game"']);
  });

  it('gives members 5–12 games, 1–3 posts, and tastes that overlap', () => {
    for (const member of data.members) {
      expect(member.games.length).toBeGreaterThanOrEqual(5);
      expect(member.games.length).toBeLessThanOrEqual(12);
      expect(member.posts.length).toBeGreaterThanOrEqual(1);
      expect(member.posts.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('demoSeedUpdates', () => {
  const updates = demoSeedUpdates(data);

  it('ranks demo games by their place in the file', () => {
    expect(demoWeightedIndex(0, 85)).toBe(85);
    expect(updates[`games/${data.games[0]?.slug ?? ''}/weighted_index`]).toBe(data.games.length);
    expect(updates[`games/${data.games.at(-1)?.slug ?? ''}/weighted_index`]).toBe(1);
    expect(updates['games/hades/source']).toBe('questline');
  });

  it('writes events, lists with summaries, the matrix with its seed games and the home highlights, never follows', () => {
    expect(updates['events/the-game-awards-2023']).toMatchObject({ name: 'The Game Awards 2023' });
    expect(updates['lists/indie-essentials']).toMatchObject({ code: 'indie-essentials' });
    expect(updates['lists-public/indie-essentials']).toEqual({ name: 'Indie essentials', game_count: 16 });
    expect(updates['se_matrix_seedgames/hades']).toBe(true);
    const hades = updates['se_matrix/hades'] as Record<string, number>;
    expect(Object.values(hades).filter((ratio) => ratio >= MIN_SUGGESTION_RATIO).length).toBeGreaterThan(0);
    expect(updates['highlights/home/games']).toMatchObject({ 'baldurs-gate-3': 1 });
    // Home keeps its highlighted games' summaries (shared/schemas/game-summary.ts).
    expect(updates['highlights/home/game_summaries']).toMatchObject({
      'baldurs-gate-3': { name: "Baldur's Gate 3", deeplink_url_code: 'baldurs-gate-3' },
    });
    expect(Object.keys(updates).filter((path) => path.includes('follows'))).toEqual([]);
    for (const value of Object.values(updates)) expect(JSON.stringify(value)).not.toContain('"follows"');
  });

  it('keeps home’s top games, the first 20 of the file, with their summaries and places', () => {
    const top = updates['highlights/home/top_games'] as Record<string, { rank: number; name: string }>;
    expect(
      Object.entries(top)
        .sort(([, a], [, b]) => a.rank - b.rank)
        .map(([id]) => id),
    ).toEqual(data.games.slice(0, 20).map((row) => row.slug));
    const first = data.games[0];
    expect(top[first?.slug ?? '']).toMatchObject({
      rank: 1,
      name: first?.name,
      deeplink_url_code: first?.slug,
    });
    expect(updates[`game_summary_places/${first?.slug ?? ''}/home:top-games`]).toBe(true);
    expect(updates[`game_summary_places/${data.games[20]?.slug ?? ''}/home:top-games`]).toBeUndefined();
  });

  it('makes the games most demo members follow the hottest in the trending index', () => {
    expect(demoTrendingIndex([['hades', 'celeste'], ['hades'], ['hades', 'hades']])).toEqual({
      hades: 3,
      celeste: 1,
    });
    const trending = updates['indices_public/trendingIndex'] as Record<string, number>;
    const followers = (id: string) => data.members.filter((member) => member.games.includes(id)).length;
    for (const [id, score] of Object.entries(trending)) expect(score).toBe(followers(id));
    expect(Object.keys(trending).length).toBeGreaterThan(10);
  });

  it('gives most followed games suggestions at the reader threshold', () => {
    const rows = Object.entries(updates).filter(([path]) => path.startsWith('se_matrix/'));
    const withSuggestions = rows.filter(([, row]) =>
      Object.values(row as Record<string, number>).some((ratio) => ratio >= MIN_SUGGESTION_RATIO),
    );
    expect(withSuggestions.length).toBeGreaterThanOrEqual(30);
  });
});
