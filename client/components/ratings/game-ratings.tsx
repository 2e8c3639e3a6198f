import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { averageText, ratingsOf, SCORES, type RatingFigures } from '../../../shared/rating-figures.ts';
import { useBrowserSession } from '../browser-session.ts';
import { formatCount } from '../count-format.ts';
import { SignInTo } from '../shelves/member-choice.tsx';

/** The member's score buttons: their code loads only in a browser holding a session, after hydration. */
const RatingControl = lazy(() =>
  import('./rating-control.tsx').then((module) => ({ default: module.RatingControl })),
);

const ratingsLabel = (count: number) => (count === 1 ? '1 rating' : `${formatCount(count)} ratings`);

/**
 * A game's ratings: how many, the average with one decimal and how many gave each score as a small bar
 * chart in the page's own markup (each bar's numbers in its text, for screen readers too), rendered by
 * the server from the game record, the same for every visitor (a sign-in link where a member's buttons
 * go). In a browser holding a session the member's score buttons load after hydration
 * (rating-control.tsx) and keep the numbers here current. Key it by game.
 */
export function GameRatings({
  gameId,
  ratings: rendered,
}: {
  gameId: string;
  /** The game record's summary the page was rendered with (`games/{gameId}/ratings`). */
  ratings: Partial<Record<string, number>> | undefined;
}) {
  const session = useBrowserSession();
  const [ratings, setRatings] = useState<RatingFigures>(() => ratingsOf(rendered));
  const average = averageText(ratings);
  const most = Math.max(1, ...ratings.distribution);
  return (
    <section className="game-ratings" aria-labelledby="game-ratings">
      <h2 id="game-ratings" className="shelf-heading">
        Ratings
      </h2>
      <p className="rating-average">
        {average === null ? (
          'No ratings yet'
        ) : (
          <>
            <span className="rating-average-score">{average}</span>
            <span className="shelf-visually-hidden"> out of 10 from </span>
            <span className="rating-count">{ratingsLabel(ratings.count)}</span>
          </>
        )}
      </p>
      {ratings.count > 0 ? (
        <ol className="rating-bars" aria-label="How members rated it">
          {SCORES.map((value, index) => {
            const count = ratings.distribution[index] ?? 0;
            const share: CSSProperties = { inlineSize: `${String((count / most) * 100)}%` };
            return (
              <li key={value}>
                <span className="rating-bar-score">
                  <span className="shelf-visually-hidden">Score </span>
                  {value}
                  <span className="shelf-visually-hidden">: </span>
                </span>
                <span className="rating-bar-track" aria-hidden="true">
                  <span className="rating-bar" style={share} />
                </span>
                <span className="rating-bar-count">
                  {formatCount(count)}
                  <span className="shelf-visually-hidden">{count === 1 ? ' rating' : ' ratings'}</span>
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      {session ? (
        <Suspense fallback={null}>
          <RatingControl gameId={gameId} ratings={ratings} onRatings={setRatings} />
        </Suspense>
      ) : (
        <SignInTo action="rate this game" />
      )}
    </section>
  );
}
