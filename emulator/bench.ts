// Benchmark (not a test): node emulator/bench.ts [--cli <path to another emulator's cli.ts>]
// Starts the CLI as a child process with a data directory, loads the 20,000 games from
// seed/catalogue/games.jsonl.gz, then measures small GETs/s, multi-path PATCHes/s (fsynced), the catalogue
// importer's big multi-path PATCHes (500 games × 12 field paths, and the whole catalogue in 100- and
// 500-game batches), an indexed query, and stream fan-out. Load comes from this process over keep-alive
// connections. In-process, it also times the previous all-pairs overlap check and per-write `newData`
// preview (kept here only) against the current ones on the same 6,000-path update.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { assertNoOverlap } from './database.ts';
import { DatabaseError } from './errors.ts';
import { isPrefix, joinPath } from './keys.ts';
import { overlayView, type Write } from './overlay.ts';
import { importerBatch, readCatalogue, type CatalogueGame } from './test-support.ts';
import { getIn, normalize, setInCopy, type Node } from './tree.ts';

const CONCURRENCY = 32;
const SECONDS = 4;
const agent = new Agent({ keepAlive: true, maxSockets: 512 });
const { values: args } = parseArgs({ options: { cli: { type: 'string' } } });

/** The overlap check before this version: every path against every other (kept here only). */
function allPairsOverlapCheck(writes: readonly Write[]): void {
  for (let i = 0; i < writes.length; i++)
    for (let j = 0; j < writes.length; j++)
      if (i !== j && isPrefix((writes[i] as Write).path, (writes[j] as Write).path))
        throw new DatabaseError(
          400,
          `Invalid data; path ${joinPath((writes[i] as Write).path)} is an ancestor of ${joinPath((writes[j] as Write).path)} in the same update`,
        );
}

/** The `newData` preview before this version: every read goes through every write (kept here only). */
function perWriteOverlayView(root: Node, writes: readonly Write[]): (path: readonly string[]) => Node {
  return (path) => {
    let value = getIn(root, path);
    for (const write of writes) {
      if (isPrefix(write.path, path)) value = getIn(write.value, path, write.path.length);
      else if (isPrefix(path, write.path))
        value = setInCopy(value, write.path.slice(path.length), write.value);
    }
    return value;
  };
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** In-process: the previous and the current algorithms on one 6,000-path update of a 20,000-game tree. */
function compareAlgorithms(games: readonly CatalogueGame[]): void {
  const root: Record<string, Node> = {};
  for (const game of games) root[String(game.id)] = normalize(game);
  const tree: Node = { games: root };
  const writesOf = (update: Record<string, unknown>): Write[] =>
    Object.entries(update).map(([key, value]) => ({ path: key.split('/'), value: normalize(value) }));
  const writes = writesOf(importerBatch(games.slice(0, 500), 0));
  const old = timed(() => {
    allPairsOverlapCheck(writes);
  });
  const now = timed(() => {
    assertNoOverlap(writes);
  });
  console.log(
    `overlap check, ${writes.length.toLocaleString('en')} paths: all pairs ${old.toFixed(0)} ms, sorted ${now.toFixed(1)} ms (${Math.round(old / now)}× faster)`,
  );
  // what the rules read of newData without an ancestor .validate: every written location
  const readEvery = (view: (path: readonly string[]) => Node) => () => {
    for (const w of writes) view(w.path);
  };
  const oldEvery = timed(readEvery(perWriteOverlayView(tree, writes)));
  const newEvery = timed(readEvery(overlayView(tree, writes)));
  console.log(
    `newData at each of the ${writes.length.toLocaleString('en')} written locations: per write ${oldEvery.toFixed(0)} ms, grouped ${newEvery.toFixed(1)} ms (${Math.round(oldEvery / newEvery)}× faster)`,
  );
  // with a .validate at the root or on the collection: the old preview copied the 20,000-game object
  // once per write (about a minute for 6,000 writes), so it is timed on 50 games (600 paths) here
  const small = writesOf(importerBatch(games.slice(0, 50), 0));
  const oldRoot = timed(() => perWriteOverlayView(tree, small)([]));
  const newRoot = timed(() => overlayView(tree, small)([]));
  const newRootFull = timed(() => overlayView(tree, writes)([]));
  console.log(
    `newData at the root: ${small.length} paths per write ${oldRoot.toFixed(0)} ms, grouped ${newRoot.toFixed(1)} ms; ${writes.length.toLocaleString('en')} paths grouped ${newRootFull.toFixed(1)} ms`,
  );
}

/** The importer's big PATCHes over HTTP, one after the other as the importer sends them. */
async function bigPatches(base: string, games: readonly CatalogueGame[]): Promise<void> {
  const patch = async (update: Record<string, unknown>): Promise<number> => {
    const body = JSON.stringify(update);
    const started = performance.now();
    // the full answer (every path with its value), which the importer reads
    const r = await httpCall(`${base}/.json`, 'PATCH', body);
    if (r.status !== 200) throw new Error(`PATCH answered ${r.status}: ${r.text.slice(0, 200)}`);
    return performance.now() - started;
  };
  const times: number[] = [];
  for (let run = 0; run < 10; run++)
    times.push(await patch(importerBatch(games.slice(run * 500, run * 500 + 500), 1)));
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `multi-path PATCH of 500 games × 12 fields (6,000 paths, fsynced), ×${times.length}: ${mean.toFixed(0)} ms per PATCH (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms)`,
  );
  const whole = async (size: number, run: number): Promise<string> => {
    let total = 0;
    let count = 0;
    for (let start = 0; start < games.length; start += size) {
      total += await patch(importerBatch(games.slice(start, start + size), run));
      count++;
    }
    return `${size}-game batches ${(total / 1000).toFixed(1)} s (${count} PATCHes, ${(total / count).toFixed(0)} ms each)`;
  };
  console.log(
    `all ${games.length.toLocaleString('en')} games × 12 fields: ${await whole(100, 2)}; ${await whole(500, 3)}`,
  );
}

