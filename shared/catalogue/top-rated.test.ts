import { describe, expect, it } from 'vitest';
import { HOME_TOP_RATED_PATH } from '../rtdb/paths.ts';
import {
  bayesianAverage,
  keptTopRated,
  keptTopRatedRecordSchema,
  planHomeTopRated,
  PRIOR_RATINGS,
  PRIOR_SCORE,
  topRated,
} from './top-rated.ts';

const summary = (name: string) => ({ name, deeplink_url_code: name.toLowerCase() });

describe('top rated', () => {
  it('counts the prior as 10 ratings of 6.5', () => {
    expect([PRIOR_RATINGS, PRIOR_SCORE]).toEqual([10, 6.5]);
    // (10 × 6.5 + 30) / 13 and (10 × 6.5 + 18,000) / 2,010, by hand.
    expect(bayesianAverage({ count: 3, sum: 30 })).toBeCloseTo(95 / 13, 10);
    expect(bayesianAverage({ count: 2000, sum: 18000 })).toBeCloseTo(18065 / 2010, 10);
    expect(bayesianAverage({ count: 0, sum: 0 })).toBe(6.5);
  });

  it('ranks three 10s below two thousand 9s, and shows each plain average', () => {
    const ranked = topRated(
      new Map([
        ['three-tens', { count: 3, sum: 30 }],
        ['crowd-of-nines', { count: 2000, sum: 18000 }],
        ['forty-eights', { count: 40, sum: 320 }],
      ]),
    );
    expect(ranked).toEqual([
      { gameId: 'crowd-of-nines', rank: 1, average: 9, count: 2000 },
      // (65 + 320) / 50 = 7.7 beats 95 / 13 ≈ 7.31.
      { gameId: 'forty-eights', rank: 2, average: 8, count: 40 },
      { gameId: 'three-tens', rank: 3, average: 10, count: 3 },
    ]);
  });

  it('leaves out unrated games, keeps the first N, and breaks ties by more ratings then id', () => {
    const games = new Map([
      ['unrated', { count: 0, sum: 0 }],
      ['b', { count: 10, sum: 80 }],
      ['a', { count: 10, sum: 80 }],
      ['c', { count: 10, sum: 80 }],
    ]);
    expect(topRated(games, 2).map(({ gameId }) => gameId)).toEqual(['a', 'b']);
    expect(
      topRated(
        new Map([
          ['few', { count: 10, sum: 80 }],
          ['many', { count: 30, sum: 225 }],
        ]),
      ).map(({ gameId }) => gameId),
      // few: 145 / 20 = 7.25; many: 290 / 40 = 7.25.
    ).toEqual(['many', 'few']);
  });

  it('keeps the ranked games with their summaries and names where they are kept', () => {
    const update = planHomeTopRated(
      topRated(
        new Map([
          ['g1', { count: 2000, sum: 18000 }],
          ['g2', { count: 3, sum: 30 }],
        ]),
      ),
      new Map([
        ['g1', summary('Hades')],
        ['g2', summary('Celeste')],
      ]),
      ['g2', 'gone'],
    );
    expect(update[HOME_TOP_RATED_PATH]).toEqual({
      g1: { rank: 1, average: 9, count: 2000, name: 'Hades', deeplink_url_code: 'hades' },
      g2: { rank: 2, average: 10, count: 3, name: 'Celeste', deeplink_url_code: 'celeste' },
    });
    expect(update['game_summary_places/g1/home:top-rated']).toBe(true);
    expect(update['game_summary_places/gone/home:top-rated']).toBeNull();
    expect(planHomeTopRated([], new Map(), [])[HOME_TOP_RATED_PATH]).toBeNull();
  });

  it('reads the kept games best first and drops entries a hostile or old write left wrong', () => {
    const kept = keptTopRatedRecordSchema.parse({
      second: { rank: 2, average: 8.25, count: 4, ...summary('Second') },
      first: { rank: 1, average: 9, count: 2000, ...summary('First') },
      noSummary: { rank: 3, average: 9, count: 5 },
      badAverage: { rank: 4, average: 11, count: 5, ...summary('Bad') },
      text: 'not a game',
    });
    expect(keptTopRated(kept).map(({ gameId, average, count }) => [gameId, average, count])).toEqual([
      ['first', 9, 2000],
      ['second', 8.25, 4],
    ]);
  });
});
