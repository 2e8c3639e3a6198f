import { useLoaderData } from 'react-router';
import type { HomePageData } from '../../shared/page-data.ts';
import { GameGrid } from '../components/game-card.tsx';
import { PageMeta } from '../components/page-meta.tsx';

export function Component() {
  const { highlights, topGames } = useLoaderData<HomePageData>();
  return (
    <>
      <PageMeta
        title="Discover games and the people who play them"
        description="Questline is a social network around games: discover games, follow players and events, and share what you play."
        path="/"
      />
      <section className="hero">
        <h1>Find your next game</h1>
        <p>Follow the games, players and events you love. See what everyone else is playing.</p>
      </section>
      <GameGrid id="highlights" title="Featured" games={highlights} />
      <GameGrid id="top-games" title="Top games" games={topGames} />
    </>
  );
}
