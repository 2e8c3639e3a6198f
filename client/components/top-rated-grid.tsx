import type { RatedGame } from '../../shared/catalogue/top-rated.ts';
import { averageWithOneDecimal } from '../../shared/rating-figures.ts';
import { formatCount } from './count-format.ts';
import { GameCard } from './game-card.tsx';

/**
 * "Top rated": the games best first by their Bayesian average (shared/catalogue/top-rated.ts), each card
 * with its plain average with one decimal and its number of ratings ("9.0 · 2,000 ratings", "out of 10"
 * said to screen readers). Renders nothing when there are none.
 */
export function TopRatedGrid({ id, games }: { id: string; games: readonly RatedGame[] }) {
  if (games.length === 0) return null;
  return (
    <section className="game-grid-section" aria-labelledby={id}>
      <h2 id={id}>Top rated</h2>
      <ol className="game-grid">
        {games.map(({ game, average, count }) => (
          <GameCard key={game.uuid} game={game}>
            <span className="game-card-details game-card-rating">
              {averageWithOneDecimal(average)}
              <span className="shelf-visually-hidden"> out of 10</span>
              {` · ${count === 1 ? '1 rating' : `${formatCount(count)} ratings`}`}
            </span>
          </GameCard>
        ))}
      </ol>
    </section>
  );
}
