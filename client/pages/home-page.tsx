import { useLoaderData } from 'react-router';
import { GameGrid } from '../components/game-card.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import type { loader } from './home-page.loader.ts';

export function Component() {
  const { highlights, topGames } = useLoaderData<typeof loader>();
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
