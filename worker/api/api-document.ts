import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ApiErrorCode } from '../../shared/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { API_ERROR_REF } from './route-failures.ts';

// The OpenAPI 3.1 document of the API (served at /api/openapi.json, read as /api/docs), written from the
// routes' own definitions (worker/api/route-definition.ts), as @hono/zod-openapi registers them: the JSON
// Schemas are zod's own conversion (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is)
// of the very schemas the routes validate with, so nothing is written twice. zod's converter rather than
// zod-to-openapi's (behind `getOpenAPI31Document`), which stops at zod 4's `.catch` that the stored
// records' schemas use. What is not for others to build on (the editors' and developers' tools, the
// account flows) is defined with `hide: true` and left out. https://spec.openapis.org/oas/v3.1.1.html

/** A JSON Schema as the document carries it. */
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
    schemas: Record<string, JsonSchema>;
    securitySchemes: { firebaseIdToken: Record<string, string> };
  };
}

/** The groups of the reference, in the order it shows them; every documented route names one. */
export const API_TAGS = [
  { name: 'Posts', description: 'Feeds of members, games and events: read a page, post, delete.' },
  { name: 'Comments', description: 'Comments on a post: read a page, comment, delete.' },
  { name: 'Likes', description: 'Liking posts and comments.' },
  { name: 'Follows', description: 'Following members, games, events and curated lists.' },
  { name: 'Home feed', description: 'What the signed-in member follows, newest first.' },
  {
    name: 'Shelves',
    description: 'Where a game stands for a member: want to play, playing, played, dropped.',
  },
  { name: 'Ratings', description: 'A member’s score of a game, 1 to 10, and each game’s ratings.' },
  {
    name: 'Reviews',
    description: 'A member’s review of a game: a post on its feed showing their score and shelf.',
  },
  { name: 'Taste', description: 'How much two members’ ratings agree, over the games both rated.' },
  { name: 'Profiles', description: 'A member’s brief, details and header picture.' },
  { name: 'Blocks', description: 'Hiding posts, comments and members, and games one is not interested in.' },
  { name: 'Search', description: 'Games and members by name.' },
] as const;

const DESCRIPTION = [
  'The JSON API Questline’s own pages use, for building on Questline: feeds, posts, comments, likes, ' +
    'follows, profiles, blocks, search and the home feed.',
  '**Signing in.** Endpoints for signed-in members act as one: send a Firebase Auth ID token of their ' +
    'account as `Authorization: Bearer <token>` (the Firebase Auth SDK’s `getIdToken()`; tokens last an ' +
    'hour). Cookies are never read by the API, so another site cannot call it as its visitor.',
  '**Failures** answer `{ "error": { "code", "message" } }`: branch on `code`, a closed list; `message` ' +
    'is safe to show. `invalid-input` also names each invalid field in `fields`. Nothing is written when ' +
    'a request fails.',
  '**Text** a member writes (posts, comments, reviews, profiles, names) is kept as sent, trimmed, with ' +
    'Windows line breaks made plain. Control characters other than line breaks and tabs are refused, and ' +
    'so is a writing-direction override, embedding or isolate not closed on its line; text that shows ' +
    'nothing (zero-width spaces, joiners, direction controls alone) counts as empty.',
  '**Paging.** Pages of feeds and comments are newest first; pass a page’s `nextCursor` as `cursor` to ' +
    'read on (null: the last page).',
].join('\n\n');

/** `put` `/follows/{type}/{targetId}` → `putFollowsTypeTargetId`: an anchor for the reference page. */
function operationId(method: string, path: string): string {
  const words = path.split(/[/{}]+/).filter((word) => word !== '');
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The envelope of every failure, with the codes the document's failures answer. */
function apiErrorSchema(codes: readonly ApiErrorCode[]): JsonSchema {
  return {
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: {
          code: { type: 'string', enum: codes, description: 'Stable: branch on it, never on the words.' },
          message: { type: 'string', description: 'Words safe to show to the member.' },
          fields: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'With `invalid-input`: one message per invalid field.',
          },
        },
        required: ['code', 'message'],
      },
    },
    required: ['error'],
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyApi = OpenAPIHono<AppEnv, any, any>;

/** zod's JSON Schema of a request part (what the caller sends) or of an answer (what the route builds). */
function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema as JsonSchema;
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

/** A route's path or query parameters, each with the description and example its schema's meta gives. */
function parameters(where: 'path' | 'query', schema: unknown): OpenApiParameter[] {
  if (schema === undefined) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, { description, example, ...property }]) => {
    if (typeof description !== 'string') throw new Error(`The ${where} parameter ${name} has no description`);
    return {
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      description,
      schema: property,
      ...(typeof example === 'string' || typeof example === 'number' ? { example: String(example) } : {}),
    };
  });
}

/** A request body's or an answer's JSON media type, converted. */
function mediaType(media: unknown, io: 'input' | 'output'): OpenApiMediaType | undefined {
  if (typeof media !== 'object' || media === null || !('schema' in media)) return undefined;
  const { schema, ...rest } = media as {
    schema: unknown;
    example?: unknown;
    examples?: OpenApiMediaType['examples'];
  };
  return { schema: jsonSchema(schema, io), ...rest };
}

function operation(route: RouteConfig): OpenApiOperation {
  const [tag] = route.tags ?? [];
  if (tag === undefined || route.summary === undefined || route.description === undefined)
    throw new Error(
      `${route.method.toUpperCase()} ${route.path} is documented without a tag, summary or description`,
    );
  const parameterList = [
    ...parameters('path', route.request?.params),
    ...parameters('query', route.request?.query),
  ];
  const body = mediaType(route.request?.body?.content['application/json'], 'input');
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, response]) => {
      const { description, content } = response as { description: string; content?: Record<string, unknown> };
      const json = mediaType(content?.['application/json'], 'output');
      return [status, { description, ...(json ? { content: { 'application/json': json } } : {}) }];
    }),
  );
  return {
    operationId: operationId(route.method, route.path),
    tags: [tag],
    summary: route.summary,
    description: route.description,
    ...(route.security ? { security: [{ firebaseIdToken: [] }] as [{ firebaseIdToken: [] }] } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(body ? { requestBody: { required: true as const, content: { 'application/json': body } } } : {}),
    responses,
  };
}

function buildDocument(api: AnyApi): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const codes = new Set<ApiErrorCode>();
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const built = operation(definition.route);
    for (const response of Object.values(built.responses))
      for (const example of Object.values(response.content?.['application/json'].examples ?? {}))
        codes.add((example.value as { error: { code: ApiErrorCode } }).error.code);
    (paths[definition.route.path] ??= {})[definition.route.method as HttpMethod] = built;
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Questline API', version: '1', description: DESCRIPTION },
    servers: [{ url: '/api', description: 'This site’s API.' }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: { [API_ERROR_REF.split('/').at(-1) ?? 'ApiError']: apiErrorSchema([...codes].sort()) },
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

const built = new WeakMap<AnyApi, OpenApiDocument>();

/** The API's OpenAPI 3.1 document, built once per isolate from its routes. */
export function apiDocument(api: AnyApi): OpenApiDocument {
  const document = built.get(api) ?? buildDocument(api);
  built.set(api, document);
  return document;
}
