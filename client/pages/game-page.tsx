import { useLoaderData } from 'react-router';
import type { Game } from '../../shared/schemas/game.ts';
import { GameArt } from '../components/game-art.tsx';
import { GameGrid } from '../components/game-card.tsx';
import { FeedSection } from '../components/feed/feed-section-on-demand.tsx';
import { FollowButton } from '../components/follow-button.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { GameReviews } from '../components/reviews/game-reviews-on-demand.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { GameRatings } from '../components/ratings/game-ratings-on-demand.tsx';
import { ShelfControl } from '../components/shelves/shelf-control-on-demand.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { loader } from './game-page.loader.ts';

const releaseFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

function describe(game: Game): string {
  if (game.content.description) return game.content.description;
  const genre = game.genres.length > 0 ? game.genres.join(', ').toLowerCase() : 'game';
  const by = game.developers.length > 0 ? ` by ${game.developers.join(', ')}` : '';
  const year = game.release_date ? `, released ${game.release_date.slice(0, 4)}` : '';
  return `${game.name} is a ${genre} game${by}${year}. Follow it on Questline to see what players are saying.`;
}

/** Structured data so search engines understand the page is about a video game (https://schema.org/VideoGame). */
function gameJsonLd(game: Game, description: string, url: string): Record<string, unknown> {
  return {
    '@type': 'VideoGame',
    name: game.name,
    description,
    url,
    ...(game.genres.length > 0 ? { genre: game.genres } : {}),
    ...(game.platforms.length > 0 ? { gamePlatform: game.platforms } : {}),
    ...(game.developers.length > 0
      ? { author: game.developers.map((name) => ({ '@type': 'Organization', name })) }
      : {}),
    ...(game.publishers.length > 0
      ? { publisher: game.publishers.map((name) => ({ '@type': 'Organization', name })) }
      : {}),
    ...(game.release_date ? { datePublished: game.release_date } : {}),
    ...(game.icon ? { image: game.icon } : {}),
    ...(game.steam_appid
      ? { sameAs: `https://store.steampowered.com/app/${String(game.steam_appid)}/` }
      : {}),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/FollowAction',
      userInteractionCount: game.follows,
    },
  };
}

function Facts({ game }: { game: Game }) {
  const facts: [string, string][] = [];
  if (game.developers.length > 0) facts.push(['Developer', game.developers.join(', ')]);
  if (game.publishers.length > 0) facts.push(['Publisher', game.publishers.join(', ')]);
  if (game.release_date) facts.push(['Released', releaseFormat.format(new Date(game.release_date))]);
  const platforms = game.platforms.filter((platform) => platform !== 'PC');
  if (platforms.length > 0) facts.push(['Platforms', platforms.join(', ')]);
  if (facts.length === 0) return null;
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Component() {
  const { game, suggGames, topGames, feed } = useLoaderData<typeof loader>();
  const description = describe(game);
  const path = `/game/${game.deeplink_url_code}`;
  const url = useAbsoluteUrl(path);
  return (
    <article className="game-page">
      <PageMeta title={game.name} description={description} path={path} image={game.icon} />
      <JsonLd data={gameJsonLd(game, description, url)} />
      <header className="game-hero">
        <GameArt name={game.name} icon={game.icon} size="hero" />
        <div className="game-hero-text">
          {game.genres.length > 0 ? (
            <ul className="chips" aria-label="Genres">
              {game.genres.map((genre) => (
                <li key={genre}>{genre}</li>
              ))}
            </ul>
          ) : null}
          <h1>{game.name}</h1>
          {/* Keyed by game: its follow state must not carry over to the next game page. */}
          <FollowButton
            key={game.deeplink_url_code}
            type="game"
            targetId={game.deeplink_url_code}
            followers={game.follows}
          />
          {/* Keyed by game: the member's shelf must not carry over to the next game page. */}
          <ShelfControl
            key={`shelves-${game.deeplink_url_code}`}
            gameId={game.deeplink_url_code}
            counts={game.shelves}
          />
          <GameRatings
            key={`ratings-${game.deeplink_url_code}`}
            gameId={game.deeplink_url_code}
            ratings={game.ratings}
          />
        </div>
      </header>
      <div className="game-body">
        <section aria-labelledby="about-game">
          <h2 id="about-game">About</h2>
          <p>{description}</p>
          {game.tags.length > 0 ? (
            <ul className="tags" aria-label="Tags">
              {game.tags.slice(0, 12).map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          ) : null}
        </section>
        <Facts game={game} />
      </div>
      {/* Keyed by game: the next game page's reviews start closed. */}
      <GameReviews key={`reviews-${game.deeplink_url_code}`} gameId={game.deeplink_url_code} />
      {/* Keyed by game: the next game page's feed starts afresh. */}
      <FeedSection
        key={game.deeplink_url_code}
        targetType="game"
        targetId={game.deeplink_url_code}
        feed={feed}
      />
      <GameGrid
        id="suggested-games"
        title={`Players who follow ${game.name} also follow`}
        games={suggGames}
      />
      <GameGrid id="top-games" title="Top games" games={topGames} />
    </article>
  );
}
