import { describe, expect, it } from 'vitest';
import { MIN_SUGGESTION_RATIO } from '../constants.ts';
import { buildSuggestionMatrix, suggestionSeedGames } from './suggestion-matrix.ts';

describe('buildSuggestionMatrix', () => {
  it('gives (followers of A and B) / (followers of A) for every co-followed pair', () => {
    const matrix = buildSuggestionMatrix({
      u1: ['hades', 'celeste', 'factorio'],
      u2: ['hades', 'celeste'],
      u3: ['hades'],
      u4: ['factorio', 'rimworld'],
    });
    expect(matrix).toEqual({
      hades: { celeste: 0.6667, factorio: 0.3333 },
      celeste: { factorio: 0.5, hades: 1 },
      factorio: { celeste: 0.5, hades: 0.5, rimworld: 0.5 },
      rimworld: { factorio: 1 },
    });
  });

  it('is asymmetric: a niche game points to a popular one more strongly than the reverse', () => {
    const matrix = buildSuggestionMatrix({ a: ['big', 'niche'], b: ['big'], c: ['big'] });
    expect(matrix.niche?.big).toBe(1);
    expect(matrix.big?.niche).toBe(0.3333);
    expect(matrix.niche?.big).toBeGreaterThanOrEqual(MIN_SUGGESTION_RATIO);
    expect(matrix.big?.niche).toBeLessThan(MIN_SUGGESTION_RATIO);
  });

  it('ignores duplicate follows, never pairs a game with itself and leaves out lone games', () => {
    const matrix = buildSuggestionMatrix({ a: ['x', 'x', 'y'], b: ['z'], c: [] });
    expect(matrix).toEqual({ x: { y: 1 }, y: { x: 1 } });
    expect(suggestionSeedGames(matrix)).toEqual({ x: true, y: true });
  });

  it('is empty without follows', () => {
    expect(buildSuggestionMatrix({})).toEqual({});
  });
});
