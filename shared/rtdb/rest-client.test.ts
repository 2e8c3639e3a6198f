import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createRtdbClient } from './rest-client.ts';

describe('checked reads', () => {
  const answering = (body: unknown) =>
    createRtdbClient({
      databaseUrl: 'http://127.0.0.1:1',
      credential: { kind: 'anonymous' },
      fetch: () => Promise.resolve(Response.json(body)),
    });

  it('answer the value parsed by the schema, defaults filled in', async () => {
    const schema = z.object({ name: z.string(), follows: z.number().default(0) });
    expect(await answering({ name: 'Hades' }).read('games/hades', schema)).toEqual({
      name: 'Hades',
      follows: 0,
    });
    expect(await answering(null).read('games/hades', schema)).toBeNull();
  });

  it('treat a value of the wrong shape as absent and log where it was', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(
        await answering({ a: 'x' }).query(
          'posts_by_id/hades',
          { orderBy: '$value' },
          z.record(z.string(), z.number()),
        ),
      ).toBeNull();
      expect(logged).toHaveBeenCalledWith('Invalid data at posts_by_id/hades', expect.any(String));
    } finally {
      logged.mockRestore();
    }
  });
});
