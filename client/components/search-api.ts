import type { SearchAnswer, SearchResult } from '../../shared/schemas/search.ts';
import { withDeadline } from './call-deadline.ts';

/**
 * What the site's search answers for `text` (`GET /api/search`, edge-cached, the same for everyone: no
 * credential), at most `limit` games and members. The header's search box and the editors' game pickers
 * ask it. A plain fetch rather than the API's client (client/browser/api-client.ts): it carries the box's
 * own signal (a newer keystroke ends the older search) and never a token; its answer is typed by the
 * route's answer schema (worker/api/search.ts).
 */
export async function searchCatalogue(
  text: string,
  limit: number,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  const query = new URLSearchParams({ q: text, limit: String(limit) });
  const response = await fetch(`/api/search?${query.toString()}`, {
    headers: { Accept: 'application/json' },
    signal: withDeadline(signal),
  });
  if (!response.ok) throw new Error(`Search answered ${String(response.status)}`);
  const answer: SearchAnswer = await response.json();
  return answer.results;
}
