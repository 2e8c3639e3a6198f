// The real curated lists on the local stack: Open Video Game Data's 83 "best games" lists (MIT) from
// `../shared/data/curated_lists.jsonl`, with the catalogue games they name from `../shared/data/games.jsonl`
// (CC BY 4.0) and only those, so that list pages show real lists without loading the 20,000-game catalogue.
// Optional: without the files the stack runs on the hand-written demo data alone. The games go through the
// importer's writeGames, which also files them under their genres and tags in the browse index.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readCatalogueRows } from '../../shared/catalogue/catalogue-rows.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { listPublicPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { loadDemoData } from '../../seed/demo-data.ts';
import { importCuratedLists, listCodeOf, readCuratedLists } from '../import-lists.ts';

export interface CuratedListsSeed {
  lists: number;
  games: number;
  seconds: number;
}

/** The Steam app ids the lists link to. */
function linkedAppids(lists: ReturnType<typeof readCuratedLists>['lists']): Set<number> {
  return new Set(
    lists.flatMap(({ list }) => list.entries.flatMap((entry) => (entry.game_id ? [entry.game_id] : []))),
  );
}

/** The lines of games.jsonl for those app ids (a cheap look at each line's id before full validation). */
function catalogueLinesFor(text: string, appids: Set<number>): string {
  return text
    .split('\n')
    .filter((line) => {
      const match = /"id":\s*(\d+)/.exec(line);
      return match?.[1] !== undefined && appids.has(Number(match[1]));
    })
    .join('\n');
}

/**
 * Writes the curated lists and the catalogue games they name, once per database: it does nothing when
 * the data folder lacks the files or the first linked list is already there. Demo games keep their own
 * record (a catalogue row with a demo game's slug is left out), and the catalogue games get no
 * `weighted_index`, so top games stay the demo ranking; answers what it wrote, or null when it wrote nothing.
 */
export async function seedCuratedLists(owner: RtdbClient, dataDir: string): Promise<CuratedListsSeed | null> {
  const listsFile = path.join(dataDir, 'curated_lists.jsonl');
  const gamesFile = path.join(dataDir, 'games.jsonl');
  if (!existsSync(listsFile) || !existsSync(gamesFile)) return null;
  const started = performance.now();
  const listsText = await readFile(listsFile, 'utf8');
  const { lists } = readCuratedLists(listsText);
  const firstLinked = lists.find(({ list }) => list.entries.some((entry) => entry.game_id));
  if (!firstLinked || (await owner.get(listPublicPath(listCodeOf(firstLinked.list.id)))) !== null)
    return null;

  const demoSlugs = new Set(loadDemoData().games.map((game) => game.slug));
  const { rows } = readCatalogueRows(
    catalogueLinesFor(await readFile(gamesFile, 'utf8'), linkedAppids(lists)),
    'jsonl',
  );
  const games = await writeGames(
    owner,
    rows.map(({ row }) => row).filter((row) => !demoSlugs.has(row.slug)),
    { source: 'steam-catalogue', weightedIndex: () => undefined },
  );
  const result = await importCuratedLists(owner, listsText);
  return { lists: result.lists, games, seconds: (performance.now() - started) / 1000 };
}
