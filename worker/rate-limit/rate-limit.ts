import type { Context, MiddlewareHandler } from 'hono';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from '../../shared/rate-limit.ts';

/**
 * Cloudflare's limiter does not say when a key's window ends, so a refused caller is told to wait one
 * whole window (RATE_LIMIT_PERIOD_SECONDS): by then it counts afresh.
 */
export { RATE_LIMIT_PERIOD_SECONDS };

/** The limiters of wrangler.toml's `[[ratelimits]]`, each counting one kind of request. */
export type RateLimiterName =
  | 'MEMBER_WRITES_LIMITER'
  | 'MEMBER_ADDRESS_WRITES_LIMITER'
  | 'SIGN_UPS_LIMITER'
  | 'GUESTS_LIMITER'
  | 'PAGE_VIEWS_LIMITER'
  | 'SITEMAP_CHILDREN_LIMITER';

/** What a limit counts with: its limiter, and who a request is counted against. */
export interface RateLimitRule<E extends AppEnv> {
  limiter: RateLimiterName;
  /** Who the request counts against: a member's uid, or a visitor's address (client-address.ts). */
  keyOf(c: Context<E>): string;
  /** Only these requests count; the others pass untouched. All of them when absent. */
  counts?(c: Context<E>): boolean;
}

/** The answer to a request over its limit: 429 with Retry-After (RFC 6585 section 4), nothing done. */
export function tooManyRequests(detail: string) {
  return apiError(429, 'too-many-requests', {
    message: 'You’re doing that too often. Please wait a minute, then try again.',
    headers: { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) },
    detail,
  });
}

/**
 * Middleware that counts each request against its key and answers 429 once the key is over the limit,
 * before anything is read or written. It sits before validation, so a flood of malformed requests counts
 * too. Keys are kept per database: a limiter's namespace id is account-wide, so the local Worker (or a
 * test database) never shares counts with production. With several rules (a member's uid and their
 * address), the request counts against each, asked at once, and is refused when any is over.
 *
 * When the limiter itself fails, the request goes on (and the log says so): the limits keep abuse in
 * check, and members' writes should not stop because the counter cannot be reached.
 */
export function rateLimit<E extends AppEnv>(...rules: RateLimitRule<E>[]): MiddlewareHandler<E> {
  return async function limitRequests(c, next) {
    const counted = rules.filter((rule) => !rule.counts || rule.counts(c));
    const refusedBy = await Promise.all(
      counted.map(async (rule) => {
        const key = `${c.env.FIREBASE_DATABASE_NAMESPACE}/${rule.keyOf(c)}`;
        try {
          return (await c.env[rule.limiter].limit({ key })).success ? null : rule.limiter;
        } catch (error) {
          console.error(`Rate limiter ${rule.limiter} could not be asked; the request goes on`, error);
          return null;
        }
      }),
    );
    const refused = refusedBy.find((limiter) => limiter !== null);
    if (refused) throw tooManyRequests(`${refused} refused a request over its limit`);
    await next();
  };
}
