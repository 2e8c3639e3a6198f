import type { AddressInfo } from 'node:net';
import express from 'express';
import type { TestProject } from 'vitest/node';

// Stand-ins for the `http-getFeed` function, for the Worker's tests of GET /api/feed (worker/api/feed.test.ts),
// which run inside workerd where the Functions emulator cannot: each speaks the callable protocol (or fails
// to) as a real function can, under a path that names it. The function's own logic is tested against the
// database emulator (functions/src/feed/get-feed.test.ts) and end to end in the browser tests
// (tests/e2e/home-feed.spec.ts), where the Functions emulator runs it. A global setup of the Worker project.

/** What an internal failure might carry, which must never reach a member (the Worker tests look for it). */
const LEAKY_UPSTREAM_TEXT = 'ECONNREFUSED 10.0.0.7:443 at /workspace/lib/index.js:12:9';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const app = express();
  app.use(express.json());
  // Stand-in: a function that answers one page and says what it was sent (the token passed on, the page asked).
  app.post('/stand-in-echo/us-central1/http-getFeed', (request, response) => {
    const sent = { authorization: request.get('Authorization') ?? null, data: request.body as unknown };
    response.json({
      result: {
        posts: [
          {
            uuid: 'post-echo',
            sourceUUID: 'uid-echo',
            targetUUID: 'hollow-knight',
            content: JSON.stringify(sent),
            timestamp: 1_936_774_200_000,
            previewComments: [],
          },
        ],
        nextCursor: '1936774200000.post-echo',
      },
    });
  });
  // Stand-in: the function failed inside (INTERNAL), with an upstream message that must not leak.
  app.post('/stand-in-failing/us-central1/http-getFeed', (_request, response) => {
    response.status(500).json({ error: { status: 'INTERNAL', message: LEAKY_UPSTREAM_TEXT } });
  });
  // Stand-in: the function is overloaded or starting (UNAVAILABLE).
  app.post('/stand-in-unavailable/us-central1/http-getFeed', (_request, response) => {
    response.status(503).json({ error: { status: 'UNAVAILABLE', message: LEAKY_UPSTREAM_TEXT } });
  });
  // Stand-in: something in front of the function answered a page instead of the protocol.
  app.post('/stand-in-garbled/us-central1/http-getFeed', (_request, response) => {
    response.status(200).type('html').send(`<html><body>Bad gateway: ${LEAKY_UPSTREAM_TEXT}</body></html>`);
  });
  // Stand-in: an answer in the protocol's envelope that is not a page of the feed.
  app.post('/stand-in-wrong-shape/us-central1/http-getFeed', (_request, response) => {
    response.json({ result: { posts: [{ content: 'No id' }] } });
  });
  // Stand-in: a function that did not take the member's token (it expired on the way).
  app.post('/stand-in-unauthenticated/us-central1/http-getFeed', (_request, response) => {
    response.status(401).json({ error: { status: 'UNAUTHENTICATED', message: LEAKY_UPSTREAM_TEXT } });
  });
  // Stand-in: a function that never answers (the Worker gives up after its timeout).
  app.post('/stand-in-silent/us-central1/http-getFeed', () => undefined);

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('feedFunctionsOrigin', `http://127.0.0.1:${String(port)}`);
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}
