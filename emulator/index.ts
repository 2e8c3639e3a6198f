// Programmatic entry: startEmulator({ port, rules, dataDir }) → { url, close() }.

import type { JSONWebKeySet } from 'jose';
import type { AddressInfo } from 'node:net';
import { createVerifier } from './auth.ts';
import { Database } from './database.ts';
import { createHttpServer, DEFAULT_NAMESPACE } from './http.ts';
import { createPushIdGenerator } from './push-id.ts';
import { LOCKED_RULES, loadRulesFile, parseRulesObject, parseRulesText, type Rules } from './rules/parse.ts';
import { StreamHub } from './streaming.ts';
import { WriteAheadLog } from './wal.ts';

export interface EmulatorOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** A rules file path, a rules document ({"rules": …}), or undefined for locked rules (owner only). */
  rules?: string | object | undefined;
  /** Where data is kept (write-ahead log + snapshots); undefined keeps everything in memory. */
  dataDir?: string | undefined;
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string | undefined;
  /** Key set for RS256 ID tokens (e.g. Google's securetoken keys, or a test key). */
  jwks?: JSONWebKeySet | undefined;
  /**
   * The Firebase project: when set, ID tokens (RS256 and unsigned) must have `aud` = projectId and
   * `iss` = https://securetoken.google.com/<projectId>, as production requires; else 401. Unset: not checked.
   */
  projectId?: string | undefined;
  /** Interval of `keep-alive` stream events; 30 s as in production. */
  keepAliveMs?: number | undefined;
  /** Compact the log once it grows past this many bytes (64 MiB by default). */
  compactBytes?: number | undefined;
  /**
   * The emulator's time in milliseconds since the epoch; `Date.now` by default. Server timestamps, the
   * rules' `now`, ID-token expiry (and the stream's `auth_revoked` timer) and push ids read it, so tests
   * can fix it.
   */
  clock?: (() => number) | undefined;
}

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:9000 */
  url: string;
  port: number;
  /** Stops accepting requests, ends streams, flushes and compacts the data directory. */
  close(): Promise<void>;
}

export { DEFAULT_NAMESPACE };
export type { Rules };
export { unsignedToken, OWNER_TOKEN } from './auth.ts';
export { RulesError } from './rules/parse.ts';

function loadRules(rules: EmulatorOptions['rules']): Rules {
  if (rules === undefined) return parseRulesText(LOCKED_RULES, 'default rules');
  if (typeof rules === 'string') return loadRulesFile(rules);
  return parseRulesObject(rules);
}

/** Starts the Realtime Database emulator. Rejects (RulesError) when the rules do not compile. */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const clock = options.clock ?? Date.now;
  const db = new Database(loadRules(options.rules), clock);
  const wal = options.dataDir
    ? await WriteAheadLog.open(options.dataDir, db, {
        compactBytes: options.compactBytes ?? 64 * 1024 * 1024,
      })
    : null;
  const streams = new StreamHub(db, {
    keepAliveMs: options.keepAliveMs ?? 30_000,
    maxBufferedBytes: 16 * 1024 * 1024,
  });
  const server = createHttpServer({
    db,
    streams,
    verify: createVerifier({ jwks: options.jwks, projectId: options.projectId, clock }),
    nextPushId: createPushIdGenerator(clock),
    commit: wal ? () => wal.commit() : () => Promise.resolve(),
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
        });
        streams.close();
        server.closeIdleConnections();
        setTimeout(() => {
          server.closeAllConnections();
        }, 2000).unref();
        await stopped;
        await wal?.close();
      })();
      return closing;
    },
  };
}
