import { sendHomeFeedMessages } from './home-feed-queue.ts';

// What a change of a game's summary tells the queue: the consumer (shared/catalogue/game-summary-refresh.ts,
// dispatched by the home-feed queue's consumer) rewrites every copy of the summary kept beside what shows
// the game, a page of places a message, so the writing request stays one PATCH and one send.

/**
 * A game whose summary changed (after its PATCH: the consumer reads the game as it is then). A failed
 * send leaves the copies as they were until the game's next change or `npm run job -- game-summaries`,
 * which rewrites every copy; the change itself is saved, so it is not refused for it.
 */
export async function announceGameSummaryChanged(env: Env, gameId: string): Promise<void> {
  try {
    await sendHomeFeedMessages(env, [{ kind: 'game-summary-changed', gameId }]);
  } catch (error) {
    console.error(`Game summaries: the change of ${gameId} could not be queued`, error);
  }
}
