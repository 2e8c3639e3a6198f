import { z } from 'zod';

/**
 * The discovery summary of a curated list at `lists-public/{code}`: enough to show a link to the list
 * (its name and how many games it holds) without reading the whole list.
 */
export const listSummarySchema = z.object({
  name: z.string().min(1).max(200),
  game_count: z.number().int().nonnegative(),
  /** How many members follow the list (shared/transitions/follow.ts keeps it exact; absent: none). */
  follows: z.number().int().nonnegative().optional(),
});

export type ListSummary = z.infer<typeof listSummarySchema>;

/** The summary of a list record: its name and the number of distinct games over its collections. */
export function listSummaryOf(list: {
  name: string;
  games: Record<string, { games: Record<string, number> }>;
}): ListSummary {
  const ids = new Set<string>();
  for (const collection of Object.values(list.games))
    for (const id of Object.keys(collection.games)) ids.add(id);
  return { name: list.name, game_count: ids.size };
}
