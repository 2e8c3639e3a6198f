import { useEffect, useState, type ComponentType } from 'react';

// A game's Reviews view stays out of the game page's first-load JavaScript and out of its HTML: the page
// renders only the heading and a button (the same for everyone, so it stays cached at the edge); the view's
// code and the reviews themselves load when a reader opens it, or at once after hydration when the address
// asks for it (`?view=reviews`, a link to the view).

interface GameReviewsProps {
  gameId: string;
}

/** The game page's Reviews view, its code loaded when opened. Key it by game. */
export function GameReviews(props: GameReviewsProps) {
  const [View, setView] = useState<ComponentType<GameReviewsProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const open = () => {
    setFailed(false);
    import('./game-reviews.tsx').then(
      (module) => {
        setView(() => module.GameReviewsView);
      },
      () => {
        setFailed(true); // Offline or a new deploy: the button stays, to try again.
      },
    );
  };
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('view') === 'reviews') open();
  }, []);
  return (
    <section className="reviews-section" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      {View ? (
        <View {...props} />
      ) : (
        <button type="button" className="pill-button" onClick={open}>
          Show reviews
        </button>
      )}
      {failed ? <p role="alert">Could not load the reviews. Please try again.</p> : null}
    </section>
  );
}
