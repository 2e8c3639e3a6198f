// Benchmark (not a test): node emulator/bench.ts
// Starts the CLI as a child process with a data directory, loads the 20,000 games from
// /work/shared/data/games.jsonl, then measures small GETs/s, multi-path PATCHes/s (fsynced), an indexed
// query, and stream fan-out. Load comes from this process over keep-alive connections.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The catalogue sits beside the repository (../shared/data), never inside it.
const GAMES = fileURLToPath(new URL('../../shared/data/games.jsonl', import.meta.url));
const CONCURRENCY = 32;
const SECONDS = 4;
const agent = new Agent({ keepAlive: true, maxSockets: 512 });

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
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
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

  const games: Record<string, { id: number }> = {};
  for (const line of readFileSync(GAMES, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const game = JSON.parse(line) as { id: number };
    games[String(game.id)] = game;
  }
  const ids = Object.keys(games);
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
