// Multi-path PATCHes with many paths: the overlap check, the grouped application of the writes (applied
// in place, or previewed for the rules' `newData`), and the catalogue importer's 6,000-path PATCH against
// a tree holding 20,000 games.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoOverlap, comparePaths, Database } from './database.ts';
import { DatabaseError } from './errors.ts';
import { unsignedToken, type RunningEmulator } from './index.ts';
import { isPrefix } from './keys.ts';
import { applyInOrder, groupWrites, mergeWrites, overlayView, type Write } from './overlay.ts';
import { parseRulesObject } from './rules/parse.ts';
import {
  call,
  importerUpdates,
  OWNER,
  openStream,
  readCatalogue,
  startTestEmulator,
  type CatalogueGame,
} from './test-support.ts';
import { getIn, type Node } from './tree.ts';

const writesOf = (...paths: string[]): Write[] => paths.map((p) => ({ path: p.split('/'), value: 1 }));

function overlapMessage(writes: Write[]): string | null {
  try {
    assertNoOverlap(writes);
    return null;
  } catch (error) {
    if (error instanceof DatabaseError) return `${error.status} ${error.message}`;
    throw error;
  }
}

describe('the overlap check', () => {
  it('orders paths by segments, so that an ancestor sorts right before its descendants', () => {
    const paths = [
      ['a', 'bc'],
      ['a', 'b', 'c'],
      ['a'],
      ['a', 'b'],
      ['a', 'b!'],
      ['a-'],
      ['a', 'b', 'c', 'd'],
    ];
    expect(paths.sort(comparePaths).map((p) => p.join('/'))).toEqual([
      'a',
      'a/b',
      'a/b/c',
      'a/b/c/d',
      'a/b!',
      'a/bc',
      'a-',
    ]);
  });

  it('accepts siblings whose names are prefixes of each other', () => {
    expect(overlapMessage(writesOf('a/b', 'a/bc', 'a/b!', 'a-/b', 'ab', 'a/c/d', 'a/cd'))).toBeNull();
  });

  it('refuses an ancestor and its descendant, naming the first such pair in request order', () => {
    expect(overlapMessage(writesOf('x', 'a/b/c', 'q', 'a/b'))).toBe(
      '400 Invalid data; path /a/b is an ancestor of /a/b/c in the same update',
    );
    // /a is the first path (in request order) that is an ancestor; /a/z is its first descendant
    expect(overlapMessage(writesOf('m/n', 'a', 'm', 'a/z', 'a/b'))).toBe(
      '400 Invalid data; path /a is an ancestor of /a/z in the same update',
    );
    expect(overlapMessage(writesOf('k/a/b', 'k/a/b'))).toBe(
      '400 Invalid data; path /k/a/b is an ancestor of /k/a/b in the same update',
    );
  });

  it('checks 100,000 paths in well under a second (every pair would be 10^10 comparisons)', () => {
    const writes: Write[] = [];
    for (let g = 0; g < 10_000; g++)
      for (const field of ['name', 'genres', 'tags', 'icon', 'content/description', 'a', 'b', 'c', 'd', 'e'])
        writes.push({ path: ['games', `g${g}`, ...field.split('/')], value: 1 });
    const started = performance.now();
    expect(overlapMessage(writes)).toBeNull();
    writes.push({ path: ['games', 'g5000'], value: null });
    expect(overlapMessage(writes)).toBe(
      '400 Invalid data; path /games/g5000 is an ancestor of /games/g5000/name in the same update',
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

/** A small deterministic random generator (tests must not depend on luck). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const KEYS = ['a', 'b', 'c', '1', '2'];

function randomNode(rand: () => number, depth: number): Node {
  const r = rand();
  if (r < 0.15) return null;
  if (r < 0.35 || depth === 0) return Math.floor(rand() * 10);
  if (r < 0.42) return { '.value': 'w', '.priority': 3 };
  const out: Record<string, Node> = {};
  for (const key of KEYS) if (rand() < 0.5) out[key] = randomNode(rand, depth - 1);
  for (const key of Object.keys(out)) if (out[key] === null) Reflect.deleteProperty(out, key);
  if (Object.keys(out).length === 0) return null;
  if (rand() < 0.2) out['.priority'] = 'p';
  return out;
}

function randomPath(rand: () => number): string[] {
  const length = Math.floor(rand() * 4);
  return Array.from({ length }, () => KEYS[Math.floor(rand() * KEYS.length)] as string);
}

describe('applying grouped writes', () => {
  it('matches applying the writes one by one, copied or in place, for random trees and writes', () => {
    const rand = random(42);
    let grouped = 0;
    for (let round = 0; round < 3000; round++) {
      const root = randomNode(rand, 3);
      const count = 1 + Math.floor(rand() * 6);
      const writes: Write[] = [];
      for (let i = 0; i < count; i++) writes.push({ path: randomPath(rand), value: randomNode(rand, 2) });
      const expected = applyInOrder(root, writes);
      const snapshot = JSON.stringify(root);

      // overlapping writes are previewed too (applied in order), though a PATCH never has them
      const view = overlayView(root, writes);
      const probes = [...writes.map((w) => w.path), ...Array.from({ length: 8 }, () => randomPath(rand))];
      for (const w of writes) for (let d = 0; d < w.path.length; d++) probes.push(w.path.slice(0, d));
      for (const probe of probes.sort(() => rand() - 0.5))
        expect(view(probe)).toEqual(getIn(expected, probe));
      expect(JSON.stringify(root)).toBe(snapshot); // previewing changes nothing

      const trie = groupWrites(writes);
      const overlapping = writes.some((a, i) => writes.some((b, j) => i !== j && isPrefix(a.path, b.path)));
      expect(trie === null).toBe(overlapping);
      if (trie === null) continue;
      grouped++;
      expect(mergeWrites(root, trie, { inPlace: false })).toEqual(expected);
      expect(JSON.stringify(root)).toBe(snapshot);
      const copy = JSON.parse(snapshot) as Node;
      expect(mergeWrites(copy, trie, { inPlace: true })).toEqual(expected);
    }
    expect(grouped).toBeGreaterThan(1000);
  });

  it('copies each touched object once and leaves untouched ones shared', () => {
    const root = { games: { g1: { name: 'a', tags: { 0: 'x' } }, g2: { name: 'b' }, g3: { name: 'c' } } };
    const writes = [
      { path: ['games', 'g1', 'name'], value: 'A' },
      { path: ['games', 'g1', 'icon'], value: 'i' },
      { path: ['games', 'g2', 'name'], value: 'B' },
    ];
    const trie = groupWrites(writes);
    if (trie === null) throw new Error('the writes do not overlap');
    const next = mergeWrites(root, trie, { inPlace: false }) as typeof root & {
      games: { g1: { icon: string } };
    };
    expect(next.games.g1).toEqual({ name: 'A', tags: { 0: 'x' }, icon: 'i' });
    expect(next.games.g1.tags).toBe(root.games.g1.tags);
    expect(next.games.g3).toBe(root.games.g3);
    expect(root.games.g1.name).toBe('a');
    const touched: object[] = [];
    mergeWrites(root, trie, { inPlace: true, touched: (n) => touched.push(n) });
    expect(touched).toHaveLength(4); // the root, games, g1 and g2: once each
    expect(root.games.g1.name).toBe('A');
  });

  it('applies a 60,000-path update to a 20,000-record collection in about a second at most', () => {
    const db = new Database(parseRulesObject({ rules: {} }));
    const games: Record<string, object> = {};
    for (let g = 0; g < 20_000; g++) games[String(g)] = { name: `g${g}`, popularity: g };
    db.write('ns', 'set', ['games'], games, { kind: 'admin' });
    const update: Record<string, unknown> = {};
    for (let g = 0; g < 5000; g++)
      for (let f = 0; f < 12; f++) update[`games/${g * 4}/f${f}`] = f === 0 ? null : `${g}-${f}`;
    const started = performance.now();
    const writes = db.write('ns', 'update', [], update, { kind: 'admin' });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(writes).toHaveLength(60_000);
    expect(db.get('ns', ['games', '4'])).toEqual({ name: 'g4', popularity: 4, ...fields(1) });
    expect(db.get('ns', ['games', '5'])).toEqual({ name: 'g5', popularity: 5 });
  });
});

function fields(g: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let f = 1; f < 12; f++) out[`f${f}`] = `${g}-${f}`;
  return out;
}

describe('a 6,000-path PATCH (500 games × 12 fields) against 20,000 games', () => {
  let emu: RunningEmulator;
  let dataDir: string;
  let games: CatalogueGame[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'emu-multipath-'));
    emu = await startTestEmulator({ dataDir });
    games = readCatalogue();
    const all: Record<string, CatalogueGame> = {};
    for (const game of games) all[String(game.id)] = game;
    expect(Object.keys(all).length).toBeGreaterThanOrEqual(20_000);
    expect((await call(emu.url, 'PUT', '/games.json', { body: all, headers: OWNER })).status).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await emu.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const logLines = () =>
    readdirSync(dataDir)
      .filter((name) => name.startsWith('log-'))
      .flatMap((name) => readFileSync(join(dataDir, name), 'utf8').split('\n'))
      .filter((line) => line !== '');

  it('is accepted, readable, logged as one record and streamed as one patch', async () => {
    const batch = games.slice(1000, 1500);
    const update: Record<string, unknown> = {};
    for (const game of batch) Object.assign(update, importerUpdates(game));
    expect(Object.keys(update)).toHaveLength(6000);
    const watched = batch[7] as CatalogueGame;
    const stream = await openStream(`${emu.url}/games/${watched.id}.json`, OWNER);
    await stream.waitFor(1);
    const linesBefore = logLines().length;

    const started = performance.now();
    const r = await call(emu.url, 'PATCH', '/.json', { body: update, headers: OWNER });
    const ms = performance.now() - started;
    expect(r.status).toBe(200);
    expect(Object.keys(r.body as object)).toHaveLength(6000);
    expect(ms).toBeLessThan(5000); // ~0.1 s on an idle machine; a loose bound for a shared one

    for (const game of [batch[0], watched, batch[499]] as CatalogueGame[]) {
      const stored = (await call(emu.url, 'GET', `/games/${game.id}.json`, { headers: OWNER }))
        .body as Record<string, unknown>;
      expect(stored).toMatchObject({
        name: game.name,
        deeplink_url_code: game.slug,
        source: 'steam-catalogue',
        steam_appid: game.id,
        content: { description: `About ${game.name}` },
        weighted_index: game.popularity,
        popularity: game.popularity, // fields the PATCH does not name are kept
        slug: game.slug,
      });
    }
    const untouched = games[0] as CatalogueGame;
    expect(
      (await call(emu.url, 'GET', `/games/${untouched.id}/source.json`, { headers: OWNER })).body,
    ).toBeNull();
    const shallow = (await call(emu.url, 'GET', '/games.json?shallow=true', { headers: OWNER }))
      .body as object;
    expect(Object.keys(shallow).length).toBe(games.length);

    const lines = logLines();
    expect(lines.length).toBe(linesBefore + 1);
    expect((JSON.parse(lines.at(-1) as string) as { w: unknown[] }).w).toHaveLength(6000);

    const events = await stream.waitFor(2);
    stream.close();
    const expected: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(importerUpdates(watched)))
      expected[path.slice(`games/${watched.id}/`.length)] = value;
    expect(events[1]).toEqual({ event: 'patch', data: { path: '/', data: expected } });
  }, 30_000);

  it('refuses the same PATCH with one overlapping path, applying none of it', async () => {
    const batch = games.slice(2000, 2500);
    const update: Record<string, unknown> = {};
    for (const game of batch) Object.assign(update, importerUpdates(game));
    const victim = batch[250] as CatalogueGame;
    update[`games/${victim.id}/content`] = { description: 'whole' };
    const r = await call(emu.url, 'PATCH', '/.json', { body: update, headers: OWNER });
    expect(r).toMatchObject({
      status: 400,
      body: {
        error: `Invalid data; path /games/${victim.id}/content is an ancestor of /games/${victim.id}/content/description in the same update`,
      },
    });
    const first = batch[0] as CatalogueGame;
    expect(
      (await call(emu.url, 'GET', `/games/${first.id}/source.json`, { headers: OWNER })).body,
    ).toBeNull();
  });
});

describe('rules over a many-path PATCH', () => {
  let emu: RunningEmulator;
  const token = unsignedToken({ sub: 'u1' });
  beforeAll(async () => {
    emu = await startTestEmulator({
      rules: {
        rules: {
          '.validate': 'newData.hasChildren()',
          pairs: {
            '.validate': 'newData.hasChildren()',
            $id: {
              '.write': 'auth != null',
              '.validate': "newData.child('a').val() === newData.child('b').val()",
            },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await emu.close();
  });

  const patch = (body: unknown) => call(emu.url, 'PATCH', `/.json?auth=${token}`, { body });

  it('shows every path of the update to newData, and refuses all of it when one record fails', async () => {
    const update: Record<string, number> = {};
    for (let i = 0; i < 3000; i++) {
      update[`pairs/p${i}/a`] = i;
      update[`pairs/p${i}/b`] = i;
    }
    expect((await patch(update)).status).toBe(200);
    expect((await call(emu.url, 'GET', '/pairs/p2999.json', { headers: OWNER })).body).toEqual({
      a: 2999,
      b: 2999,
    });
    const bad = { ...update, 'pairs/p1500/b': -1, 'pairs/q/a': 1, 'pairs/q/b': 1 };
    expect(await patch(bad)).toMatchObject({ status: 401, body: { error: 'Permission denied' } });
    expect((await call(emu.url, 'GET', '/pairs/q.json', { headers: OWNER })).body).toBeNull();
    expect((await patch({ 'pairs/p7/a': 8, 'pairs/p7/b': 8 })).status).toBe(200);
    expect((await patch({ 'pairs/p7/a': 9 })).status).toBe(401);
  });
});
