// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { SEARCH_LIMIT } from '../../shared/constants.ts';
import type { SearchResult } from '../../shared/schemas/search.ts';
import { MAX_SEARCH_TEXT_LENGTH } from '../../shared/search-limits.ts';
import { searchContext } from '../page-data-context.ts';

/**
 * The results page's bundle: what was searched for and what was found. `state` tells the page what to
 * say: `results` (perhaps none), `empty` (nothing typed), `too-long` (over 100 characters) or
 * `unavailable` (search failed just now).
 */
export interface SearchPageData {
  query: string;
  state: 'results' | 'empty' | 'too-long' | 'unavailable';
  results: SearchResult[];
}

/**
 * `/search?q=<text>`: where Enter in the header's search box leads, and where the box's plain form goes
 * without JavaScript. The same search as `GET /api/search` (the `http-doSearch` function), up to the
 * spec's 25 results; a failing search is answered 503 with the page saying so (and not cached).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (query === '') return { query, state: 'empty', results: [] } satisfies SearchPageData;
  if (query.length > MAX_SEARCH_TEXT_LENGTH)
    return data<SearchPageData>({ query: '', state: 'too-long', results: [] }, { status: 400 });
  try {
    const answer = await context.get(searchContext)({ name: query, limit: SEARCH_LIMIT });
    return { query, state: 'results', results: answer.results } satisfies SearchPageData;
  } catch (error) {
    console.error(`Searching for the results page failed`, error);
    return data<SearchPageData>({ query, state: 'unavailable', results: [] }, { status: 503 });
  }
}
