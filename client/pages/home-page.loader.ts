// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import type { LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { homeHighlightsSchema } from '../../shared/catalogue/home-highlights.ts';
import { latestEvents, type EventLink } from '../../shared/catalogue/latest-events.ts';
import { listSummarySchema } from '../../shared/catalogue/list-summary.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { fetchTopGames, topGamesExcluding } from '../../shared/catalogue/top-games.ts';
import { trendingGameIds } from '../../shared/catalogue/trending-games.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { settledOr } from '../../shared/settled-or.ts';
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
  lists: ListLink[];
  /** The events that start latest, latest first. */
  events: EventLink[];
}

/** How many lists the home page links to. */
const HOME_LISTS = 8;

/**
 * The public lists with the most games, most first (ties by code): one bounded query on `lists-public`
 * ordered by `game_count` (the rules allow no other read of the collection). Invalid entries are left out.
 */
async function largestLists(db: RtdbClient): Promise<ListLink[]> {
  const found = await db.query(
    ROOTS.listsPublic,
    { orderBy: 'game_count', limitToLast: HOME_LISTS },
    z.record(z.string(), z.unknown()),
  );
  return Object.entries(found ?? {})
    .flatMap(([code, value]) => {
      const summary = listSummarySchema.safeParse(value);
      return summary.success ? [{ code, ...summary.data }] : [];
    })
    .sort((a, b) => b.game_count - a.game_count || a.code.localeCompare(b.code));
}

/** Highlighted game ids, in the order curators gave them (`highlights/home`, see home-highlights.ts). */
async function highlightedGameIds(db: RtdbClient): Promise<string[]> {
  // Read checked: highlights of the wrong shape are logged and seen as none, and the page built without
  // them is not kept at the edge (the database client tells the Worker, worker/database.ts).
  const highlights = await db.read(ROOTS.highlightsHome, homeHighlightsSchema);
  return Object.entries(highlights?.games ?? {})
    .sort(([, a], [, b]) => a - b)
    .map(([id]) => id);
}

/**
 * The home page: curated highlights, trending games, top games not already shown, the largest curated
 * lists and the latest events, in two rounds of reads: the ids, the rankings and the lists in parallel, then the highlighted and
 * trending games in parallel. Each part failing leaves the page without it (spec section 8).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<HomePageData> {
  const db = context.get(publicDatabaseContext);
  const [idsResult, trendingResult, topResult, listsResult, eventsResult] = await Promise.allSettled([
    highlightedGameIds(db),
    trendingGameIds(db),
    fetchTopGames(db),
    largestLists(db),
    latestEvents(db),
  ]);
  const ids: string[] = settledOr(idsResult, [], 'home highlights');
  // A highlighted game is not repeated in trending, nor either in top games.
  const trendingIds = settledOr(trendingResult, [], 'trending games').filter((id) => !ids.includes(id));
  const [highlights, trending] = await Promise.all(
    [ids, trendingIds].map((gameIds) =>
      gamesByIds(db, gameIds).catch((error: unknown) => {
        console.error('Home games failed', error);
        return [];
      }),
    ),
  );
  const top = topGamesExcluding(settledOr(topResult, [], 'top games'), [...ids, ...trendingIds]);
  return {
    highlights: (highlights ?? []).map(toGameSummary),
    trending: (trending ?? []).map(toGameSummary),
    topGames: top.map(toGameSummary),
    lists: settledOr(listsResult, [], 'curated lists'),
    events: settledOr(eventsResult, [], 'events'),
  };
}
