import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp, type AppOptions } from '../app.ts';

/** Request options that keep the edge cache out of the way: a session cookie makes every request render. */
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
  const ctx = createExecutionContext();
  const response = await createApp(options).request(`http://questline.test${path}`, init, env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

/** The URL a fetch was called with. */
export function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}
