// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import type { LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { homeHighlightsSchema, keptTrending } from '../../shared/catalogue/home-highlights.ts';
import { ratedGames, type RatedGame } from '../../shared/catalogue/top-rated.ts';
import { latestEvents, type EventLink } from '../../shared/catalogue/latest-events.ts';
import { listSummarySchema } from '../../shared/catalogue/list-summary.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { fetchTopGames, topGamesExcluding } from '../../shared/catalogue/top-games.ts';
import { trendingGameIds } from '../../shared/catalogue/trending-games.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
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

/**
 * The highlighted games in the order curators gave them, and the hottest games, hottest first, each with
 * the summary kept of it: both from `highlights/home` in one read (see home-highlights.ts). Until the
 * trending job has kept the hottest games there, they come from the trending index (one query more, in a
 * round of its own).
 */
async function homeGames(
  db: RtdbClient,
): Promise<{ highlighted: HomeGame[]; trending: HomeGame[]; topRated: RatedGame[] }> {
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
  const trending = highlights?.trending
    ? keptTrending(highlights.trending)
    : (
        await trendingGameIds(db).catch((error: unknown) => {
          console.error('Loading trending games failed', error);
          return [];
        })
      ).map((gameId) => ({ gameId, summary: null }));
  // Top rated games are kept only with their summaries (top-rated.ts): none until the job has run.
  const topRated = ratedGames(highlights?.top_rated);
  return { highlighted, trending, topRated };
}

/**
 * The home page: curated highlights, trending games, top games not already shown, the top rated games,
 * the largest curated lists and the latest events, in one round of four reads: the highlights with the
 * hottest and the top rated games (each with its summary), the top games, the lists and the events. A game whose summary is not kept (data
 * written before summaries were) is read whole in a second round. Each part failing leaves the page
 * without it (spec section 8).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<HomePageData> {
  const db = context.get(publicDatabaseContext);
  const [gamesResult, topResult, listsResult, eventsResult] = await Promise.allSettled([
    homeGames(db),
    fetchTopGames(db),
    largestLists(db),
    latestEvents(db),
  ]);
  const {
    highlighted,
    trending: hottest,
    topRated,
  } = settledOr(gamesResult, { highlighted: [], trending: [], topRated: [] }, 'home games');
  const ids = highlighted.map(({ gameId }) => gameId);
  // A highlighted game is not repeated in trending, nor either in top games.
  const trending = hottest.filter(({ gameId }) => !ids.includes(gameId));
  const unkept = [...highlighted, ...trending].flatMap(({ gameId, summary }) => (summary ? [] : [gameId]));
  const readWhole = new Map(
    (
      await gamesByIds(db, unkept).catch((error: unknown) => {
        console.error('Home games failed', error);
        return [];
      })
    ).map((game) => [game.uuid, toGameSummary(game)] as const),
  );
  const shown = (games: HomeGame[]) =>
    games.flatMap(({ gameId, summary }) =>
      summary ? [summaryForPage(gameId, summary)] : (readWhole.get(gameId) ?? []),
    );
  const top = topGamesExcluding(settledOr(topResult, [], 'top games'), [
    ...ids,
    ...trending.map(({ gameId }) => gameId),
  ]);
  return {
    highlights: shown(highlighted),
    trending: shown(trending),
    topGames: top.map(toGameSummary),
    topRated,
    lists: settledOr(listsResult, [], 'curated lists'),
    events: settledOr(eventsResult, [], 'events'),
  };
}
