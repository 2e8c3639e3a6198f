import type { ApiAnswer } from '../../shared/api/contract.ts';
import type { SearchResult } from '../../shared/schemas/search.ts';
import { withDeadline } from './call-deadline.ts';

/**
 * What the site's search answers for `text` (`GET /api/search`, edge-cached, the same for everyone: no
 * credential), at most `limit` games and members. The header's search box and the editors' game pickers
 * ask it.
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
  const answer = (await response.json()) as ApiAnswer<'GET /search'>;
  return answer.results;
}
