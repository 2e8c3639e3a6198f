import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_MESSAGES, type ApiErrorBody } from '../shared/errors.ts';
import { Refusal } from '../shared/refusal.ts';
import { RtdbError } from '../shared/rtdb/rest-client.ts';
import { apiError, databaseUnavailable } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

const GENERIC_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Something went wrong · Questline</title>
<body style="font-family:system-ui;background:#0f1117;color:#eef1f7;padding:2rem"><h1>Something went wrong</h1>
<p>We couldn’t load this page just now. Please try again in a moment, or <a style="color:#8ab4ff" href="/">go back home</a>.</p></body></html>`;

/**
 * A JSON body that is not JSON, refused by the routes' own validators with a bare exception in the
 * library's words: @hono/zod-openapi's 415 when the Content-Type is not JSON (sendBeacon's text/plain, a
 * form, none), Hono's 400 when the text does not parse. Answered as the invalid input it is (400, as
 * before the routes' definitions), in the API's envelope.
 */
function isBodyNotJson(error: HTTPException, path: string): boolean {
  return (
    error.res === undefined && (error.status === 415 || error.status === 400) && path.startsWith('/api/')
  );
}

const BODY_NOT_JSON = () =>
  apiError(400, 'invalid-input', { message: 'Send the body as JSON (Content-Type: application/json).' });

/**
 * The one place errors become responses. Expected ones answer as they were built: a refusal (a domain
 * error extending shared/refusal.ts, thrown where the request was refused) with its status, code and
 * words in the API's error body, an HTTPException as is; anything else is logged and answers a generic
 * message: no stack, database URL or upstream text.
 */
export const onError: ErrorHandler<AppEnv> = function onError(error, c) {
  if (error instanceof Refusal) {
    if (error.status >= 500) console.error(error.message, error.cause);
    const { status, code, userMessage: message, headers } = error;
    return apiError(status, code, { message, headers }).getResponse();
  }
  if (error instanceof HTTPException) {
    if (error.status >= 500) console.error(error.message, error.cause);
    if (isBodyNotJson(error, c.req.path)) return BODY_NOT_JSON().getResponse();
    return error.getResponse();
  }
  console.error(`Unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}`, error);
  if (new URL(c.req.url).pathname.startsWith('/api/')) {
    // A database that failed (RtdbError 5xx: down, timed out, unreachable, garbled) may answer again soon.
    if (error instanceof RtdbError && error.status >= 500)
      return databaseUnavailable('database unavailable', error).getResponse();
    const body: ApiErrorBody = { error: { code: 'default', message: ERROR_MESSAGES.default } };
    return c.json(body, 500);
  }
  return c.html(GENERIC_PAGE, 500);
};
