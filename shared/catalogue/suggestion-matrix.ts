/**
 * The suggestion engine's co-follow matrix (`se_matrix`): for a seed game A and another game B, the
 * share of A's followers who also follow B. The game page reads the row of A and keeps ratios of at
 * least MIN_SUGGESTION_RATIO with a query, so every ratio above zero is stored here.
 */
export type SuggestionMatrix = Record<string, Record<string, number>>;

/** Ratios are rounded to this many decimals so that stored values are short and stable. */
const RATIO_DECIMALS = 4;

/**
 * @param followsByUser each user's followed game ids (duplicates are ignored)
 * @returns for every game followed by someone and sharing a follower with another game, the ratio
 *   (users following both A and B) / (users following A), for every such B ≠ A
 */
export function buildSuggestionMatrix(
  followsByUser: Readonly<Record<string, readonly string[]>>,
): SuggestionMatrix {
  const followers = new Map<string, number>();
  const both = new Map<string, Map<string, number>>();
  for (const games of Object.values(followsByUser)) {
    const unique = [...new Set(games)];
    for (const a of unique) {
      followers.set(a, (followers.get(a) ?? 0) + 1);
      let row = both.get(a);
      if (!row) both.set(a, (row = new Map<string, number>()));
      for (const b of unique) if (b !== a) row.set(b, (row.get(b) ?? 0) + 1);
    }
  }
  const factor = 10 ** RATIO_DECIMALS;
  const matrix: SuggestionMatrix = {};
  for (const [a, row] of both) {
    if (row.size === 0) continue;
    const total = followers.get(a) ?? 1;
    const ratios: Record<string, number> = {};
    for (const [b, count] of [...row].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
      ratios[b] = Math.round((count / total) * factor) / factor;
    }
    matrix[a] = ratios;
  }
  return matrix;
}

/** The seed-game list (`se_matrix_seedgames/{A}: true`): every game that has a matrix row. */
export function suggestionSeedGames(matrix: SuggestionMatrix): Record<string, true> {
  return Object.fromEntries(Object.keys(matrix).map((id) => [id, true] as const));
}
