// A loopback proxy in front of the database emulator that holds every request for a fixed delay before
// passing it on, as the trip from an edge location to the database would cost, and notes when each
// request started and ended, so that a page's sequential rounds can be counted from the outside.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One database request as the proxy saw it: from its arrival to the end of its answer. */
export interface ProxiedRequest {
  startedAt: number;
  endedAt: number;
}

/**
 * How many rounds of requests had to wait for one another: a request's round is one more than the
 * latest round among the requests that had ended before it started; requests overlapping in time share
 * a round.
 */
export function roundsOf(requests: readonly ProxiedRequest[]): number {
  const byStart = [...requests].sort((a, b) => a.startedAt - b.startedAt);
  const rounds: number[] = [];
  byStart.forEach((request, index) => {
    let before = 0;
    for (let earlier = 0; earlier < index; earlier++) {
      const other = byStart[earlier];
      if (other && other.endedAt <= request.startedAt) before = Math.max(before, rounds[earlier] ?? 0);
    }
    rounds.push(before + 1);
  });
  return Math.max(0, ...rounds);
}

/** Starts the proxy on a free loopback port, forwarding to `target` after `delayMs`. */
export async function startDelayProxy(target: string, delayMs: number) {
  const upstream = new URL(target);
  // Connections to the database are kept open, as the Worker's are: the delay is the only cost added.
  const agent = new http.Agent({ keepAlive: true });
  const seen: ProxiedRequest[] = [];
  const server = http.createServer((request, response) => {
    const startedAt = performance.now();
    setTimeout(() => {
      const forwarded = http.request(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: upstream.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('end', () => seen.push({ startedAt, endedAt: performance.now() }));
        },
      );
      forwarded.on('error', () => {
        response.writeHead(502).end();
      });
      request.pipe(forwarded);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    /** The requests seen since the last call, forgotten by it. */
    take(): ProxiedRequest[] {
      return seen.splice(0, seen.length);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
