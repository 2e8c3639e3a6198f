import type { RouteConfig } from '@hono/zod-openapi';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiErrorCode } from '../../shared/api/error-codes.ts';
import { API_TAGS, type OpenApiDocument, type OpenApiOperation } from './api-document.ts';
import { api } from './index.ts';

// What a developer building on the API relies on: a document their tools accept, written from the very
// route definitions that validate requests (so it cannot drift from them), with examples that are true to
// the schemas beside them. Runs on Node: the official schema's validator compiles code at run time, which
// workerd refuses.

async function served(): Promise<OpenApiDocument> {
  const response = await api.request('/openapi.json');
  expect(response.status).toBe(200);
  return response.json<OpenApiDocument>();
}

function operations(document: OpenApiDocument): [string, OpenApiOperation][] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, OpenApiOperation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** The documented routes' definitions, with their zod schemas, as @hono/zod-openapi registered them. */
function documentedRoutes(): RouteConfig[] {
  const { openAPIRegistry } = api as unknown as {
    openAPIRegistry: { definitions: { type: string; route?: RouteConfig }[] };
  };
  return openAPIRegistry.definitions.flatMap((definition) =>
    definition.type === 'route' && definition.route ? [definition.route] : [],
  );
}

const jsonOf = (media: unknown) =>
  (media as { content?: { 'application/json'?: { schema: unknown; example?: unknown } } } | undefined)
    ?.content?.['application/json'];

describe('the API’s OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, as the official schema checks it', async () => {
    const result = await new Validator().validate((await served()) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('would be refused if an answer lost its description (the check can fail)', async () => {
    const broken = (await served()) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    };
    const answer = broken.paths['/follows/{type}/{targetId}']?.put?.responses['200'];
    expect(answer?.description).toBeDefined();
    if (answer) delete answer.description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists each documented route once, under a tag of the reference, with its path parameters', async () => {
    const document = await served();
    const listed = operations(document);
    expect(listed.map(([key]) => key)).toContain('PUT /follows/{type}/{targetId}');
    expect(listed).toHaveLength(documentedRoutes().length);
    const tags = new Set<string>(API_TAGS.map((tag) => tag.name));
    for (const [key, operation] of listed) {
      expect(tags.has(operation.tags[0]), key).toBe(true);
      const inPath = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const pathParameters = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParameters, key).toEqual(inPath);
    }
    // Every tag of the reference has its endpoints.
    for (const tag of tags)
      expect(
        listed.some(([, operation]) => operation.tags[0] === tag),
        tag,
      ).toBe(true);
  });

  it('leaves the site’s own tools out: nothing of the editors’, developers’ or sign-up endpoints', async () => {
    const paths = Object.keys((await served()).paths);
    for (const area of ['/editor', '/developer', '/accounts', '/pages', '/functions', '/me'])
      expect(
        paths.filter((path) => path.startsWith(area)),
        area,
      ).toEqual([]);
  });

  it('asks for a Firebase ID token exactly where a member must be signed in', async () => {
    const document = await served();
    expect(document.components.securitySchemes.firebaseIdToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [key, operation] of operations(document))
      expect(operation.security !== undefined, key).toBe(Object.keys(operation.responses).includes('401'));
    expect(operations(document).filter(([, operation]) => operation.security).length).toBeGreaterThan(0);
  });

  it('answers failures only with codes of the closed union, each with words to show', async () => {
    for (const [key, operation] of operations(await served()))
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const examples = Object.values(response.content?.['application/json'].examples ?? {});
        expect(examples.length, `${key} ${status}`).toBeGreaterThan(0);
        for (const { value } of examples) {
          const { error } = value as { error: { code: string; message: string } };
          expect(isApiErrorCode(error.code), `${key} ${status} ${error.code}`).toBe(true);
          expect(error.message).not.toBe('');
        }
      }
  });

  it('gives every documented route examples that its own schemas accept', async () => {
    const document = await served();
    for (const route of documentedRoutes()) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const operation = document.paths[route.path]?.[route.method as 'get'];
      const examples = (where: 'path' | 'query') =>
        Object.fromEntries(
          (operation?.parameters ?? [])
            .filter((p) => p.in === where && p.example !== undefined)
            .map((p) => [p.name, p.example]),
        );
      const { params, query, body } = route.request ?? {};
      if (params instanceof z.ZodType) expect(params.safeParse(examples('path')).error, key).toBeUndefined();
      if (query instanceof z.ZodType) expect(query.safeParse(examples('query')).error, key).toBeUndefined();
      const sent = jsonOf(body);
      if (sent?.schema instanceof z.ZodType) {
        expect(sent.example, key).toBeDefined();
        expect(sent.schema.safeParse(sent.example).error, key).toBeUndefined();
      }
      const [, success] = Object.entries(route.responses).find(([status]) => Number(status) < 300) ?? [];
      const answer = jsonOf(success);
      if (answer?.schema instanceof z.ZodType) {
        expect(answer.example, key).toBeDefined();
        expect(answer.schema.safeParse(answer.example).error, key).toBeUndefined();
        // Nothing the schema does not know (parsing drops it) and nothing it would fill in by default.
        expect(answer.schema.parse(answer.example), key).toEqual(answer.example);
      }
    }
  });
});
