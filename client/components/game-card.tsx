import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { GameSummary } from '../../shared/page-data.ts';
import { GameArt } from './game-art.tsx';
import { CardShelf } from './shelves/card-shelf.tsx';

/**
 * A game in a grid: art, name, the first genre and year, and what the grid adds (`children`); beside the
 * card's link (not in it: a button in a link is neither), its shelf button.
 */
export function GameCard({ game, children }: { game: GameSummary; children?: ReactNode }) {
  const year = game.year ?? game.release_date?.slice(0, 4);
  const details = [game.genres[0], year].filter(Boolean).join(' · ');
  return (
    <li className="game-card">
      <Link to={`/game/${game.deeplink_url_code}`}>
        <GameArt name={game.name} icon={game.icon} />
        <span className="game-card-name">{game.name}</span>
        {details ? <span className="game-card-details">{details}</span> : null}
        {children}
      </Link>
      <CardShelf gameId={game.deeplink_url_code} name={game.name} />
    </li>
  );
}

/**
 * A titled grid of games (`ordered` when their order is a ranking, counting from `start`); renders
 * nothing when there are none.
 */
export function GameGrid({
  title,
  games,
  id,
  ordered = false,
  start = 1,
}: {
  title: string;
  games: GameSummary[];
  id: string;
  ordered?: boolean;
  start?: number;
}) {
  if (games.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className="game-grid-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <List className="game-grid" {...(ordered && start !== 1 ? { start } : {})}>
        {games.map((game) => (
          <GameCard key={game.uuid} game={game} />
        ))}
      </List>
    </section>
  );
}
