import { Link, useLoaderData } from 'react-router';
import { GameGrid } from '../components/game-card.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { loader } from './home-page.loader.ts';

const DESCRIPTION =
  'Questline is a social network around games: discover games, follow players and events, and share what you play.';

export function Component() {
  const { highlights, trending, topGames, lists } = useLoaderData<typeof loader>();
  const url = useAbsoluteUrl('/');
  return (
    <>
      <PageMeta title="Discover games and the people who play them" description={DESCRIPTION} path="/" />
      {/* The site itself, for search engines (https://schema.org/WebSite). */}
      <JsonLd data={{ '@type': 'WebSite', name: 'Questline', url, description: DESCRIPTION }} />
      <section className="hero">
        <h1>Find your next game</h1>
        <p>Follow the games, players and events you love. See what everyone else is playing.</p>
      </section>
      <GameGrid id="highlights" title="Featured" games={highlights} />
      <GameGrid id="trending" title="Trending now" games={trending} />
      <GameGrid id="top-games" title="Top games" games={topGames} />
      {lists.length > 0 ? (
        <section className="game-grid-section" aria-labelledby="lists">
          <h2 id="lists">Lists</h2>
          <ul className="list-links">
            {lists.map((list) => (
              <li key={list.code}>
                <Link to={`/lists/games/${list.code}`}>
                  <span className="list-link-name">{list.name}</span>
                  <span className="list-link-count">
                    {list.game_count} game{list.game_count === 1 ? '' : 's'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
