// The importer against the real emulator (with the project's rules, so the indexes are enforced).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { gameSchema } from '../shared/schemas/game.ts';
import { listSchema } from '../shared/schemas/list.ts';
import { createRtdbClient, type RtdbClient } from '../shared/rtdb/rest-client.ts';
import { DEFAULT_NAMESPACE } from './import-connection.ts';
import { main } from './import.ts';

const RULES = new URL('../database.rules.json', import.meta.url).pathname;

function catalogueRow(id: number, slug: string, name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id,
    slug,
    name,
    description: null,
    genres: ['Action'],
    tags: ['Indie'],
    platforms: ['PC', 'Windows'],
    release_date: '2015-01-01',
    developers: ['Dev'],
    publishers: ['Pub'],
    popularity: 500,
    image_url: null,
    ...extra,
  });
}

let emulator: RunningEmulator;
let client: RtdbClient;
let dir: string;

async function runImport(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, '--database-url', emulator.url, '--namespace', DEFAULT_NAMESPACE], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    tty: false,
  });
  return { code, out, err };
}

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, rules: RULES });
  client = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
  dir = mkdtempSync(join(tmpdir(), 'questline-import-'));
});

afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.put('', null);
});

describe('import games', () => {
  it('imports a small file twice with the same result, keeping follows', async () => {
    const path = file('small.jsonl', [
      catalogueRow(1, 'alpha', 'Alpha'),
      catalogueRow(2, 'beta', 'Beta', { image_url: 'https://example.com/b.jpg' }),
      catalogueRow(3, 'gamma', 'Gamma', { popularity: null, release_date: null }),
    ]);
    const first = await runImport('games', path);
    expect(first).toMatchObject({ code: 0, err: [] });
    expect(first.out).toHaveLength(1);
    expect(first.out[0]).toMatch(/^imported 3, rejected 0, in \d+\.\d s$/);
    const afterFirst = await client.get('games');

    await client.patch('', { 'games/alpha/follows': 7, 'games/beta/content/description': 'Kept.' });
    const second = await runImport('games', path);
    expect(second.code).toBe(0);
    const games = (await client.get('games')) as Record<string, Record<string, unknown>>;
    expect(games.alpha?.follows).toBe(7);
    expect(games.beta?.content).toEqual({ description: 'Kept.' });
    delete games.alpha?.follows;
    delete games.beta?.content;
    expect(games).toEqual(afterFirst);

    const alpha = gameSchema.parse(games.alpha);
    expect(alpha).toMatchObject({
      name: 'Alpha',
      steam_appid: 1,
      weighted_index: 500,
      source: 'steam-catalogue',
    });
    expect(games.gamma).not.toHaveProperty('weighted_index');
    expect(games.beta?.icon).toBe('https://example.com/b.jpg');
  });

  it('reports bad rows with their line numbers and imports the rest', async () => {
    const path = file('bad.jsonl', [
      catalogueRow(1, 'alpha', 'Alpha'),
      '{"id": 2, "slug": "beta"',
      catalogueRow(3, 'Gamma Game', 'Gamma'),
      '',
      catalogueRow(4, 'delta', 'Delta', { release_date: 'yesterday' }),
      catalogueRow(5, 'alpha', 'Alpha again'),
      catalogueRow(6, 'epsilon', 'Epsilon'),
    ]);
    const result = await runImport('games', path);
    expect(result.code).toBe(0);
    expect(result.err.map((line) => line.replace(/:.*/, ''))).toEqual([
      'line 2',
      'line 3',
      'line 5',
      'line 6',
    ]);
    expect(result.err[0]).toMatch(/^line 2: invalid JSON/);
    expect(result.err[2]).toMatch(/^line 5: release_date: /);
    expect(result.err[3]).toBe('line 6: slug: "alpha" is already used on line 1');
    expect(result.out[0]).toMatch(/^imported 2, rejected 4, in /);
    expect(Object.keys((await client.get('games')) as object).sort()).toEqual(['alpha', 'epsilon']);
  });

  it('imports the same columns from CSV', async () => {
    const path = file('games.csv', [
      'id,slug,name,description,genres,tags,platforms,release_date,developers,publishers,popularity,image_url',
      '239030,papers-please,"Papers, Please",,Indie;Adventure,,PC;Windows;macOS,2013-08-08,Lucas Pope,3909 LLC,50,',
      '2,broken,Broken,,,,,not-a-date,,,,',
    ]);
    const result = await runImport('games', path);
    expect(result.out[0]).toMatch(/^imported 1, rejected 1, in /);
    expect(result.err).toEqual([expect.stringMatching(/^line 3: release_date: /)]);
    expect(await client.get('games/papers-please')).toMatchObject({
      name: 'Papers, Please',
      genres: ['Indie', 'Adventure'],
      platforms: ['PC', 'Windows', 'macOS'],
      weighted_index: 50,
    });
  });

  it('reads a file ending in .gz gzipped, as the catalogue the repository carries is', async () => {
    const path = join(dir, 'small.jsonl.gz');
    writeFileSync(
      path,
      gzipSync(`${catalogueRow(1, 'alpha', 'Alpha')}\n${catalogueRow(2, 'beta', 'Beta')}\n`),
    );
    const result = await runImport('games', path);
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out[0]).toMatch(/^imported 2, rejected 0, in /);
    expect(Object.keys((await client.get('games')) as object).sort()).toEqual(['alpha', 'beta']);
  });

  it('refuses a .gz file that is not gzipped with a sentence, writing nothing', async () => {
    const path = file('plain.jsonl.gz', [catalogueRow(1, 'alpha', 'Alpha')]);
    const result = await runImport('games', path);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      `import failed: ${path} is not a gzip file (a name ending in .gz is read gzipped)`,
    ]);
    expect(await client.get('games')).toBeNull();
  });

  it('answers usage errors with exit code 2 and missing files with 1', async () => {
    expect((await runImport('games')).code).toBe(2);
    expect((await runImport('players', 'x.jsonl')).code).toBe(2);
    const missing = await runImport('games', join(dir, 'missing.jsonl'));
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/^import failed: /);
  });
});

