import { createContext } from 'react-router';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import type { SearchAnswer, SearchRequest } from '../shared/schemas/search.ts';

/**
 * The database as page loaders read it: the Worker's public client (no credential, only what the rules make
 * public), so a page is the same for every visitor and can be cached. Set by the Worker for each request;
 * page loaders run only there (client/pages/*.loader.ts), and the browser asks the Worker for their data.
 */
export const publicDatabaseContext = createContext<RtdbClient>();

/**
 * Whether this isolate found the page's address missing lately (worker/recently-missing.ts): a loader
 * then reads what says whether its record exists first, and what the page would show only once it does,
 * so that a dead link asked for again and again costs one read rather than the page's all.
 */
export const addressRecentlyMissingContext = createContext<boolean>(false);

/**
 * Search as the results page's loader runs it: the Worker's call of the `http-doSearch` function
 * (worker/search/call-search.ts), the same search as `GET /api/search`. Set by the Worker for each request.
 */
export const searchContext = createContext<(request: SearchRequest) => Promise<SearchAnswer>>();
