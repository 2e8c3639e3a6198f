import type { hc, InferResponseType } from 'hono/client';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { countsAsWrite, publicApiDocument } from '../../shared/api/openapi-document.ts';
import { PUBLIC_API, type PublicEndpoint, type PublicEndpointKey } from '../../shared/api/public-api.ts';
import type {
  commentsPageSchema,
  feedCommentSchema,
  feedPageSchema,
  feedPostSchema,
  followChangeSchema,
  followCheckSchema,
  followListSchema,
  homeFeedAnswerSchema,
  likeChangeSchema,
  postAnswerSchema,
  profileAnswerSchema,
} from '../../shared/schemas/api-answers.ts';
import type { searchAnswerSchema } from '../../shared/schemas/search.ts';
import type { userBlocksSchema } from '../../shared/schemas/user.ts';
import { createApp } from '../app.ts';
import { memberWrites } from '../auth/require-member.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { testEnv } from '../test-support/test-database.ts';
import { validatedInput, type ValidatedInput } from '../validate.ts';
import { api } from './index.ts';

// The public API's reference (shared/api/public-api.ts → /api/openapi.json) against the routes the
// Worker really registers: a route nobody documented, a documented route that is gone, a body schema
// that is not the object the route validates with, parameters of another shape, an answer of another
// type, or a member endpoint that lets visitors in each fail here.

/**
 * Routes deliberately left out of the public reference, by area, with why. A new route elsewhere fails
 * until it is documented or named here.
 */
const NOT_PUBLIC: Readonly<Record<string, string>> = {
  '/pages/': 'page data for the site’s own client-side navigation; its shape follows the pages',
  '/page-views': 'the site’s own analytics beacon',
  '/me': 'the signed-in account as the site’s header needs it',
  '/accounts': 'sign-up and its configuration, done through the site’s own pages',
  '/browse': 'the browse page’s bundle, shaped for that page',
  '/developer/': 'game developers’ dashboard, for the site’s developer pages',
  '/editor/': 'site editors’ tools',
  '/library/': 'importing and exporting a library, through the site’s pages',
  '/notifications': 'the header bell; may be published once its shape settles',
  '/hidden-tags': 'the browse page’s tag filter',
  '/reports': 'reporting a post, comment or member to the editors, from the site’s own menus',
  '/suggestions/': 'the one-at-a-time game suggestions of the browse page',
  '/votes/': 'votes on the site’s own pages',
  '/users/me/images/': 'picture uploads (PNG bodies), through the profile page',
  '/functions/':
    'device sign-in and a device’s binding to its member, passed on to the functions for the site’s own pages',
  '/openapi.json': 'the reference itself',
  '/docs': 'the reference itself (and its stylesheet)',
};

interface RegisteredRoute {
  key: string;
  path: string;
  inputs: ValidatedInput[];
  /** Every handler the route runs, its area's middleware (`use`) included. */
  handlers: unknown[];
}

/** The function Hono registered, unwrapped when a sub-app with an error handler of its own wrapped it. */
function registered(handler: unknown): unknown {
  const composed = (handler as Record<string, unknown>).__COMPOSED_HANDLER;
  return typeof composed === 'function' ? composed : handler;
}

/** True when middleware registered at `pattern` (`/blocks/*`, `*`) runs for `path`. */
function covers(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === '/*') return true;
  if (!pattern.endsWith('/*')) return pattern === path;
  const area = pattern.slice(0, -2);
  return path === area || path.startsWith(`${area}/`);
}

/** Every METHOD /path the API app answers, with the schemas its validators check. */
function registeredRoutes(): Map<string, RegisteredRoute> {
  const routes = new Map<string, RegisteredRoute>();
  for (const { method, path, handler } of api.routes) {
    // Middleware (`use`) and the 404 fallback are registered for every method.
    if (method === 'ALL') continue;
    const key = `${method} ${path}`;
    const route = routes.get(key) ?? { key, path, inputs: [], handlers: [] };
    const input = validatedInput(registered(handler) as object);
    if (input) route.inputs.push(input);
    route.handlers.push(registered(handler));
    routes.set(key, route);
  }
  for (const { method, path, handler } of api.routes)
    if (method === 'ALL')
      for (const route of routes.values())
        if (covers(path, route.path)) route.handlers.push(registered(handler));
  return routes;
}

const documented = Object.entries(PUBLIC_API) as [string, PublicEndpoint][];

/** JSON Schema of what a request part accepts, to compare two schemas by what they let through. */
const accepted = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' });

