import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ratingsMoved, SCORES, type RatingFigures as Ratings } from '../../../shared/rating-figures.ts';
import { callApi } from '../browser-capabilities.ts';
import { changeFailure, SignInTo, signedOut, useLoginPath } from '../shelves/member-choice.tsx';
import { announceShelf } from '../shelves/shelf-moved.ts';

// A member's score buttons (game-ratings.tsx loads this module only when the browser holds a session, after
// hydration: a visitor's first load carries the ratings alone).

/** The member's score of the game: unknown until the API has answered. */
type Mine = 'unknown' | 'signed-out' | { score: number | null };

/**
 * The ten scores as toggle buttons: the member's own read from GET /api/games/{gameId}/rating; one tap
 * rates (a first score of a game on no shelf puts it on "played", which the shelf control is told), a tap
 * on their score clears it. Shown at once, undone if the API refuses; the game's ratings go to `onRatings`.
 */
export function RatingControl({
  gameId,
  ratings,
  onRatings,
}: {
  gameId: string;
  ratings: Ratings;
  onRatings: (ratings: Ratings) => void;
}) {
  const [mine, setMine] = useState<Mine>('unknown');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const navigate = useNavigate();
  const loginPath = useLoginPath();

  useEffect(() => {
    let current = true;
    callApi((api) => api.games[':gameId'].rating.$get({ param: { gameId } })).then(
      (state) => {
        if (!current) return;
        setMine({ score: state.score });
        onRatings(state.ratings);
      },
      (error: unknown) => {
        if (!current) return;
        if (signedOut(error)) {
          setMine('signed-out');
          return;
        }
        setMine({ score: null });
        setMessage('Could not check your rating of this game.');
      },
    );
    return () => {
      current = false;
    };
  }, [gameId, onRatings]);

  async function tap(from: number | null, score: number) {
    const to = from === score ? null : score;
    const before = ratings;
    setBusy(true);
    setMessage('');
    setMine({ score: to });
    onRatings(ratingsMoved(before, from, to));
    try {
      const { changeRating } = await import('./rating-change.ts');
      const answer = await changeRating(gameId, to);
      setMine({ score: answer.score });
      onRatings(answer.ratings);
      announceShelf(gameId, answer.status);
    } catch (error) {
      setMine({ score: from });
      onRatings(before);
      if (signedOut(error)) {
        setMine('signed-out');
        await navigate(loginPath);
        return;
      }
      setMessage(
        changeFailure(
          error,
          to === null
            ? 'Could not clear your rating. Please try again.'
            : 'Could not rate this game. Please try again.',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  const waiting = mine === 'unknown' || busy;
  const score = typeof mine === 'object' ? mine.score : null;
  if (mine === 'signed-out') return <SignInTo action="rate this game" />;
  return (
    <>
      <div className="rating-buttons" role="group" aria-label="Your rating">
        {SCORES.map((value) => (
          <button
            key={value}
            type="button"
            className="rating-button"
            aria-pressed={score === value}
            aria-disabled={waiting || undefined}
            onClick={() => {
              if (!waiting) void tap(score, value);
            }}
          >
            {value}
            <span className="shelf-visually-hidden"> out of 10</span>
          </button>
        ))}
      </div>
      <p className="shelf-message" role="status">
        {message}
      </p>
    </>
  );
}
