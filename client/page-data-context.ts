import { createContext } from 'react-router';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';

/**
 * The database as page loaders read it: the Worker's public client (no credential, only what the rules make
 * public), so a page is the same for every visitor and can be cached. Set by the Worker for each request;
 * page loaders run only there (client/pages/*.loader.ts), and the browser asks the Worker for their data.
 */
export const publicDatabaseContext = createContext<RtdbClient>();
