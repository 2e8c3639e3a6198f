import { z } from 'zod';
import { deepLinkSchema } from './keys.ts';
import type { GameRecord } from './game.ts';
import type { GameSummary } from '../page-data.ts';

/**
 * A game as the records that show it keep it (a list's games, an event's featured games, a game's
 * suggested games, the home page's highlights): what a card shows and links to, so that a page showing
 * 40 games reads one record instead of 40. The game's own record stays the truth; these copies are kept
 * right when it changes (shared/catalogue/game-summary-places.ts) and filled into older data by
 * `npm run job -- game-summaries`.
 */
export const gameSummaryRecordSchema = z.object({
  name: z.string().min(1).max(200),
  /** The game page's address (`/game/{deeplink_url_code}`). */
  deeplink_url_code: deepLinkSchema,
  icon: z.string().optional(),
  /** The game's first genre. */
  genre: z.string().optional(),
  /** The year of its release. */
  year: z.number().int().optional(),
});

export type GameSummaryRecord = z.infer<typeof gameSummaryRecordSchema>;

/**
 * The summaries a record keeps, game id → summary. Each is checked on its own: one of the wrong shape is
 * read as missing (the page reads that game's record instead) rather than failing the record holding it.
 */
export const gameSummariesSchema = z.record(z.string(), gameSummaryRecordSchema.nullable().catch(null));

const DEEP_LINK = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A kept summary checked by hand, as gameSummaryRecordSchema checks it (null: of the wrong shape, read as
 * missing): for a page that checks many on every render (a member's followed games), where zod's object
 * checks were a tenth of what the page cost beyond a render from memory.
 */
export function keptSummaryOf(value: unknown): GameSummaryRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, deeplink_url_code: link, icon, genre, year } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.length < 1 || name.length > 200) return null;
  if (typeof link !== 'string' || link.length > 100 || !DEEP_LINK.test(link)) return null;
  if ((icon !== undefined && typeof icon !== 'string') || (genre !== undefined && typeof genre !== 'string'))
    return null;
  if (year !== undefined && !Number.isInteger(year)) return null;
  return {
    name,
    deeplink_url_code: link,
    ...(icon === undefined ? {} : { icon }),
    ...(genre === undefined ? {} : { genre }),
    ...(year === undefined ? {} : { year: year as number }),
  };
}

/** The summary of a game record, as the records showing it keep it. */
export function gameSummaryRecordOf(
  game: Pick<GameRecord, 'name' | 'deeplink_url_code' | 'icon' | 'genres' | 'release_date'>,
): GameSummaryRecord {
  const year = game.release_date ? Number(game.release_date.slice(0, 4)) : undefined;
  const genre = game.genres[0];
  return {
    name: game.name,
    deeplink_url_code: game.deeplink_url_code,
    ...(game.icon ? { icon: game.icon } : {}),
    ...(genre ? { genre } : {}),
    ...(year !== undefined && Number.isInteger(year) ? { year } : {}),
  };
}

/**
 * A game as a card shows it, from the summary a record keeps of it: its first genre and release year,
 * which is all a card shows; no developers.
 */
export function summaryForPage(uuid: string, kept: GameSummaryRecord): GameSummary {
  return {
    uuid,
    name: kept.name,
    deeplink_url_code: kept.deeplink_url_code,
    ...(kept.icon ? { icon: kept.icon } : {}),
    genres: kept.genre ? [kept.genre] : [],
    ...(kept.year === undefined ? {} : { year: kept.year }),
    developers: [],
  };
}

/** A game as grids and lists show it on pages and in API answers (shared/page-data.ts). */
export const gameSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  deeplink_url_code: z.string(),
  icon: z.string().optional(),
  genres: z.array(z.string()),
  release_date: z.string().optional(),
  year: z.number().int().optional(),
  developers: z.array(z.string()),
}) satisfies z.ZodType<GameSummary>;
