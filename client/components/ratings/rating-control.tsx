import { ratingsMoved, SCORES, type RatingFigures as Ratings } from '../../../shared/rating-figures.ts';
import { callApi } from '../browser-capabilities.ts';
import { SignInTo } from '../shelves/member-choice.tsx';
import { announceShelf } from '../shelves/shelf-moved.ts';
import { useMemberChoice } from '../shelves/use-member-choice.ts';

// A member's score buttons (game-ratings.tsx loads this module only when the browser holds a session, after
// hydration: a visitor's first load carries the ratings alone).

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
  const {
    mine,
    choice: score,
    waiting,
    message,
    change,
  } = useMemberChoice(
    gameId,
    (id) => callApi((api) => api.games[':gameId'].rating.$get({ param: { gameId: id } })),
    (state) => {
      onRatings(state.ratings);
      return state.score;
    },
    'Could not check your rating of this game.',
  );

  function tap(from: number | null, tapped: number) {
    const to = from === tapped ? null : tapped;
    return change({
      from,
      to,
      showAtOnce: () => {
        const before = ratings;
        onRatings(ratingsMoved(before, from, to));
        return () => {
          onRatings(before);
        };
      },
      send: async () => (await import('./rating-change.ts')).changeRating(gameId, to),
      answered: (answer) => {
        onRatings(answer.ratings);
        announceShelf(gameId, answer.status);
        return answer.score;
      },
      failure:
        to === null
          ? 'Could not clear your rating. Please try again.'
          : 'Could not rate this game. Please try again.',
    });
  }

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
