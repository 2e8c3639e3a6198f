// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { startFeedForPage, type FeedPage } from '../../shared/feed/read-feed.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { EVENT } from '../../shared/records/record-kinds.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import type { GameEvent } from '../../shared/schemas/event.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { summaryForPage } from '../../shared/schemas/game-summary.ts';
import { publicDatabaseContext } from '../page-data-context.ts';
import { notFoundPageData } from './not-found-page.loader.ts';
import { feedWithActivity, finishPageFeed } from './page-feed.ts';

/** The event page's bundle (spec section 3): the event and its featured games, in their order. */
export interface EventPageData {
  /** The event as stored, without its games' summaries (`eventGames` carries them) and its feed's time. */
  event: Omit<GameEvent, 'game_summaries' | 'feedActivity'>;
  eventGames: GameSummary[];
  /** The first page of the event's feed, newest first (more through GET /api/posts). */
  feed: FeedPage;
}

/**
 * The event page's bundle in two rounds of database reads: the event (which keeps its feed's activity
 * time) with its feed's posts, then the
 * feed's preview comments. The event keeps its featured games' summaries (shared/schemas/game-summary.ts);
 * a game whose summary it lacks (written before events kept them, until `npm run job -- game-summaries`)
 * is read whole, in the second round. The event missing, invalid or failing to
 * load gives the not-found page with top games at the requested URL, as for a game (spec sections 2 and
 * 8); featured games failing leave the event without them, as suggestions do on a game page. A featured game that does not exist is left out.
 */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<EventPageData> {
  const db = context.get(publicDatabaseContext);
  const deepLink = params.deepLink ?? '';
  const valid = deepLinkSchema.safeParse(deepLink).success;
  // The feed's posts are read in the first round with the event, their comments in the second.
  const [event, feedStart] = valid
    ? await Promise.all([
        readRecord(db, EVENT, deepLink).catch((error: unknown) => {
          console.error(`Loading event ${deepLink} failed`, error);
          return null;
        }),
        // The feed's activity time is the copy the event keeps (shared/transitions/feed-activity.ts).
        startFeedForPage(db, feedIdOf('event', deepLink), { readActivity: false }),
      ])
    : [null, null];
  if (!event) throw data(await notFoundPageData(db), { status: 404 });

  const ids = Object.entries(event.games)
    .sort(([idA, a], [idB, b]) => a - b || idA.localeCompare(idB))
    .map(([id]) => id);
  const { game_summaries: kept = {}, feedActivity, ...shown } = event;
  const [games, feed] = await Promise.all([
    gamesByIds(
      db,
      ids.filter((id) => !kept[id]),
    ).catch((error: unknown) => {
      console.error(`Featured games of event ${deepLink} failed`, error);
      return [];
    }),
    finishPageFeed(db, feedWithActivity(feedStart, feedActivity)),
  ]);
  const read = new Map(games.map((game) => [game.uuid, toGameSummary(game)] as const));
  const eventGames = ids.flatMap((id) => {
    const summary = kept[id];
    return summary ? [summaryForPage(id, summary)] : (read.get(id) ?? []);
  });
  return { event: shown, eventGames, feed };
}
