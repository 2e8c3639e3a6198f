import { describe, expect, it } from 'vitest';
import {
  activityPoints,
  baseRanking,
  decayFactor,
  rankedWeightedIndex,
  trendingIndex,
  trendingScores,
  TRENDING_HALF_LIFE_MS,
  type GameActivity,
} from './trending-score.ts';

const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => NOW - days * DAY;

describe('decay', () => {
  it('is worth everything now, half a week later, a quarter two weeks later, nothing past four weeks', () => {
    expect(TRENDING_HALF_LIFE_MS).toBe(7 * DAY);
    expect(decayFactor(NOW, NOW)).toBe(1);
    expect(decayFactor(daysAgo(7), NOW)).toBe(0.5);
    expect(decayFactor(daysAgo(14), NOW)).toBe(0.25);
    expect(decayFactor(daysAgo(28), NOW)).toBe(0.0625);
    expect(decayFactor(daysAgo(28) - 1, NOW)).toBe(0);
  });

  it('counts an act dated in the future (clock skew) as happening now', () => {
    expect(decayFactor(NOW + DAY, NOW)).toBe(1);
  });
});

describe('trending scores', () => {
  it('adds the decayed points of each act: follow 3, post 2, yes 2, like 1, no −1', () => {
    const activity: GameActivity[] = [
      { gameId: 'hades', kind: 'follow', at: NOW }, // 3 × 1
      { gameId: 'hades', kind: 'like', at: daysAgo(7) }, // 1 × ½
      { gameId: 'celeste', kind: 'post', at: daysAgo(14) }, // 2 × ¼
      { gameId: 'celeste', kind: 'suggestion-yes', at: NOW }, // 2 × 1
      { gameId: 'inside', kind: 'follow', at: daysAgo(28) }, // 3 × 1/16
    ];
    expect(Object.fromEntries(trendingScores(activity, NOW))).toEqual({
      hades: 3.5,
      celeste: 2.5,
      inside: 0.188, // 0.1875, kept to 3 decimals
    });
  });

  it('counts a follow three times a like, and a fresh act more than an old one of the same kind', () => {
    const scores = trendingScores(
      [
        { gameId: 'followed', kind: 'follow', at: NOW },
        { gameId: 'liked', kind: 'like', at: NOW },
        { gameId: 'followed-last-week', kind: 'follow', at: daysAgo(7) },
      ],
      NOW,
    );
    expect(scores.get('followed')).toBe(3 * (scores.get('liked') ?? 0));
    expect(scores.get('followed-last-week')).toBe(1.5);
  });

  it('leaves out games people turned down as much as they liked, and acts past the window', () => {
    const scores = trendingScores(
      [
        { gameId: 'mixed', kind: 'like', at: NOW },
        { gameId: 'mixed', kind: 'suggestion-no', at: NOW },
        { gameId: 'rejected', kind: 'suggestion-no', at: NOW },
        { gameId: 'forgotten', kind: 'follow', at: daysAgo(29) },
      ],
      NOW,
    );
    expect(scores.size).toBe(0);
  });
});

describe('trending index', () => {
  it('keeps the highest scores, ties by game id, up to its size', () => {
    const scores = new Map([
      ['zelda', 3],
      ['celeste', 2.5],
      ['hades', 3],
      ['braid', 1],
    ]);
    const index = trendingIndex(scores, 3);
    expect(Object.keys(index)).toEqual(['hades', 'zelda', 'celeste']);
    expect(index).toEqual({ hades: 3, zelda: 3, celeste: 2.5 });
  });

  it('is empty when nothing happened', () => {
    expect(trendingIndex(new Map())).toEqual({});
  });
});

describe('top games ranking', () => {
  it('adds one point per follower and the trending score to the base', () => {
    expect(activityPoints(4, 3.5)).toBe(7.5);
    expect(rankedWeightedIndex(85, null, activityPoints(4, 3.5))).toBe(92.5);
  });

  it('takes out what the last run added before adding what the game has now', () => {
    const last = { activity: 7.5, recent: 3.5, weighted_index: 92.5 };
    expect(baseRanking(92.5, last)).toBe(85);
    // A quiet month later the burst has aged out: the four followers stay.
    expect(rankedWeightedIndex(92.5, last, activityPoints(4, 0))).toBe(89);
  });

  it('takes a ranking someone else wrote since (a catalogue import) as the new base', () => {
    const last = { activity: 7.5, recent: 3.5, weighted_index: 92.5 };
    expect(baseRanking(140_000, last)).toBe(140_000);
    expect(rankedWeightedIndex(140_000, last, 7.5)).toBe(140_007.5);
  });

  it('ranks a game that had no ranking by its activity alone', () => {
    expect(baseRanking(undefined, null)).toBe(0);
    expect(rankedWeightedIndex(undefined, null, activityPoints(2, 0.5))).toBe(2.5);
  });
});