// What each route answers (as Hono's own client types it) must be readable as the documented answer:
// a route that renames or drops a field, or changes its type, fails `npm run typecheck`.
type Routes = ReturnType<typeof hc<typeof api>>;
type Documents<Route, Schema extends z.ZodType> =
  InferResponseType<Route, 200 | 201> extends z.output<Schema> ? true : false;

const answerChecks = {
  feedPage: true satisfies Documents<Routes['posts']['$get'], typeof feedPageSchema>,
  post: true satisfies Documents<
    Routes['posts'][':postId']['$get'],
    z.ZodObject<{ post: typeof postAnswerSchema }>
  >,
  newPost: true satisfies Documents<
    Routes['posts']['$post'],
    z.ZodObject<{ post: z.ZodNullable<typeof feedPostSchema> }>
  >,
  comments: true satisfies Documents<
    Routes['comments']['posts'][':postId']['$get'],
    typeof commentsPageSchema
  >,
  newComment: true satisfies Documents<
    Routes['comments']['posts'][':postId']['$post'],
    z.ZodObject<{ comment: z.ZodNullable<typeof feedCommentSchema> }>
  >,
  likesMine: true satisfies Documents<
    Routes['likes']['mine']['$get'],
    z.ZodObject<{ liked: z.ZodArray<z.ZodString> }>
  >,
  like: true satisfies Documents<Routes['likes'][':type'][':targetId']['$put'], typeof likeChangeSchema>,
  unlike: true satisfies Documents<Routes['likes'][':type'][':targetId']['$delete'], typeof likeChangeSchema>,
  follows: true satisfies Documents<Routes['follows']['users'][':uid']['$get'], typeof followListSchema>,
  followCheck: true satisfies Documents<
    Routes['follows'][':type'][':targetId']['$get'],
    typeof followCheckSchema
  >,
  follow: true satisfies Documents<
    Routes['follows'][':type'][':targetId']['$put'],
    typeof followChangeSchema
  >,
  unfollow: true satisfies Documents<
    Routes['follows'][':type'][':targetId']['$delete'],
    typeof followChangeSchema
  >,
  homeFeed: true satisfies Documents<Routes['feed']['$get'], typeof homeFeedAnswerSchema>,
  profile: true satisfies Documents<Routes['profiles'][':uid']['$get'], typeof profileAnswerSchema>,
  profileChange: true satisfies Documents<Routes['profiles'][':uid']['$patch'], typeof profileAnswerSchema>,
  blocks: true satisfies Documents<Routes['blocks']['$get'], typeof userBlocksSchema>,
  block: true satisfies Documents<Routes['blocks']['$post'], z.ZodObject<{ blocked: z.ZodNumber }>>,
  unblock: true satisfies Documents<Routes['blocks']['$delete'], z.ZodObject<{ unblocked: z.ZodNumber }>>,
  search: true satisfies Documents<Routes['search']['$get'], typeof searchAnswerSchema>,
};

// The check can fail: a follow's answer has no `self`, so it does not document as a follow check.
// @ts-expect-error -- the PUT answer is not a FollowCheck
const mismatch = true satisfies Documents<
  Routes['follows'][':type'][':targetId']['$put'],
  typeof followCheckSchema
>;

