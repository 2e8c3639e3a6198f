// Every node of the database in one place, named as the spec names them (section 3), so a path is
// never spelled twice. Ids passed in must already be validated keys (see schemas/keys.ts).

/** Top-level nodes. */
export const ROOTS = {
  users: 'users',
  usersPublic: 'users_public',
  games: 'games',
  events: 'events',
  lists: 'lists',
  listsPublic: 'lists-public',
  seMatrix: 'se_matrix',
  seMatrixSeedGames: 'se_matrix_seedgames',
  highlightsHome: 'highlights/home',
  trendingIndex: 'indices_public/trendingIndex',
  logs: 'logs',
} as const;

/** A game record; games are keyed by their deep link (see schemas/game.ts for why). */
export const gamePath = (gameId: string): string => `${ROOTS.games}/${gameId}`;
/** The suggestion ratios of every game suggested alongside `gameId`. */
export const seMatrixPath = (gameId: string): string => `${ROOTS.seMatrix}/${gameId}`;
export const eventPath = (eventId: string): string => `${ROOTS.events}/${eventId}`;
export const listPath = (code: string): string => `${ROOTS.lists}/${code}`;
