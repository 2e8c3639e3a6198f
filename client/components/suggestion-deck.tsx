import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { SuggestedGameSummary, SuggestionReasonView } from '../../shared/catalogue/suggested-games.ts';
import type { SuggestionAnswer } from '../../shared/schemas/suggestion.ts';
import { callApi } from './browser-capabilities.ts';
import { GameArt } from './game-art.tsx';

/** What the deck says after an answer, read out by screen readers. */
type DeckStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; text: string } | { kind: 'failed' };

/** "Because you … Hades", for a game on one of the shelves that say what a member likes. */
const SHELF_WORDS = { want: 'want to play', playing: 'are playing', played: 'played' } as const;

/** Why the game is asked, in the member's words: the followed or shelved game that suggested it, linked. */
function SuggestionReason({ reason }: { reason: SuggestionReasonView }) {
  return (
    <p className="suggestion-reason">
      {reason.kind === 'popular' ? (
        'Popular with players whose tastes agree'
      ) : (
        <>
          {`Because you ${reason.kind === 'follows' ? 'follow' : SHELF_WORDS[reason.shelf]} `}
          <Link to={`/game/${reason.game.deeplink_url_code}`}>{reason.game.name}</Link>
        </>
      )}
    </p>
  );
}

/** What a member answers of a game: yes, no, or that they played it already. */
type DeckAnswer = SuggestionAnswer | 'played';

const SAID: Record<DeckAnswer, string> = { yes: 'Yes to', no: 'No to', played: 'Played:' };

/**
 * Games to answer one after another (spec: suggestions, one yes or no per member and game): the first
 * unanswered game with a Yes, a No and a "Played it"; an answer is saved (`PUT /api/suggestions/{id}`) and
 * the next game comes up. "Played it" puts the game on the member's "played" shelf (`PUT
 * /api/games/{gameId}/status`, the code loaded then) and counts as a yes, which is how the suggestion
 * engine reads a liked game; both are idempotent, so a failed one is simply tried again. Each says why it is asked (see SuggestionReason). When none are left, the member can ask for more, which loads the page's bundle again (the
 * answered games are left out by the Worker).
 */
export function SuggestionDeck({ games }: { games: SuggestedGameSummary[] }) {
  const [position, setPosition] = useState(0);
  const [status, setStatus] = useState<DeckStatus>({ kind: 'idle' });
  const revalidator = useRevalidator();
  const game = games[position];

  async function answer(given: DeckAnswer) {
    if (!game || status.kind === 'saving') return;
    setStatus({ kind: 'saving' });
    try {
      if (given === 'played') {
        const { changeShelf } = await import('./shelves/shelf-change.ts');
        await changeShelf(game.deeplink_url_code, 'played');
      }
      const success: SuggestionAnswer = given === 'no' ? 'no' : 'yes';
      await callApi((api) =>
        api.suggestions[':targetId'].$put({ param: { targetId: game.uuid }, json: { success } }),
      );
      setStatus({
        kind: 'saved',
        text: `${SAID[given]} ${game.name}${given === 'played' ? ' is on your Played shelf' : ''}.`,
      });
      setPosition(position + 1);
    } catch {
      setStatus({ kind: 'failed' });
    }
  }

  function findMore() {
    setPosition(0);
    setStatus({ kind: 'idle' });
    void revalidator.revalidate();
  }

  return (
    <section className="suggestion-deck" aria-labelledby="suggestions">
      <h2 id="suggestions">Would you play it?</h2>
      {game ? (
        <article className="suggestion-card" aria-label={game.name} key={game.uuid}>
          <GameArt name={game.name} icon={game.icon} />
          <div className="suggestion-body">
            <h3>
              <Link to={`/game/${game.deeplink_url_code}`}>{game.name}</Link>
            </h3>
            <SuggestionReason reason={game.reason} />
            {game.genres.length > 0 ? <p className="suggestion-details">{game.genres.join(' · ')}</p> : null}
            <div className="suggestion-answers">
              <button
                type="button"
                onClick={() => void answer('yes')}
                disabled={status.kind === 'saving'}
                aria-label={`Yes, I would play ${game.name}`}
              >
                Yes
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => void answer('no')}
                disabled={status.kind === 'saving'}
                aria-label={`No, not ${game.name}`}
              >
                No
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => void answer('played')}
                disabled={status.kind === 'saving'}
                aria-label={`Played it: put ${game.name} on your Played shelf`}
              >
                Played it
              </button>
            </div>
            <p className="suggestion-progress">
              {position + 1} of {games.length}
            </p>
          </div>
        </article>
      ) : (
        <div className="suggestion-done">
          <p>
            {games.length === 0 ? 'No suggestions for now.' : 'That is all for now.'} Follow games to get
            more.
          </p>
          <button
            type="button"
            className="secondary"
            onClick={findMore}
            disabled={revalidator.state !== 'idle'}
          >
            Find more
          </button>
        </div>
      )}
      <p className="suggestion-status" aria-live="polite">
        {status.kind === 'saved' ? status.text : null}
        {status.kind === 'failed' ? 'That answer was not saved. Try again.' : null}
      </p>
    </section>
  );
}
