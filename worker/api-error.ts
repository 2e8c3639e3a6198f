import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorMessage, type ApiErrorBody, type ApiErrorCode } from '../shared/errors.ts';

/**
 * An expected failure of the API: the caller sees the code and the catalogue's words (or `message`),
 * the logs see `detail`. Only codes of the shared union can be answered (`ApiErrorCode`).
 */
export function apiError(
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  options: { message?: string; detail?: string; headers?: HeadersInit; cause?: unknown } = {},
): HTTPException {
  const body: ApiErrorBody = { error: { code, message: options.message ?? errorMessage(code) } };
  return new HTTPException(status, {
    res: Response.json(body, { status, ...(options.headers ? { headers: options.headers } : {}) }),
    message: options.detail ?? code,
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}

/**
 * The database failed, timed out, could not be reached or answered something that is not its answer:
 * the request may succeed in a moment, so the member is told to try again (503, Retry-After) rather
 * than "an error". `detail` is for logs.
 */
export function databaseUnavailable(detail: string, cause?: unknown): HTTPException {
  return apiError(503, 'unavailable', {
    message: 'Questline is not available just now. Please try again in a moment.',
    detail,
    headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' },
    cause,
  });
}
