/**
 * The window the API's abuse limits count in (each `simple.period` of wrangler.toml's `[[ratelimits]]`).
 * A request over a limit is answered 429 `too-many-requests` with `Retry-After` of this many seconds; the
 * browser waits as long before going on with a long task (a library import's follows).
 */
export const RATE_LIMIT_PERIOD_SECONDS = 60;
