import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { isApiErrorCode } from './error-codes.ts';
import { publicApiDocument, type OpenApiOperation } from './openapi-document.ts';
import { PUBLIC_API, type PublicEndpoint } from './public-api.ts';

// What a developer building on the API relies on: a document their tools accept, and examples that are
// true to the schemas beside them. (Routes against the table: worker/api/openapi-drift.test.ts.)

const endpoints = Object.entries(PUBLIC_API) as [string, PublicEndpoint][];

function operations(): [string, OpenApiOperation][] {
  return Object.entries(publicApiDocument().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, OpenApiOperation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

describe('the public API’s OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, as the official schema checks it', async () => {
    const document = structuredClone(publicApiDocument()) as unknown as Record<string, unknown>;
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('would be refused if an answer lost its description (the check can fail)', async () => {
    const broken = structuredClone(publicApiDocument()) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    };
    const answer = broken.paths['/search']?.get?.responses['200'];
    if (answer) delete answer.description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every endpoint of the table once, with its parameters in the path', () => {
    const documented = operations().map(([key]) => key);
    expect(documented).toHaveLength(endpoints.length);
    expect(documented).toContain('PUT /follows/{type}/{targetId}');
    for (const [key, operation] of operations()) {
      const inPath = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const pathParameters = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParameters, key).toEqual(inPath);
    }
  });

  it('asks for a Firebase ID token exactly where a member must be signed in', () => {
    const document = publicApiDocument();
    expect(document.components.securitySchemes.firebaseIdToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [key, endpoint] of endpoints) {
      const [method = '', path = ''] = key.split(' ');
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'get'];
      expect(operation?.security !== undefined, key).toBe(endpoint.member);
      expect(Object.keys(operation?.responses ?? {}).includes('401'), key).toBe(endpoint.member);
    }
  });

  it('answers failures only with codes of the closed union, each with words to show', () => {
    for (const [key, operation] of operations())
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

  it('gives every endpoint examples that its own schemas accept', () => {
    for (const [key, endpoint] of endpoints) {
      const { example } = endpoint;
      if (endpoint.params)
        expect(endpoint.params.schema.safeParse(example.params).error, key).toBeUndefined();
      if (endpoint.query)
        expect(endpoint.query.schema.safeParse(example.query ?? {}).error, key).toBeUndefined();
      if (endpoint.body) expect(endpoint.body.safeParse(example.body).error, key).toBeUndefined();
      if (endpoint.answer.schema) {
        expect(example.answer, key).toBeDefined();
        expect(endpoint.answer.schema.safeParse(example.answer).error, key).toBeUndefined();
        // Nothing the schema does not know (parsing drops it) and nothing it would fill in by default.
        expect(endpoint.answer.schema.parse(example.answer), key).toEqual(example.answer);
      } else expect(example.answer, key).toBeUndefined();
    }
  });

  it('documents hostile input as refused: an example the schema refuses is caught', () => {
    const newPost = PUBLIC_API['POST /posts'];
    expect(newPost.body.safeParse({ ...newPost.example.body, content: '   ' }).success).toBe(false);
    expect(newPost.body.safeParse({ ...newPost.example.body, targetId: '../../etc' }).success).toBe(false);
  });
});
