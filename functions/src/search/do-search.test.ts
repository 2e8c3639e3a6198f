import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import type { SearchRequest } from '../../../shared/schemas/search.ts';
import { doSearch } from './do-search.ts';
import type { SearchService } from './search-service.ts';

/** A search service that records what it was asked (the index itself is tested in search-index.test.ts). */
function recordingService(answer: () => Promise<void> = () => Promise.resolve()) {
  const asked: SearchRequest[] = [];
  const service: SearchService = {
    async search(request) {
      asked.push(request);
      await answer();
      return { success: true, results: [] };
    },
    stats: () => ({ games: 0, users: 0, updatedAt: 0 }),
    close: () => undefined,
  };
  return { asked, service: () => service };
}

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpsError)) throw new Error('expected an HttpsError');
  return error;
}

describe('the http-doSearch callable', () => {
  it('searches for the trimmed name, 25 results at most whatever is asked', async () => {
    const { asked, service } = recordingService();
    await expect(doSearch(service, { name: '  portal  ', limit: 1000 })).resolves.toEqual({
      success: true,
      results: [],
    });
    await doSearch(service, { name: 'portal' });
    await doSearch(service, { name: 'portal', limit: 3 });
    expect(asked).toEqual([
      { name: 'portal', limit: 25 },
      { name: 'portal', limit: 25 },
      { name: 'portal', limit: 3 },
    ]);
  });

  it('refuses an empty, blank or overlong name, or a bad limit, as invalid-argument without searching', async () => {
    const { asked, service } = recordingService();
    for (const payload of [
      { name: '' },
      { name: '    ' },
      { name: 'x'.repeat(101) },
      { name: 'portal', limit: 0 },
      { name: 'portal', limit: 2.5 },
      { name: 'portal', limit: '10' },
      { name: 42 },
      null,
      'portal',
    ]) {
      const error = await refusal(doSearch(service, payload));
      expect(error.code, JSON.stringify(payload)).toBe('invalid-argument');
      expect(error.httpErrorCode.status).toBe(400);
    }
    expect((await refusal(doSearch(service, { name: ' ' }))).message).toBe(
      'Type a game or member name to search for.',
    );
    expect((await refusal(doSearch(service, { name: 'x'.repeat(101) }))).message).toBe(
      'Type at most 100 characters.',
    );
    expect(asked).toEqual([]);
  });

  it('answers unavailable, in its own words, when the index cannot be built', async () => {
    const { service } = recordingService(() =>
      Promise.reject(new Error('Streaming games answered 401 at https://db.example/games.json')),
    );
    const error = await refusal(doSearch(service, { name: 'portal' }));
    expect(error.code).toBe('unavailable');
    expect(error.httpErrorCode.status).toBe(503);
    expect(error.message).toBe('Search is not available just now.');
  });
});
