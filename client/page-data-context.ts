import { createContext } from 'react-router';
import type { PageDataSource } from '../shared/page-data.ts';

/**
 * The page-data source loaders read from: set by the Worker to read the database while rendering,
 * and by the browser to call the Worker's JSON API on client-side navigations.
 */
export const pageDataContext = createContext<PageDataSource>();
