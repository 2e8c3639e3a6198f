import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp, type AppOptions } from '../app.ts';
import { dropEdgeCopy } from '../edge-cache.ts';

/**
 * Request options that keep the edge cache out of the way: requestApp drops the page's copy before and
 * after, so the request renders and leaves nothing behind. Its session cookie does not skip the cache
 * (public pages are the same for everyone); it makes page data answered as to a signed-in member.
 */
export const uncached: RequestInit = { headers: { Cookie: '__session=test' } };

/**
 * One request to the app as the Worker serves it, waiting for what it left running (`waitUntil`, e.g.
 * an edge-cache write) before answering the response and its body.
 */
export async function requestApp(
  env: Env,
  path: string,
  options: AppOptions = {},
  init: RequestInit = {},
): Promise<{ response: Response; body: string }> {
  const url = `http://questline.test${path}`;
  const keepCacheOut = init === uncached;
  if (keepCacheOut) await dropEdgeCopy(url);
  const ctx = createExecutionContext();
  const response = await createApp(options).request(url, init, env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  if (keepCacheOut) await dropEdgeCopy(url);
  return { response, body };
}

/** The URL a fetch was called with. */
export function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}
