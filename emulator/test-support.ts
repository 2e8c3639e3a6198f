// Helpers for the emulator's own tests and bench: start an emulator, make REST calls, read EventSource
// streams, load the catalogue and build the importer's multi-path updates.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from './index.ts';

export const OWNER = { Authorization: 'Bearer owner' };

/**
 * A fixed time for emulators started with `clock: () => FIXED_NOW`, so tests of timestamps, the rules'
 * `now` and token expiry give the same answer on any day. It lies in the future, so anything that still
 * read the machine's time instead would stand out.
 */
export const FIXED_NOW = Date.UTC(2031, 4, 17, 9, 30, 0);

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export async function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, rules: { rules: { '.read': false, '.write': false } }, ...options });
}

/** One REST call; `body` is sent as JSON, `raw` as it is. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const init: RequestInit = { method, headers: options.headers ?? {} };
  if (options.raw !== undefined) init.body = options.raw;
  else if (options.body !== undefined) init.body = JSON.stringify(options.body);
  const res = await fetch(base + path, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** An open EventSource-style stream that collects events. */
export interface OpenStream {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  /** Resolves when at least `count` events (other than keep-alive) arrived, or rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<StreamEvent[]>;
  ended: Promise<void>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  let ended: Promise<void> = Promise.resolve();
  if (res.body && res.status === 200) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            events.push({ event, data: JSON.parse(data) as unknown });
            wake();
          }
        }
      } catch {
        // aborted
      }
      wake();
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    close: () => {
      controller.abort();
    },
    waitFor(count, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`only ${events.length} events: ${JSON.stringify(events)}`));
        }, ms);
        const check = () => {
          if (events.filter((e) => e.event !== 'keep-alive').length >= count) {
            clearTimeout(timer);
            resolve(events.slice());
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

/** A game of the Steam catalogue (seed/catalogue/games.jsonl.gz), as the emulator's tests and bench load it. */
export interface CatalogueGame {
  id: number;
  slug: string;
  name: string;
  genres: string[];
  tags: string[];
  platforms: string[];
  developers: string[];
  publishers: string[];
  release_date: string | null;
  popularity: number;
  image_url: string | null;
}

/**
 * The catalogue the repository carries, gzipped. Read as a file (the emulator imports nothing of the app,
 * so not through seed/embedded-catalogue.ts).
 */
export const CATALOGUE = fileURLToPath(new URL('../seed/catalogue/games.jsonl.gz', import.meta.url));

/** Every game of the catalogue, in file order. */
export function readCatalogue(): CatalogueGame[] {
  return gunzipSync(readFileSync(CATALOGUE))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CatalogueGame);
}

/**
 * The twelve field-level paths the catalogue importer writes for one game (as scripts/import-games.ts
 * does; the emulator imports nothing of the app). `run` varies the values so repeated batches change data.
 */
export function importerUpdates(game: CatalogueGame, run = 0): Record<string, unknown> {
  const base = `games/${String(game.id)}`;
  const list = (values: string[]) => (values.length > 0 ? values : null);
  return {
    [`${base}/name`]: game.name,
    [`${base}/deeplink_url_code`]: game.slug,
    [`${base}/genres`]: list(game.genres),
    [`${base}/tags`]: list(game.tags),
    [`${base}/platforms`]: list(game.platforms),
    [`${base}/developers`]: list(game.developers),
    [`${base}/publishers`]: list(game.publishers),
    [`${base}/source`]: 'steam-catalogue',
    [`${base}/steam_appid`]: game.id,
    [`${base}/content/description`]: run === 0 ? `About ${game.name}` : `About ${game.name} (${String(run)})`,
    [`${base}/release_date`]: game.release_date ?? '2000-01-01',
    [`${base}/weighted_index`]: game.popularity + run,
  };
}

/** One multi-path update with the importer's paths for every game of a batch. */
export function importerBatch(games: readonly CatalogueGame[], run = 0): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const game of games) Object.assign(update, importerUpdates(game, run));
  return update;
}