describe('the public API’s reference against the routes', () => {
  const routes = registeredRoutes();

  it('documents every route others may call, and only routes that exist', () => {
    const undocumented = [...routes.values()]
      .filter(({ key, path }) => {
        if (key in PUBLIC_API) return false;
        return !Object.keys(NOT_PUBLIC).some(
          (area) => path === area.replace(/\/$/, '') || path.startsWith(area),
        );
      })
      .map(({ key }) => key);
    expect(undocumented, 'routes neither documented nor named in NOT_PUBLIC').toEqual([]);
    const gone = documented.map(([key]) => key).filter((key) => !routes.has(key));
    expect(gone, 'documented endpoints with no route').toEqual([]);
  });

  it('keeps no stale reason: each area left out still has routes, and none of them is documented', () => {
    for (const area of Object.keys(NOT_PUBLIC)) {
      const inArea = [...routes.values()].filter(
        ({ path }) => path === area.replace(/\/$/, '') || path.startsWith(area),
      );
      expect(inArea.length, area).toBeGreaterThan(0);
      expect(inArea.filter(({ key }) => key in PUBLIC_API).map(({ key }) => key)).toEqual([]);
    }
  });

  it('documents each body with the very schema the route validates it with', () => {
    for (const [key, endpoint] of documented) {
      const json = routes.get(key)?.inputs.filter((input) => input.target === 'json') ?? [];
      if (endpoint.body) {
        expect(json, key).toHaveLength(1);
        expect(json[0]?.schema === endpoint.body, `${key}: the body schema is another object`).toBe(true);
      } else expect(json, `${key} validates a body it does not document`).toEqual([]);
    }
  });

  it('documents path and query parameters exactly as the route validates them', () => {
    for (const [key, endpoint] of documented) {
      const inputs = routes.get(key)?.inputs ?? [];
      for (const [target, parameters] of [
        ['param', endpoint.params],
        ['query', endpoint.query],
      ] as const) {
        const validated = inputs.filter((input) => input.target === target);
        if (!parameters) {
          expect(validated, `${key} validates ${target}s it does not document`).toEqual([]);
          continue;
        }
        expect(validated, `${key} ${target}`).toHaveLength(1);
        expect(accepted(parameters.schema), `${key} ${target}`).toEqual(
          accepted(validated[0]?.schema ?? z.never()),
        );
      }
    }
  });

  it('documents 429 and 403 not-a-member on exactly the endpoints that count as a member’s writes', () => {
    const { paths } = publicApiDocument();
    for (const [key, endpoint] of documented) {
      const [method = '', path = ''] = key.split(' ');
      // memberWrites runs for a whole area but lets reads through (worker/auth/require-member.ts).
      const limited = method !== 'GET' && (routes.get(key)?.handlers.includes(memberWrites) ?? false);
      expect(limited, `${key} is limited`).toBe(countsAsWrite(key as PublicEndpointKey, endpoint));
      const responses =
        paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'get']?.responses ?? {};
      expect('429' in responses, `${key} documents 429`).toBe(limited);
      expect(JSON.stringify(responses['403'] ?? {}).includes('not-a-member'), `${key} documents 403`).toBe(
        limited,
      );
    }
  });

  it('checks each documented answer against the route’s own answer type', () => {
    expect(Object.values(answerChecks).every(Boolean)).toBe(true);
    expect(mismatch).toBe(true);
    const withAnswers = documented.filter(([, endpoint]) => endpoint.answer.schema).length;
    expect(Object.keys(answerChecks)).toHaveLength(withAnswers);
  });

  it('turns visitors away from exactly the endpoints documented as members only', async () => {
    // Emulator-style tokens, and the search function's test server for the public search.
    const env = testEnv({ FIREBASE_EMULATORS: 'true', FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
    const call = apiCaller(env, createApp());
    for (const [key, endpoint] of documented) {
      const [method = '', path = ''] = key.split(' ');
      const filled = path.replace(/:(\w+)/g, (_, name: string) => endpoint.example.params?.[name] ?? name);
      const query = new URLSearchParams(endpoint.example.query).toString();
      const response = await call(`/api${filled}${query ? `?${query}` : ''}`, {
        method,
        ...(endpoint.example.body === undefined ? {} : { json: endpoint.example.body }),
      });
      if (endpoint.member) {
        expect(response.status, key).toBe(401);
        expect(await response.json(), key).toMatchObject({ error: { code: 'unauthenticated' } });
      } else {
        // Public: answered to a visitor with the documented example (a missing record is a 404).
        expect(response.status, key).not.toBe(401);
        expect(response.status, key).toBeLessThan(500);
      }
    }
  });
});

describe('the public API’s documentation as served', () => {
  const call = apiCaller(testEnv(), createApp());

  it('serves the OpenAPI document at /api/openapi.json, cacheable by browsers and the edge', async () => {
    const response = await call('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toMatch(/^public, /);
    const served = await response.json<{ openapi: string; paths: object }>();
    expect(served.openapi).toBe('3.1.1');
    expect(served).toEqual(JSON.parse(JSON.stringify(publicApiDocument())));
  });

  it('serves a reference page people can read, with every endpoint, example and no script', async () => {
    const response = await call('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toMatch(/^public, /);
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).not.toMatch(/<script/i);
    for (const key of Object.keys(PUBLIC_API)) {
      const [method = '', path = ''] = key.split(' ');
      expect(page, key).toContain(
        `${method}</span> <code class="path">/api${path.replace(/:(\w+)/g, '{$1}')}</code>`,
      );
    }
    expect(page).toContain('Authorization: Bearer $ID_TOKEN');
    expect(page).toContain('curl -X PUT &#39;http://questline.test/api/follows/game/hades&#39;');
    const stylesheet = await call('/api/docs.css');
    expect(stylesheet.headers.get('Content-Type')).toMatch(/^text\/css/);
  });
});
