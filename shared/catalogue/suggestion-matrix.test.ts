import { describe, expect, it } from 'vitest';
import { MIN_SUGGESTION_RATIO } from '../constants.ts';
import {
  buildSuggestionMatrix,
  chooseSeedGames,
  CoFollowCounts,
  gamelistTaste,
  matrixFromCounts,
  MAX_MEMBER_TASTE_GAMES,
  STORED_MATRIX_LIMITS,
  suggestionSeedGames,
  type MemberTaste,
} from './suggestion-matrix.ts';

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

/** The stored matrix of a population, as the suggestion engine job builds it. */
function engineMatrix(tastes: MemberTaste[], keepRow?: (gameId: string) => boolean) {
  const counts = new CoFollowCounts(keepRow ? { keepRow } : {});
  for (const taste of tastes) counts.addMember(taste);
  return { counts, matrix: matrixFromCounts(counts, STORED_MATRIX_LIMITS) };
}

describe('the suggestion engine matrix', () => {
  // Four members follow Hades; three of them Celeste; two Dead Cells.
  const hadesPlayers: MemberTaste[] = [
    { follows: ['hades', 'celeste', 'dead-cells'] },
    { follows: ['hades', 'celeste', 'dead-cells'] },
    { follows: ['hades', 'celeste'] },
    { follows: ['hades'] },
  ];

  it('keeps ratios of at least 0.51: Celeste 3/4, Dead Cells 2/4 left out', () => {
    expect(engineMatrix(hadesPlayers).matrix.hades).toEqual({ celeste: 0.75 });
  });

  it('counts a "no" against the pair: one Hades player saying no to Celeste brings it to (3 − 1)/4', () => {
    const tastes = [...hadesPlayers.slice(0, 3), { follows: ['hades'], no: ['celeste'] }];
    expect(engineMatrix(tastes).matrix.hades).toBeUndefined();
    // With a fifth member who follows both, (4 − 1)/5 = 0.6.
    const more = engineMatrix([...tastes, { follows: ['hades', 'celeste'] }]).matrix.hades;
    expect(more).toEqual({ celeste: 0.6 });
  });

  it('counts a "yes" like a follow of the suggested game, and never a "no" about a game the member follows now', () => {
    const tastes = [
      ...hadesPlayers.slice(0, 2),
      { follows: ['hades'], yes: ['dead-cells'] },
      { follows: ['hades', 'dead-cells'], no: ['dead-cells'] },
    ];
    // Dead Cells: two follows, one yes, one follow whose older no no longer counts: 4/4. Celeste: 2/4.
    expect(engineMatrix(tastes).matrix.hades).toEqual({ 'dead-cells': 1 });
  });

  it('gives no row to a game with one follower: one member is not what its players share', () => {
    const { matrix } = engineMatrix([{ follows: ['obscure', 'hades'] }, { follows: ['hades'] }]);
    expect(matrix.obscure).toBeUndefined();
    expect(matrix.hades).toBeUndefined();
  });

  it('chooses the most followed games with a row as seed games, ties by id', () => {
    const { counts, matrix } = engineMatrix([
      ...hadesPlayers,
      { follows: ['factorio', 'rimworld'] },
      { follows: ['factorio', 'rimworld'] },
    ]);
    expect(Object.keys(matrix).sort()).toEqual(['celeste', 'dead-cells', 'factorio', 'hades', 'rimworld']);
    expect(chooseSeedGames(counts.followers, Object.keys(matrix), 3)).toEqual([
      'hades',
      'celeste',
      'dead-cells',
    ]);
  });

  it('builds the same rows counted in shares (one pass per share) as all at once', () => {
    // Pairs game-0 + game-4 … game-3 + game-7, a third game spread wide, and some "no" answers.
    const tastes: MemberTaste[] = Array.from({ length: 200 }, (_, n) => ({
      follows: [`game-${String(n % 4)}`, `game-${String((n % 4) + 4)}`, `game-${String(8 + (n % 3))}`],
      no: n % 5 === 0 ? [`game-${String(((n + 1) % 4) + 4)}`] : [],
    }));
    const whole = engineMatrix(tastes).matrix;
    expect(Object.keys(whole).length).toBeGreaterThan(3);
    const shares = [0, 1, 2].map(
      (share) => engineMatrix(tastes, (gameId) => Number(gameId.slice(5)) % 3 === share).matrix,
    );
    expect(Object.assign({}, ...shares)).toEqual(whole);
  });
});

describe('shelves and ratings as signals', () => {
  it('reads a score first (7 up liked, 4 down disliked, 5 and 6 nothing), else the shelf', () => {
    expect(
      gamelistTaste([
        ['loved', { status: 'played', score: 9 }],
        ['seven', { score: 7 }],
        ['meh', { status: 'played', score: 5 }],
        ['six', { status: 'dropped', score: 6 }],
        ['hated', { status: 'played', score: 2 }],
        ['four', { status: 'want', score: 4 }],
        ['wanted', { status: 'want' }],
        ['playing', { status: 'playing' }],
        ['dropped', { status: 'dropped' }],
        ['taken-off', { status: null }],
      ]),
    ).toEqual({ liked: ['loved', 'seven', 'wanted', 'playing'], disliked: ['hated', 'four', 'dropped'] });
  });

  it('counts a liked game as followed and a disliked one as a no, follows winning over a low score', () => {
    const { matrix } = engineMatrix([
      // Two players of Hades who never followed it: one shelved it, one rated it 9; both liked Celeste.
      { follows: [], liked: ['hades', 'celeste'] },
      { follows: ['celeste'], liked: ['hades'] },
      // A third liked Hades and dropped Dead Cells; a fourth follows Hades and rated Dead Cells 8.
      { follows: [], liked: ['hades'], disliked: ['dead-cells'] },
      { follows: ['hades'], liked: ['dead-cells'] },
      // Follows win: a member following Celeste who rated it 2 still counts it for Hades.
      { follows: ['hades', 'celeste'], disliked: ['celeste'] },
    ]);
    // Hades: 5 players; Celeste 3 of 5 = 0.6; Dead Cells (1 − 1) of 5: nothing.
    expect(matrix.hades).toEqual({ celeste: 0.6 });
    expect(matrix.celeste?.hades).toBe(1);
  });

  it('counts one member with their newest 500 games: 1,200 liked and 1,200 disliked add 499,500 pairs, not 2,878,800', () => {
    const liked = Array.from({ length: 1200 }, (_, n) => `game-${String(1199 - n)}`); // newest first
    const counts = new CoFollowCounts();
    counts.addMember({ follows: [], liked, disliked: liked.map((id) => `disliked-${id}`) });
    // 500 rows, each the other 499 wanted and 500 refused.
    expect(counts.pairCount).toBe(500 * (499 + 500));
    expect(MAX_MEMBER_TASTE_GAMES).toBe(500);
    expect(counts.followers.get('game-1199')).toBe(1);
    expect(counts.followers.has('game-699')).toBe(false);
  });

  it('leaves the matrix as it was for members with no shelves or ratings', () => {
    const tastes: MemberTaste[] = [{ follows: ['a', 'b'] }, { follows: ['a', 'b', 'c'] }, { follows: ['c'] }];
    expect(engineMatrix(tastes.map((t) => ({ ...t, liked: [], disliked: [] }))).matrix).toEqual(
      engineMatrix(tastes).matrix,
    );
  });
});
