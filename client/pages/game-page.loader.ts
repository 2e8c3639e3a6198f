// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import {
  gameWithSuggestionsSchema,
  keptSuggestions,
} from '../../shared/catalogue/suggested-game-summaries.ts';
import { fetchTopGames, topGamesExcluding } from '../../shared/catalogue/top-games.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { startFeedForPage, type FeedPage } from '../../shared/feed/read-feed.ts';
import { toGameSummary, type GameSummary, type NotFoundPageData } from '../../shared/page-data.ts';
import { GAME } from '../../shared/records/record-kinds.ts';
import { suggestedGamesPath } from '../../shared/rtdb/paths.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import type { Game } from '../../shared/schemas/game.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { settledOr } from '../../shared/settled-or.ts';
import { summaryForPage } from '../../shared/schemas/game-summary.ts';
import { loadGameRatings } from '../components/ratings/game-ratings-on-demand.tsx';
import { loadShelfControl } from '../components/shelves/shelf-control-on-demand.tsx';
import { addressRecentlyMissingContext, publicDatabaseContext } from '../page-data-context.ts';
import { notFoundPageData } from './not-found-page.loader.ts';
import { feedWithActivity, finishPageFeed } from './page-feed.ts';

/** The game page's bundle (spec section 3): the game, games suggested with it, and top games. */
export interface GamePageData {
  game: Game;
  suggGames: GameSummary[];
  topGames: GameSummary[];
  /** The first page of the game's feed, newest first (more through GET /api/posts). */
  feed: FeedPage;
}

/** A game read with the suggestions it keeps (shared/catalogue/suggested-game-summaries.ts). */
const GAME_WITH_SUGGESTIONS = { ...GAME, schema: gameWithSuggestionsSchema };

/** The not-found page is shown at the requested URL, which stays in the address bar (status 404). */
function notFound(bundle: NotFoundPageData) {
  return data(bundle, { status: 404 });
}

/**
 * The game page's bundle in two rounds of database reads: first the game, which keeps its suggested games
 * with their summaries (the suggestion engine writes them from its `se_matrix` row) and its feed's activity
 * time, the top games and the feed's posts in parallel (the deep link is the game's id, so nothing waits for
 * the game); then the feed's preview comments, with any suggested game whose summary is not kept (read
 * whole). Top games or a suggested game failing leave the page without them; the game missing or failing
 * gives the not-found bundle (spec section 8).
 */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<GamePageData> {
  const db = context.get(publicDatabaseContext);
  const deepLink = params.deepLink ?? '';
  if (!deepLinkSchema.safeParse(deepLink).success) throw notFound(await notFoundPageData(db));
  // The feed's posts are read in the first round with the game's reads, their comments in the second;
  // the feed's activity time is the copy the game keeps (shared/transitions/feed-activity.ts). An address
  // found missing lately reads the game alone first: most likely still missing, it then costs one read
  // (top games are the isolate's shared read); a game created meanwhile has its feed read a round later.
  const feedId = feedIdOf('game', deepLink);
  const missingLately = context.get(addressRecentlyMissingContext);
  const [gameResult, topResult, feedStart] = await Promise.allSettled([
    readRecord(db, GAME_WITH_SUGGESTIONS, deepLink),
    fetchTopGames(db),
    missingLately ? null : startFeedForPage(db, feedId, { readActivity: false }),
  ]);
  const topGames = settledOr(topResult, [], 'top games');
  const read = settledOr(gameResult, null, `game ${deepLink}`);
  if (!read) throw notFound({ topGames: topGamesExcluding(topGames, []).map(toGameSummary) });
  const { suggested: kept, feedActivity, ...game } = read;

  // An entry of the wrong shape is logged and the page built without it is not kept at the edge, as a
  // whole value of the wrong shape would be (worker/database.ts).
  const suggestions = keptSuggestions(kept, (gameId, error) => {
    const path = `${suggestedGamesPath(deepLink)}/${gameId}`;
    console.error(`Invalid data at ${path}`, z.prettifyError(error));
    db.reportWrongShape(path);
  });
  const [unkept, feed] = await Promise.all([
    gamesByIds(
      db,
      suggestions.flatMap(({ gameId, summary }) => (summary ? [] : [gameId])),
    ).catch((error: unknown) => {
      console.error(`Suggested games for ${deepLink} failed`, error);
      return [];
    }),
    (missingLately
      ? startFeedForPage(db, feedId, { readActivity: false })
      : Promise.resolve(settledOr(feedStart, null, `feed of ${deepLink}`))
    ).then((started) => finishPageFeed(db, feedWithActivity(started, feedActivity))),
    // The shelves' and ratings' code, so that the server renders them whole (they load on demand).
    loadShelfControl(),
    loadGameRatings(),
  ]);
  const readWhole = new Map(unkept.map((suggested) => [suggested.uuid, toGameSummary(suggested)] as const));
  const suggGames = suggestions.flatMap(({ gameId, summary }) =>
    summary ? [summaryForPage(gameId, summary)] : (readWhole.get(gameId) ?? []),
  );
  return {
    game,
    suggGames,
    topGames: topGamesExcluding(topGames, [game.uuid, ...suggGames.map((g) => g.uuid)]).map(toGameSummary),
    feed,
  };
}
