import { errorMessage, type ApiErrorCode } from './errors.ts';

/**
 * The statuses a refusal answers with: the caller's fault (4xx), or a service we call that failed
 * (502: it answered wrongly; 503: it may answer again soon).
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/**
 * A request refused on purpose, carrying its answer from where it is thrown: the status, the code of
 * the shared union and the words the caller sees (the catalogue's for `code` unless given). The
 * Error's own message is the detail for the logs and is never answered. Domain errors extend this so
 * that no endpoint maps them by hand: worker/on-error.ts answers every refusal the same way, with the
 * API's error body. Web APIs only, so transitions in shared/ can throw it without knowing about Hono.
 */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
  readonly status: RefusalStatus;
  readonly code: ApiErrorCode;
  /** Words safe to show the person who asked. */
  readonly userMessage: string;
  /** Headers the answer carries (e.g. Retry-After). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: RefusalStatus,
    code: ApiErrorCode,
    options: { message?: string; detail?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(options.detail ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = code;
    this.userMessage = options.message ?? errorMessage(code);
    this.headers = options.headers ?? {};
  }
}
