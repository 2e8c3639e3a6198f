import { Link } from 'react-router';
import type { CatalogueFacetLink, CatalogueView } from '../../shared/api/browse-page.ts';
import { GameGrid } from './game-card.tsx';

/** Tags offered on the browse page's start: the most common ones (genres are few and all shown). */
const TAGS_OFFERED = 24;

function FacetLinks({
  facet,
  title,
  links,
  current,
}: {
  facet: 'genre' | 'tag';
  title: string;
  links: CatalogueFacetLink[];
  current: string | undefined;
}) {
  if (links.length === 0) return null;
  return (
    <nav className="facet-links" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {links.map((link) => (
          <li key={link.slug}>
            <Link
              to={`/browse?${facet}=${link.slug}`}
              aria-current={link.slug === current ? 'page' : undefined}
              className="chip"
            >
              {link.name} <span className="chip-count">{link.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The whole catalogue by genre and by tag: the genres and most common tags as links, and, when one is
 * chosen, a page of its games (most popular first) with a link to the next page.
 */
export function CatalogueSection({ catalogue }: { catalogue: CatalogueView }) {
  const { selected, games, nextCursor } = catalogue;
  const directory = (
    <>
      <FacetLinks
        facet="genre"
        title="Genres"
        links={catalogue.genres}
        current={selected?.facet === 'genre' ? selected.slug : undefined}
      />
      <FacetLinks
        facet="tag"
        title="Tags"
        links={catalogue.tags.slice(0, TAGS_OFFERED)}
        current={selected?.facet === 'tag' ? selected.slug : undefined}
      />
    </>
  );
  if (!selected) {
    return (
      <section className="catalogue" aria-labelledby="catalogue">
        <h2 id="catalogue">Browse the catalogue</h2>
        {directory}
      </section>
    );
  }
  // Browsing one genre or tag: its games first (on a phone the directory is long), the others folded after.
  return (
    <section className="catalogue" aria-labelledby="catalogue-games">
      <p>
        <Link to="/browse">Back to your browse page</Link>
      </p>
      <GameGrid id="catalogue-games" title={`${selected.name}: most popular first`} games={games} />
      {games.length === 0 ? <p>No games here yet.</p> : null}
      <nav className="pager" aria-label="Pages">
        {selected.after ? <Link to={`/browse?${selected.facet}=${selected.slug}`}>First page</Link> : null}
        {nextCursor ? (
          <Link
            to={`/browse?${selected.facet}=${selected.slug}&after=${encodeURIComponent(nextCursor)}`}
            rel="next"
          >
            Next page
          </Link>
        ) : null}
      </nav>
      <details className="catalogue-directory">
        <summary>Other genres and tags</summary>
        {directory}
      </details>
    </section>
  );
}
