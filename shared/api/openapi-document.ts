import { z } from 'zod';
import type { ApiErrorCode } from '../errors.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from '../rate-limit.ts';
import {
  PUBLIC_API,
  PUBLIC_API_TAGS,
  type DocumentedParameters,
  type PublicEndpoint,
  type PublicEndpointKey,
} from './public-api.ts';

// The OpenAPI 3.1 document of the public API (served at /api/openapi.json), generated from the table in
// public-api.ts: the JSON Schemas are zod's own conversion of the schemas the routes validate with
// (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is), so nothing is written twice.
// https://spec.openapis.org/oas/v3.1.1.html · https://zod.dev/json-schema

/** A JSON Schema as zod writes it. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: string;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

export interface OpenApiResponse {
  description: string;
  content?: { 'application/json': OpenApiMediaType };
}

export interface OpenApiOperation {
  operationId: string;
  tags: [string];
  summary: string;
  description: string;
  security?: [{ firebaseIdToken: [] }];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: { 'application/json': OpenApiMediaType } };
  responses: Record<string, OpenApiResponse>;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: [{ url: string; description: string }];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    schemas: { ApiError: JsonSchema };
    securitySchemes: { firebaseIdToken: Record<string, string> };
  };
}

/** A failure as the document lists it. */
interface Failure {
  status: number;
  code: ApiErrorCode;
  when: string;
  message: string;
  fields?: Record<string, string>;
}

/** Answered by every endpoint that takes parameters or a body, before its handler runs (worker/validate.ts). */
const INVALID_INPUT: Failure = {
  status: 400,
  code: 'invalid-input',
  when: 'A parameter or the body does not match its schema: `fields` names each one.',
  message: 'Some fields are not valid.',
  fields: { targetId: 'Not a valid id.' },
};

/** Answered by every member endpoint (worker/auth/require-user.ts). */
const MEMBER_FAILURES: readonly Failure[] = [
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
const TOO_MANY_WRITES: Failure = {
  status: 429,
  code: 'too-many-requests',
  when:
    'The member made more writes in the last minute than anyone reading and clicking does (120), or more ' +
    'writes came from their address than a household makes (300, whatever the accounts); nothing was done: ' +
    `wait \`Retry-After\` seconds (${String(RATE_LIMIT_PERIOD_SECONDS)}).`,
  message: 'You’re doing that too often. Please wait a minute, then try again.',
};

/** Answered by a write from an account that never became a member (worker/auth/require-member.ts). */
const NOT_A_MEMBER: Failure = {
  status: 403,
  code: 'not-a-member',
  when:
    'The ID token is valid but its account has no member record (made at the sign-in provider, never ' +
    'signed up here); nothing was done: finish signing up, or continue as a guest.',
  message: 'Finish signing up (choose a username) or continue as a guest before you do this.',
};

/** Answered by any endpoint when the database fails or cannot be reached (worker/on-error.ts). */
const DATABASE_UNAVAILABLE: Failure = {
  status: 503,
  code: 'unavailable',
  when: 'The database cannot be reached just now; nothing was done: retry after `Retry-After`.',
  message: 'Questline is not available just now. Please try again in a moment.',
};

/** True for the endpoints that count against a member's write limit and need a member record: everything but reads. */
export function countsAsWrite(key: PublicEndpointKey, endpoint: PublicEndpoint): boolean {
  return endpoint.member && !key.startsWith('GET ');
}

/** Answered by every endpoint with a body (worker/api/index.ts). */
const PAYLOAD_TOO_LARGE: Failure = {
  status: 413,
  code: 'payload-too-large',
  when: 'The body is over 16 KB.',
  message: 'This request is too large.',
};

/** The envelope of every failure: a stable code to branch on, and words safe to show. */
function apiErrorSchema(codes: readonly ApiErrorCode[]) {
  return z.object({
    error: z.object({
      code: z.enum(codes).describe('Stable: branch on it, never on the words.'),
      message: z.string().describe('Words safe to show to the member.'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('With `invalid-input`: one message per invalid field.'),
    }),
  });
}

/** zod's JSON Schema of a request part (what the caller sends) or of an answer (what the route builds). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, {
    io,
    // Answers are described, not filtered: a route may add a field, and clients should ignore those
    // they do not know, so answers never say `additionalProperties: false`.
    override: ({ jsonSchema: part }) => {
      if (io === 'output' && part.additionalProperties === false) delete part.additionalProperties;
    },
  });
  delete converted.$schema;
  return converted;
}

/** `/follows/:type/:targetId` → `/follows/{type}/{targetId}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)/g, '{$1}');
}

/** `PUT /follows/:type/:targetId` → `putFollowsTypeTargetId`. */
function operationId(method: string, path: string): string {
  const words = path.split(/[/:]+/).filter((word) => word !== '');
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function parameters(
  where: 'path' | 'query',
  documented: DocumentedParameters | undefined,
  examples: Readonly<Record<string, string>> | undefined,
): OpenApiParameter[] {
  if (!documented) return [];
  const object = jsonSchema(documented.schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const properties = object.properties ?? {};
  const undescribed = Object.keys(properties).filter((name) => !(name in documented.describe));
  const unknown = Object.keys(documented.describe).filter((name) => !(name in properties));
  if (undescribed.length > 0 || unknown.length > 0)
    throw new Error(
      `${where} parameters and their descriptions differ: ${[...undescribed, ...unknown].join(', ')}`,
    );
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    description: documented.describe[name] ?? '',
    schema,
    ...(examples?.[name] === undefined ? {} : { example: examples[name] }),
  }));
}

/** Every failure an endpoint can answer, grouped by status, each code with its example. */
function failureResponses(key: PublicEndpointKey, endpoint: PublicEndpoint): Record<string, OpenApiResponse> {
  const takesInput = Boolean(endpoint.params ?? endpoint.query ?? endpoint.body);
  const failures: Failure[] = [
    ...(takesInput ? [INVALID_INPUT] : []),
    ...(endpoint.member ? MEMBER_FAILURES : []),
    ...(endpoint.body ? [PAYLOAD_TOO_LARGE] : []),
    ...(countsAsWrite(key, endpoint) ? [NOT_A_MEMBER, TOO_MANY_WRITES] : []),
    ...(endpoint.errors ?? []),
    // Those with a 503 of their own call a function instead of reading the database.
    ...(endpoint.errors?.some((failure) => failure.status === 503) ? [] : [DATABASE_UNAVAILABLE]),
  ];
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
              schema: { $ref: '#/components/schemas/ApiError' },
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

function operation(key: PublicEndpointKey, endpoint: PublicEndpoint): OpenApiOperation {
  const [method = '', path = ''] = key.split(' ');
  const { answer, example } = endpoint;
  const parameterList = [
    ...parameters('path', endpoint.params, example.params),
    ...parameters('query', endpoint.query, example.query),
  ];
  const success: OpenApiResponse = {
    description: answer.description,
    ...(answer.schema
      ? {
          content: {
            'application/json': {
              schema: jsonSchema(answer.schema, 'output'),
              ...(example.answer === undefined ? {} : { example: example.answer }),
            },
          },
        }
      : {}),
  };
  return {
    operationId: operationId(method, path),
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description,
    ...(endpoint.member ? { security: [{ firebaseIdToken: [] }] as [{ firebaseIdToken: [] }] } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(endpoint.body, 'input'),
                ...(example.body === undefined ? {} : { example: example.body }),
              },
            },
          },
        }
      : {}),
    responses: { [String(answer.status)]: success, ...failureResponses(key, endpoint) },
  };
}