describe('import lists', () => {
  it('links entries to imported games by appid, skips and counts the rest, writes summaries', async () => {
    await runImport(
      'games',
      file('for-lists.jsonl', [
        catalogueRow(72850, 'skyrim', 'Skyrim'),
        catalogueRow(730, 'counter-strike-global-offensive', 'CS:GO'),
      ]),
    );
    // A demo game that shares the catalogue game's appid: the catalogue record wins.
    await client.patch('', {
      'games/counter-strike-2/name': 'Counter-Strike 2',
      'games/counter-strike-2/deeplink_url_code': 'counter-strike-2',
      'games/counter-strike-2/steam_appid': 730,
      'games/counter-strike-2/source': 'questline',
    });
    const lists = file('lists.jsonl', [
      JSON.stringify({
        id: 'best_games_of_2011',
        name: 'Best games of 2011',
        source_lists: [{ name: 'A', url: 'https://example.com' }],
        entries: [
          { position: 1, title: 'Skyrim', year: 2011, total_score: 5, lists_appeared: 1, game_id: 72850 },
          {
            position: 2,
            title: 'Console only',
            year: 2011,
            total_score: 4,
            lists_appeared: 1,
            game_id: null,
          },
          { position: 3, title: 'CS:GO', year: 2012, total_score: 3, lists_appeared: 1, game_id: 730 },
          {
            position: 4,
            title: 'Not imported',
            year: 2011,
            total_score: 2,
            lists_appeared: 1,
            game_id: 4242,
          },
        ],
      }),
      JSON.stringify({
        id: 'nothing_linked',
        name: 'Nothing linked',
        source_lists: [],
        entries: [{ position: 1, title: 'X', game_id: null }],
      }),
      '{"id": 1}',
    ]);
    const result = await runImport('lists', lists);
    expect(result.code).toBe(0);
    expect(result.err).toEqual([expect.stringMatching(/^line 3: /)]);
    expect(result.out[0]).toMatch(
      /^imported 1 lists \(2 entries linked to games\), skipped 3 entries without a game and 1 lists without any, rejected 1, in /,
    );
    const list = listSchema.parse(await client.get('lists/best-games-of-2011'));
    expect(list.games.ranking?.games).toEqual({ skyrim: 1, 'counter-strike-global-offensive': 3 });
    expect(await client.get('lists-public')).toEqual({
      'best-games-of-2011': { name: 'Best games of 2011', game_count: 2 },
    });

    const again = await runImport('lists', lists);
    expect(again.out[0]).toMatch(/^imported 1 lists/);
    expect(listSchema.parse(await client.get('lists/best-games-of-2011'))).toEqual(list);
  });
});
