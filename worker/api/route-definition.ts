import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { refuseInvalidInput } from '../validate.ts';
import {
  DATABASE_UNAVAILABLE,
  failureResponses,
  INVALID_INPUT,
  MEMBER_FAILURES,
  NOT_A_MEMBER,
  PAYLOAD_TOO_LARGE,
  TOO_MANY_WRITES,
  type Failure,
} from './route-failures.ts';

// How an endpoint of the API is defined, once (@hono/zod-openapi): its method, path, the schemas of what
// it takes and answers, who may call it and what it refuses. That one definition validates the request
// (400 `invalid-input` before the handler runs), types the browser's client (`hc` over the API's type,
// client/browser/api-routes.ts) and writes the endpoint into /api/openapi.json and /api/docs.
// https://hono.dev/examples/zod-openapi · https://github.com/honojs/middleware/tree/main/packages/zod-openapi

/** A router of API routes: invalid input answers the API's own 400 envelope, field by field. */
export function apiRoutes() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) refuseInvalidInput(result.error);
    },
  });
}

// Any middleware: each route's own (an editor check) keeps its types for the handler.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Middleware = MiddlewareHandler<any, any, any>;

/** An endpoint as its area writes it: createRoute's config, its own middleware, and its own refusals. */
type Definition = Omit<RouteConfig, 'middleware' | 'security'> & {
  middleware?: Middleware[];
  /** The failures this endpoint answers beyond those of its kind (a 404, a 409): see route-failures.ts. */
  refusals?: readonly Failure[];
};

type Listed<M> = M extends Middleware[] ? M : [];

/**
 * The definition as createRoute returns it, with the kind's middleware first. The failures' responses are
 * in the document but not in the type: a handler answers success, and refusals are thrown (on-error.ts).
 */
type Defined<R extends Definition, Kind extends Middleware[]> = Omit<R, 'middleware' | 'refusals'> & {
  middleware: [...Kind, ...Listed<R['middleware']>];
  getRoutingPath(): string;
};

const MEMBER_SECURITY = [{ firebaseIdToken: [] }];

function define(
  definition: Definition,
  kind: { middleware: Middleware[]; failures: readonly Failure[]; member: boolean },
) {
  const { refusals = [], middleware = [], ...route } = definition;
  const request = route.request;
  const takesInput = Boolean(request?.params ?? request?.query ?? request?.body);
  const failures = [
    ...(takesInput ? [INVALID_INPUT] : []),
    ...kind.failures,
    ...(request?.body ? [PAYLOAD_TOO_LARGE] : []),
    ...refusals,
    // Those with a 503 of their own call a function instead of reading the database.
    ...(refusals.some((failure) => failure.status === 503) ? [] : [DATABASE_UNAVAILABLE]),
  ];
  return createRoute({
    ...route,
    ...(kind.member ? { security: MEMBER_SECURITY } : {}),
    middleware: [...kind.middleware, ...middleware],
    responses: { ...route.responses, ...failureResponses(failures) },
  });
}

/** An endpoint anyone may call, signed in or not. */
export function publicRoute<const R extends Definition>(definition: R): Defined<R, []> {
  return define(definition, { middleware: [], failures: [], member: false }) as unknown as Defined<R, []>;
}

/** An endpoint for a signed-in caller (an ID token as a Bearer header): a read of their own. */
export function memberRoute<const R extends Definition>(definition: R): Defined<R, [typeof requireUser]> {
  return define(definition, {
    middleware: [requireUser],
    failures: MEMBER_FAILURES,
    member: true,
  }) as unknown as Defined<R, [typeof requireUser]>;
}

/**
 * A member's write: signed in, counted against the member's and their address's write limits, and
 * refused to an account with no member record (worker/auth/require-member.ts), before anything is read.
 */
export function memberWriteRoute<const R extends Definition>(
  definition: R,
): Defined<R, [typeof requireUser, typeof memberWrites]> {
  return define(definition, {
    middleware: [requireUser, memberWrites],
    failures: [...MEMBER_FAILURES, NOT_A_MEMBER, TOO_MANY_WRITES],
    member: true,
  }) as unknown as Defined<R, [typeof requireUser, typeof memberWrites]>;
}

/** A JSON answer: its schema, what it is, and an example the document shows (checked against the schema). */
export function jsonAnswer<const S extends z.ZodType>(schema: S, description: string, example?: z.input<S>) {
  return {
    description,
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
  };
}

/** A JSON body the route validates, with the example the document shows. */
export function jsonBody<const S extends z.ZodType>(schema: S, example?: z.input<S>) {
  return {
    required: true,
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
  };
}
