import { describe, expect, it } from 'vitest';
import { ApiError, callApi, type IdTokenSource } from './api-client.ts';

// The browser's client as a caller meets it: the address a call reaches (Hono's `hc` over the API's
// routes, each path parameter kept whole), the session's token and its one refresh, and failures as
// `ApiError`s with the API's code. The Worker is played by a fetch that records what it was sent.

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  body: string | null;
}

function worker(answers: Response[]) {
  const sent: Sent[] = [];
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    sent.push({
      url: input instanceof Request ? input.url : input.toString(),
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init.body === 'string' ? init.body : null,
    });
    return Promise.resolve(answers.shift() ?? Response.json({}, { status: 500 }));
  };
  return { fetch, sent };
}

function tokens(current: string | null, refreshed: string | null) {
  const asked: string[] = [];
  const source: IdTokenSource = {
    current: () => {
      asked.push('current');
      return Promise.resolve(current);
    },
    refreshed: () => {
      asked.push('refreshed');
      return Promise.resolve(refreshed);
    },
  };
  return { source, asked };
}

const followState = { following: true, followers: 3, changed: true, followId: '-Oabc' };

describe('the browser’s API client', () => {
  it('reaches the route its call names, each path parameter kept whole', async () => {
    const api = worker([Response.json(followState)]);
    const answer = await callApi(
      (client) =>
        client.follows[':type'][':targetId'].$put({ param: { type: 'game', targetId: 'a/b?c#d e' } }),
      tokens('token-1', null).source,
      { fetch: api.fetch },
    );
    expect(answer).toEqual(followState);
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]?.method).toBe('PUT');
    // A `/`, `?` or `#` in an id would otherwise change the address (another route, a query, a fragment).
    expect(api.sent[0]?.url).toBe('/api/follows/game/a%2Fb%3Fc%23d%20e');
    expect(api.sent[0]?.authorization).toBe('Bearer token-1');
  });

  it('asks for a fresh token once when the one at hand is refused, and tries once more', async () => {
    const api = worker([
      Response.json({ error: { code: 'unauthenticated', message: 'Please sign in.' } }, { status: 401 }),
      Response.json(followState),
    ]);
    const session = tokens('expired', 'fresh');
    const answer = await callApi(
      (client) => client.follows[':type'][':targetId'].$put({ param: { type: 'game', targetId: 'hades' } }),
      session.source,
      { fetch: api.fetch },
    );
    expect(answer).toEqual(followState);
    expect(session.asked).toEqual(['current', 'refreshed']);
    expect(api.sent.map((sent) => sent.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('sends a signed-out visitor’s public call without a token, and never loads the auth service for it', async () => {
    const api = worker([Response.json({ follows: [] })]);
    const session = tokens(null, null);
    await callApi(
      (client) => client.follows.users[':uid'].$get({ param: { uid: 'ana' }, query: {} }),
      session.source,
      {
        fetch: api.fetch,
      },
    );
    expect(session.asked).toEqual(['current']);
    expect(api.sent[0]?.authorization).toBeNull();
  });

  it('fails a member call with no session as unauthenticated, after one refusal', async () => {
    const api = worker([
      Response.json({ error: { code: 'unauthenticated', message: 'Please sign in.' } }, { status: 401 }),
    ]);
    const failure = await callApi(
      (client) => client.follows[':type'][':targetId'].$get({ param: { type: 'game', targetId: 'hades' } }),
      tokens(null, null).source,
      { fetch: api.fetch },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(api.sent).toHaveLength(1);
  });

  it('fails with the API’s code and words, and a code it does not know as the default', async () => {
    const api = worker([
      Response.json(
        { error: { code: 'forbidden', message: 'You cannot follow this member.' } },
        { status: 403 },
      ),
      Response.json({ error: { code: 'made-up', message: 'x' } }, { status: 418 }),
    ]);
    const call = () =>
      callApi(
        (client) => client.follows[':type'][':targetId'].$put({ param: { type: 'user', targetId: 'ben' } }),
        tokens('t', null).source,
        { fetch: api.fetch },
      ).catch((error: unknown) => error);
    expect(await call()).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'You cannot follow this member.',
    });
    expect(await call()).toMatchObject({ status: 418, code: 'default' });
  });
});
