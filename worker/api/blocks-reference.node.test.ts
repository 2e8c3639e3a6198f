import { describe, expect, it } from 'vitest';
import { MAX_BLOCK_IDS } from '../../shared/schemas/block.ts';
import type { OpenApiDocument, OpenApiOperation } from './api-document.ts';
import { api } from './index.ts';
import { BEN } from './route-examples.ts';

// What a developer building on the API learns about blocking from its reference (/api/openapi.json):
// the three endpoints, what each takes and refuses, in the words the API answers with. And what the
// reference leaves out of the areas defined beside blocks: the bell, hidden tags and the library are the
// site's own.

async function served(): Promise<OpenApiDocument> {
  const response = await api.request('/openapi.json');
  expect(response.status).toBe(200);
  return response.json<OpenApiDocument>();
}

/** The messages a response's examples carry, by status. */
function refusals(operation: OpenApiOperation | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(operation?.responses ?? {})
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => [
        status,
        Object.values(response.content?.['application/json'].examples ?? {}).map(
          ({ value }) => (value as { error: { message: string } }).error.message,
        ),
      ]),
  );
}

describe('the reference of blocks', () => {
  it('documents listing, blocking and taking back, for a signed-in member, under Blocks', async () => {
    const blocks = (await served()).paths['/blocks'];
    expect(Object.keys(blocks ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    for (const operation of Object.values(blocks ?? {})) {
      expect(operation.tags).toEqual(['Blocks']);
      expect(operation.security).toEqual([{ firebaseIdToken: [] }]);
    }
    expect(blocks?.get?.responses['200']?.content?.['application/json'].example).toHaveProperty([
      'users',
      BEN,
    ]);
  });

  it('says taking blocks back takes the same JSON body as blocking (a DELETE with a body)', async () => {
    const blocks = (await served()).paths['/blocks'];
    for (const operation of [blocks?.post, blocks?.delete]) {
      const body = operation?.requestBody?.content['application/json'];
      expect(body?.example).toEqual({ kind: 'users', ids: [BEN] });
      expect(body?.schema).toMatchObject({
        required: ['kind', 'ids'],
        properties: {
          kind: { enum: ['posts', 'comments', 'users', 'games'] },
          ids: { minItems: 1, maxItems: MAX_BLOCK_IDS },
        },
      });
    }
    expect(blocks?.delete?.responses['200']?.content?.['application/json'].example).toEqual({ unblocked: 1 });
  });

  it('names each refusal in the words the API answers it with', async () => {
    const blocks = (await served()).paths['/blocks'];
    const block = refusals(blocks?.post);
    expect(block['400']).toEqual(expect.arrayContaining(['You cannot block yourself.']));
    expect(block['404']).toEqual(['That user does not exist.']);
    expect(block['409']).toEqual(['This is changing right now. Please try again.']);
    const unblock = refusals(blocks?.delete);
    expect(unblock['400']).toEqual(
      expect.arrayContaining(['Only blocks of members and games can be removed.']),
    );
    // Writes are counted and need a member record; reading one's blocks is neither.
    for (const write of [block, unblock])
      expect(Object.keys(write)).toEqual(expect.arrayContaining(['403', '429']));
    expect(Object.keys(refusals(blocks?.get)).sort()).toEqual(['401', '503']);
  });

  it('leaves out the bell, hidden tags and the library: the site’s own pages call them', async () => {
    const paths = Object.keys((await served()).paths);
    for (const area of ['/notifications', '/hidden-tags', '/library'])
      expect(
        paths.filter((path) => path.startsWith(area)),
        area,
      ).toEqual([]);
  });
});
