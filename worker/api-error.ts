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
