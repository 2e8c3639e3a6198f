import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { api } from './index.ts';
import { apiDocument } from './api-document.ts';

describe('probe', () => {
  it('prints', async () => {
    const document = apiDocument(api as never);
    console.log(JSON.stringify(document.paths['/follows/{type}/{targetId}'], null, 1).slice(0, 4000));
    console.log(JSON.stringify(document.paths['/follows/users/{uid}'], null, 1).slice(0, 2000));
    const result = await new Validator().validate(structuredClone(document) as never);
    console.log(result);
    expect(result.valid).toBe(true);
  });
});
