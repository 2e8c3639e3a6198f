import { Form, Link, useLoaderData } from 'react-router';
import { MAX_SEARCH_TEXT_LENGTH } from '../../shared/search-limits.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { SearchResultArt, SearchResultText } from '../components/search-box-result.tsx';
import { CardShelf } from '../components/shelves/card-shelf.tsx';
import type { loader, SearchPageData } from './search-page.loader.ts';

/** What the page says above the results, or instead of them. */
function summaryOf({ query, state, results }: SearchPageData): string {
  if (state === 'empty') return 'Type the name of a game or a member to search for it.';
  if (state === 'too-long')
    return `That is too long to be a name: type at most ${MAX_SEARCH_TEXT_LENGTH} characters.`;
  if (state === 'unavailable') return 'Search is not available just now. Please try again in a moment.';
  if (results.length === 0)
    return `No games or members match “${query}”. Check the spelling, or try fewer words.`;
  const count = results.length === 1 ? '1 result' : `${String(results.length)} results`;
  return `${count} for “${query}”.`;
}

/**
 * The results of a search (`/search?q=<text>`): each game or member with its picture, best match
 * first; each game with its shelf button beside its link (a member's shelves come after hydration, in one
 * request for the page's games, as on game cards). Rendered by the server, so it works before (and without) JavaScript. Not for search engines
 * (noindex): it is a page of another page's links.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const title = data.query ? `Search: ${data.query}` : 'Search';
  const path = data.query ? `/search?q=${encodeURIComponent(data.query)}` : '/search';
  return (
    <section className="search-page" aria-labelledby="search-page-title">
      <PageMeta title={title} description="Find games and members on Questline." path={path} noindex />
      <h1 id="search-page-title">{data.query ? `Results for “${data.query}”` : 'Search'}</h1>
      {/* Named apart from the header's search landmark, so the two read as different places. */}
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Search again"
        className="search-page-form"
      >
        <label htmlFor="search-page-query">Search games and members</label>
        <div className="search-page-row">
          <input
            id="search-page-query"
            name="q"
            type="search"
            defaultValue={data.query}
            key={data.query}
            maxLength={MAX_SEARCH_TEXT_LENGTH}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="pill-button pill-button-filled">
            Search
          </button>
        </div>
      </Form>
      <p className="search-page-summary" role="status">
        {summaryOf(data)}
      </p>
      {data.results.length > 0 ? (
        <ol className="search-results">
          {data.results.map((result) => (
            <li
              key={`${result._type}:${result._id}`}
              className={result._type === 'game' ? 'search-result-game' : undefined}
            >
              <Link to={result.link} className="search-result">
                <SearchResultArt result={result} />
                <SearchResultText result={result} />
              </Link>
              {result._type === 'game' ? <CardShelf gameId={result._id} name={result.name} /> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