const DESCRIPTION = [
  'The JSON API Questline’s own pages use, for building on Questline: feeds, posts, comments, likes, ' +
    'follows, profiles, blocks, search and the home feed.',
  '**Signing in.** Endpoints for signed-in members act as one: send a Firebase Auth ID token of their ' +
    'account as `Authorization: Bearer <token>` (the Firebase Auth SDK’s `getIdToken()`; tokens last an ' +
    'hour). Cookies are never read by the API, so another site cannot call it as its visitor.',
  '**Failures** answer `{ "error": { "code", "message" } }`: branch on `code`, a closed list; `message` ' +
    'is safe to show. `invalid-input` also names each invalid field in `fields`. Nothing is written when ' +
    'a request fails.',
  '**Paging.** Pages of feeds and comments are newest first; pass a page’s `nextCursor` as `cursor` to ' +
    'read on (null: the last page).',
].join('\n\n');

function buildDocument(): OpenApiDocument {
  const entries = Object.entries(PUBLIC_API) as [PublicEndpointKey, PublicEndpoint][];
  const paths: OpenApiDocument['paths'] = {};
  const codes = new Set<ApiErrorCode>();
  for (const [key, endpoint] of entries) {
    const [method = '', path = ''] = key.split(' ');
    const built = operation(key, endpoint);
    for (const response of Object.values(built.responses))
      for (const example of Object.values(response.content?.['application/json'].examples ?? {}))
        codes.add((example.value as { error: { code: ApiErrorCode } }).error.code);
    (paths[openApiPath(path)] ??= {})[method.toLowerCase() as HttpMethod] = built;
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Questline API', version: '1', description: DESCRIPTION },
    servers: [{ url: '/api', description: 'This site’s API.' }],
    tags: PUBLIC_API_TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema([...codes].sort()), 'output') },
      securitySchemes: {
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Firebase Auth ID token of the member’s account.',
        },
      },
    },
  };
}

let built: OpenApiDocument | undefined;

/** The public API's OpenAPI 3.1 document, built once. */
export function publicApiDocument(): OpenApiDocument {
  built ??= buildDocument();
  return built;
}
