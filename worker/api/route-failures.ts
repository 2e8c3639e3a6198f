import type { RouteConfig } from '@hono/zod-openapi';
import type { ApiErrorCode } from '../../shared/errors.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from '../../shared/rate-limit.ts';
import { NOT_A_MEMBER_MESSAGE } from '../auth/require-member.ts';

// The failures an API route can answer, as its definition documents them (worker/api/route-definition.ts):
// those every route of a kind answers (a member route's 401, a write's 429) are added by the kind; a
// route names only its own. Each becomes a response of the OpenAPI document, with its code and words as
// an example of the `ApiError` envelope (worker/api/api-document.ts).

/** A failure as the document lists it: its status, code, when it happens and the words it carries. */
export interface Failure {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;
  code: ApiErrorCode;
  /** When it happens. */
  when: string;
  /** The words the answer carries. */
  message: string;
  fields?: Record<string, string>;
}

/** Answered by every route that takes parameters or a body, before its handler runs (route-definition.ts). */
export const INVALID_INPUT: Failure = {
  status: 400,
  code: 'invalid-input',
  when: 'A parameter or the body does not match its schema: `fields` names each one.',
  message: 'Some fields are not valid.',
  fields: { targetId: 'Not a valid id.' },
};

/** Answered by every member route (worker/auth/require-user.ts). */
export const MEMBER_FAILURES: readonly Failure[] = [
  {
    status: 401,
    code: 'unauthenticated',
    when: 'No `Authorization: Bearer` header, or its ID token is not valid (expired, another project’s).',
    message: 'Please sign in.',
  },
  {
    status: 503,
    code: 'unavailable',
    when: 'The ID token cannot be checked just now (Google’s keys unreachable); retry after `Retry-After`.',
    message: 'We can’t check your sign-in right now. Please try again in a moment.',
  },
];

/** Answered by a member's writes over their limit (worker/rate-limit/limits.ts, wrangler.toml's `[[ratelimits]]`). */
export const TOO_MANY_WRITES: Failure = {
  status: 429,
  code: 'too-many-requests',
  when:
    'The member made more writes in the last minute than anyone reading and clicking does (120), or more ' +
    'writes came from their address than a household makes (300, whatever the accounts); nothing was done: ' +
    `wait \`Retry-After\` seconds (${String(RATE_LIMIT_PERIOD_SECONDS)}).`,
  message: 'You’re doing that too often. Please wait a minute, then try again.',
};

/** A read counted by limitCostlyReads (worker/rate-limit/limits.ts): each costs the database many reads. */
export const TOO_MANY_READS: Failure = {
  ...TOO_MANY_WRITES,
  when:
    'The caller asked this more often in the last minute than anyone opening pages does (120), or more such ' +
    'requests came from their address than a household makes (300, whatever the accounts); nothing was ' +
    `read: wait \`Retry-After\` seconds (${String(RATE_LIMIT_PERIOD_SECONDS)}).`,
};

/** Answered by a write from an account that never became a member (worker/auth/require-member.ts). */
export const NOT_A_MEMBER: Failure = {
  status: 403,
  code: 'not-a-member',
  when:
    'The ID token is valid but its account has no member record (made at the sign-in provider, never ' +
    'signed up here); nothing was done: finish signing up, or continue as a guest.',
  message: NOT_A_MEMBER_MESSAGE,
};

/** Answered by any route when the database fails or cannot be reached (worker/on-error.ts). */
export const DATABASE_UNAVAILABLE: Failure = {
  status: 503,
  code: 'unavailable',
  when: 'The database cannot be reached just now; nothing was done: retry after `Retry-After`.',
  message: 'Questline is not available just now. Please try again in a moment.',
};

/** Answered by every route with a body (worker/api/index.ts). */
export const PAYLOAD_TOO_LARGE: Failure = {
  status: 413,
  code: 'payload-too-large',
  when: 'The body is over 16 KB.',
  message: 'This request is too large.',
};

/** Where the document keeps the envelope every failure answers (worker/api/api-document.ts). */
export const API_ERROR_REF = '#/components/schemas/ApiError';

/** A response of a route's definition. */
type ResponseConfig = RouteConfig['responses'][string];

/** Failures as the document's responses: grouped by status, each code an example of the envelope. */
export function failureResponses(failures: readonly Failure[]): Record<string, ResponseConfig> {
  const byStatus = Map.groupBy(failures, (failure) => failure.status);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, group]) => [
        String(status),
        {
          description: group.map((failure) => `\`${failure.code}\`: ${failure.when}`).join(' '),
          content: {
            'application/json': {
              schema: { $ref: API_ERROR_REF },
              examples: Object.fromEntries(
                group.map((failure, index) => [
                  // Named by the code, numbered when a status answers one code for two reasons.
                  group.findIndex((other) => other.code === failure.code) === index
                    ? failure.code
                    : `${failure.code}-${String(index + 1)}`,
                  {
                    summary: failure.when,
                    value: {
                      error: {
                        code: failure.code,
                        message: failure.message,
                        ...(failure.fields ? { fields: failure.fields } : {}),
                      },
                    },
                  },
                ]),
              ),
            },
          },
        },
      ]),
  );
}

/** A 404 for a record the request names that does not exist. */
export const notFound = (what: string, message = `No such ${what}.`): Failure => ({
  status: 404,
  code: 'not-found',
  when: `The ${what} does not exist.`,
  message,
});

/** A 409 when the record changed under the write (a conditional write lost its race). */
export const BUSY: Failure = {
  status: 409,
  code: 'busy',
  when: 'The same record was changing at that moment; trying again is safe.',
  message: 'This is changing right now. Please try again.',
};

/** A 409 when an id was followed or liked before as another kind than the request says. */
export const KIND_MISMATCH: Failure = {
  status: 409,
  code: 'kind-mismatch',
  when: 'The id was followed or liked before as another kind than `type` says.',
  message: 'That is not a game.',
};
