import { Link, useLoaderData } from 'react-router';
import { GameGrid } from '../components/game-card.tsx';
import { useGamesWithHiddenTags } from '../components/hidden-tag-games.ts';
import { JsonLd } from '../components/json-ld.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { TopRatedGrid } from '../components/top-rated-grid.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { loader } from './home-page.loader.ts';

/** An event's start day, as "Dec 12, 2019" (dates are days, kept in UTC). */
const eventDay = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const DESCRIPTION =
  'Questline is a social network around games: discover games, follow players and events, and share what you play.';

export function Component() {
  const { highlights, trending, topGames, topRated, lists, events } = useLoaderData<typeof loader>();
  // A signed-in member's hidden tags take their games out of trending, top games and top rated once hydrated.
  const hidden = useGamesWithHiddenTags(
    [...trending, ...topGames, ...topRated.map(({ game }) => game)].map((game) => game.uuid),
  );
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
      <GameGrid
        id="trending"
        title="Trending now"
        games={trending.filter((game) => !hidden.has(game.uuid))}
      />
      <GameGrid id="top-games" title="Top games" games={topGames.filter((game) => !hidden.has(game.uuid))} />
      <TopRatedGrid id="top-rated" games={topRated.filter(({ game }) => !hidden.has(game.uuid))} />
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
      {events.length > 0 ? (
        <section className="game-grid-section" aria-labelledby="events">
          <h2 id="events">Events</h2>
          <ul className="list-links">
            {events.map((event) => (
              <li key={event.deepLink}>
                <Link to={`/event/${event.deepLink}`}>
                  <span className="list-link-name">{event.name}</span>
                  <span className="list-link-count">
                    {[event.starts_on ? eventDay.format(new Date(event.starts_on)) : null, event.place]
                      .filter(Boolean)
                      .join(' · ')}
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