function httpCall(
  url: string,
  method: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: { Authorization: 'Bearer owner', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function rate(name: string, op: (i: number) => Promise<void>): Promise<number> {
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) await op(done++);
    }),
  );
  const perSecond = Math.round(done / ((Date.now() - started) / 1000));
  console.log(
    `${name}: ${perSecond.toLocaleString('en')}/s (${done} in ${SECONDS} s, ${CONCURRENCY} concurrent)`,
  );
  return perSecond;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'emu-bench-'));
  const rulesFile = join(dir, 'rules.json');
  writeFileSync(
    rulesFile,
    JSON.stringify({ rules: { games: { '.read': true, '.indexOn': ['popularity'] } } }),
  );
  const cli = args.cli ?? fileURLToPath(new URL('./cli.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    [cli, '--port', '0', '--data', join(dir, 'data'), '--rules', rulesFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const base = await new Promise<string>((resolve) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolve(line.replace(/^.* ready at /, ''));
    });
  });

  const games: Record<string, CatalogueGame> = {};
  for (const game of readCatalogue()) games[String(game.id)] = game;
  const ids = Object.keys(games);
  const list = Object.values(games);
  let t = Date.now();
  await httpCall(`${base}/games.json`, 'PUT', JSON.stringify(games));
  console.log(`load ${ids.length.toLocaleString('en')} games in one PUT: ${Date.now() - t} ms`);

  await rate('small GETs (/games/<id>/name.json)', async (i) => {
    await httpCall(`${base}/games/${ids[i % ids.length] ?? ''}/name.json`, 'GET');
  });
  await rate('multi-path PATCHes (3 paths, server values, fsynced)', async (i) => {
    const id = ids[i % ids.length] ?? '';
    const body = JSON.stringify({
      [`games/${id}/likes`]: { '.sv': { increment: 1 } },
      [`likes/${id}/u${i}`]: { '.sv': 'timestamp' },
      [`users/u${i % 100}/liked/${id}`]: true,
    });
    await httpCall(`${base}/.json`, 'PATCH', body);
  });
  await bigPatches(base, list);
  compareAlgorithms(list);

  t = Date.now();
  const queries = 20;
  for (let i = 0; i < queries; i++)
    await httpCall(`${base}/games.json?orderBy=%22popularity%22&limitToLast=10`, 'GET', undefined, {
      Authorization: '',
    });
  console.log(
    `indexed query over 20k children (orderBy popularity, limitToLast 10): ${Math.round((Date.now() - t) / queries)} ms each`,
  );

  // Fan-out: N streams on one game, W writes; time until every stream has every event.
  const streams = 500;
  const writes = 50;
  const target = ids[0] ?? '';
  let received = 0;
  let ready = 0;
  const expected = streams * writes;
  let resolveAll: () => void = () => undefined;
  const allReceived = new Promise<void>((r) => (resolveAll = r));
  let resolveReady: () => void = () => undefined;
  const allReady = new Promise<void>((r) => (resolveReady = r));
  const requests = Array.from({ length: streams }, () => {
    const req = request(
      `${base}/games/${target}.json`,
      { agent, headers: { Accept: 'text/event-stream', Authorization: 'Bearer owner' } },
      (res) => {
        res.setEncoding('utf8');
        let first = true;
        res.on('data', (chunk: string) => {
          const puts = chunk.split('event: put').length - 1;
          if (first) {
            first = false;
            if (++ready === streams) resolveReady();
            received += puts - 1;
          } else received += puts;
          if (received >= expected) resolveAll();
        });
      },
    );
    req.end();
    return req;
  });
  await allReady;
  t = Date.now();
  for (let i = 0; i < writes; i++) await httpCall(`${base}/games/${target}/likes.json`, 'PUT', String(i));
  await allReceived;
  const ms = Date.now() - t;
  console.log(
    `stream fan-out: ${streams} streams × ${writes} writes = ${expected.toLocaleString('en')} events in ${ms} ms (${Math.round(expected / (ms / 1000)).toLocaleString('en')} events/s)`,
  );
  for (const r of requests) r.destroy();

  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}

await main();
