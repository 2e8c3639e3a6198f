import type { RouteObject } from 'react-router';
import { routeMatches } from '../route-matches.ts';

// Whether a page's answer is worth a copy at the edge (worker/edge-cache.ts, `keepsCopy`): every page but
// the search results for a text. Any visitor can make up any number of search texts, and each stored
// copy of `/search?q=<text>` would live 11 minutes: one client sending random texts would fill the Cache
// API with pages nobody asks for twice. Folding the text first (case, spacing, accents) and storing only
// pages that found something would not bound it either: search matches any word of the text, with typos
// (shared/search/search-index.ts), so "zelda <random>" finds Zelda. Not storing them costs little: the
// search function answers from the index it keeps in memory, `GET /api/search` (what the header's box
// asks as visitors type) keeps its own few seconds' answers, and a results page is rendered from the
// server only when a visitor presses Enter on a page's first load or follows a shared link. The visitor's
// browser may still keep the page (`private`); `/search` without a text is one page and is stored.

/** False for the results page of a search with a text; true for every other page. */
export function keepsPageCopy(routes: RouteObject[], url: string): boolean {
  const address = new URL(url);
  if (routeMatches(routes, address.pathname)?.at(-1)?.route.id !== 'search') return true;
  return (address.searchParams.get('q') ?? '').trim() === '';
}
