// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import type { LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { homeHighlightsSchema, keptTrending } from '../../shared/catalogue/home-highlights.ts';
import { ratedGames, type RatedGame } from '../../shared/catalogue/top-rated.ts';
import { latestEvents, type EventLink } from '../../shared/catalogue/latest-events.ts';
import { listSummarySchema } from '../../shared/catalogue/list-summary.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { keptTopGames } from '../../shared/catalogue/home-top-games.ts';
import { fetchTopGames } from '../../shared/catalogue/top-games.ts';
import { trendingGameIds } from '../../shared/catalogue/trending-games.ts';
import { TOP_GAMES_SHOWN } from '../../shared/constants.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { Game } from '../../shared/schemas/game.ts';
import type { GameSummaryRecord } from '../../shared/schemas/game-summary.ts';
import { settledOr } from '../../shared/settled-or.ts';
import { summaryForPage } from '../../shared/schemas/game-summary.ts';
import { publicDatabaseContext } from '../page-data-context.ts';

/** A curated list as the home page links to it. */
export interface ListLink {
  code: string;
  name: string;
  game_count: number;
}

export interface HomePageData {
  highlights: GameSummary[];
  /** The hottest games now, hottest first (`indices_public/trendingIndex`). */
  trending: GameSummary[];
  topGames: GameSummary[];
  /** The best rated games, best first, each with its plain average and number of ratings (top-rated job). */
  topRated: RatedGame[];
  lists: ListLink[];
  /** The events that start latest, latest first. */
  events: EventLink[];
}

/** How many lists the home page links to. */
const HOME_LISTS = 8;

/** The lists query's answer, each entry checked on its own (made once: each page render would rebuild it). */
const listsAnswerSchema = z.record(z.string(), z.unknown());

/**
 * The public lists with the most games, most first (ties by code): one bounded query on `lists-public`
 * ordered by `game_count` (the rules allow no other read of the collection). Invalid entries are left out.
 */
async function largestLists(db: RtdbClient): Promise<ListLink[]> {
  const found = await db.query(
    ROOTS.listsPublic,
    { orderBy: 'game_count', limitToLast: HOME_LISTS },
    listsAnswerSchema,
  );
  return Object.entries(found ?? {})
    .flatMap(([code, value]) => {
      const summary = listSummarySchema.safeParse(value);
      return summary.success ? [{ code, ...summary.data }] : [];
    })
    .sort((a, b) => b.game_count - a.game_count || a.code.localeCompare(b.code));
}

/** A game home shows: its id, and the summary kept of it (null: read the game itself). */
interface HomeGame {
  gameId: string;
  summary: GameSummaryRecord | null;
}

/** The games home shows, each with the summary kept of it, and the games read whole on the way. */
interface HomeGames {
  highlighted: HomeGame[];
  trending: HomeGame[];
  /** The top games, first first (TOP_GAMES_FETCH: those already shown above are left out later). */
  top: HomeGame[];
  topRated: RatedGame[];
  /** Games read whole (the top games' query, while their copy is not kept): no need to read them again. */
  readWhole: readonly Game[];
}

/**
 * The highlighted games in the order curators gave them, the hottest games, hottest first, and the top
 * games, first first, each with the summary kept of it: all from `highlights/home` in one read (see
 * home-highlights.ts). Until the trending job (or, for top games, the catalogue's import) has kept the
 * hottest or the top games there, they come from the trending index or the top games' query, in a round
 * of its own.
 */
async function homeGames(db: RtdbClient): Promise<HomeGames> {
  // Read checked: highlights of the wrong shape are logged and seen as none, and the page built without
  // them is not kept at the edge (the database client tells the Worker, worker/database.ts).
  const highlights = await db.read(ROOTS.highlightsHome, homeHighlightsSchema).catch((error: unknown) => {
    console.error('Loading home highlights failed', error);
    return null;
  });
  const kept = highlights?.game_summaries ?? {};
  const highlighted = Object.entries(highlights?.games ?? {})
    .sort(([, a], [, b]) => a - b)
    .map(([gameId]) => ({ gameId, summary: kept[gameId] ?? null }));
  const [trending, readWhole] = await Promise.all([
    highlights?.trending
      ? keptTrending(highlights.trending)
      : trendingGameIds(db).then(
          (ids) => ids.map((gameId) => ({ gameId, summary: null })),
          (error: unknown) => {
            console.error('Loading trending games failed', error);
            return [];
          },
        ),
    highlights?.top_games
      ? []
      : fetchTopGames(db).catch((error: unknown) => {
          console.error('Loading top games failed', error);
          return [];
        }),
  ]);
  const top = highlights?.top_games
    ? keptTopGames(highlights.top_games)
    : readWhole.map((game) => ({ gameId: game.uuid, summary: null }));
  // Top rated games are kept only with their summaries (top-rated.ts): none until the job has run.
  const topRated = ratedGames(highlights?.top_rated);
  return { highlighted, trending, top, topRated, readWhole };
}

/**
 * The home page: curated highlights, trending games, top games not already shown, the top rated games,
 * the largest curated lists and the latest events, in one round of three reads: `highlights/home` (the
 * highlighted, hottest, top and top rated games, each with its summary), the lists and the events. A game
 * whose summary is not kept (data written before summaries were) is read whole in a second round; before
 * the trending job or an import has kept the hottest or the top games, the trending index or the top
 * games' query is read in a round between. Each part failing leaves the page without it (spec section 8).
 * The lists and the events are queried: their writers are many (every editor's save, every developer's
 * event) and a copy of the largest or latest could not be kept in their own writes without a read that
 * races.
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<HomePageData> {
  const db = context.get(publicDatabaseContext);
  const [gamesResult, listsResult, eventsResult] = await Promise.allSettled([
    homeGames(db),
    largestLists(db),
    latestEvents(db),
  ]);
  const {
    highlighted,
    trending: hottest,
    top: ranked,
    topRated,
    readWhole: alreadyRead,
  } = settledOr(
    gamesResult,
    { highlighted: [], trending: [], top: [], topRated: [], readWhole: [] },
    'home games',
  );
  const ids = highlighted.map(({ gameId }) => gameId);
  // A highlighted game is not repeated in trending, nor either in top games.
  const trending = hottest.filter(({ gameId }) => !ids.includes(gameId));
  const shownAbove = new Set([...ids, ...trending.map(({ gameId }) => gameId)]);
  const top = ranked.filter(({ gameId }) => !shownAbove.has(gameId)).slice(0, TOP_GAMES_SHOWN);
  const summaries = new Map(alreadyRead.map((game) => [game.uuid, toGameSummary(game)] as const));
  const unkept = [...highlighted, ...trending, ...top].flatMap(({ gameId, summary }) =>
    summary || summaries.has(gameId) ? [] : [gameId],
  );
  if (unkept.length > 0)
    for (const game of await gamesByIds(db, unkept).catch((error: unknown) => {
      console.error('Home games failed', error);
      return [];
    }))
      summaries.set(game.uuid, toGameSummary(game));
  const shown = (games: HomeGame[]) =>
    games.flatMap(({ gameId, summary }) =>
      summary ? [summaryForPage(gameId, summary)] : (summaries.get(gameId) ?? []),
    );
  return {
    highlights: shown(highlighted),
    trending: shown(trending),
    topGames: shown(top),
    topRated,
    lists: settledOr(listsResult, [], 'curated lists'),
    events: settledOr(eventsResult, [], 'events'),
  };
}
