import { z } from 'zod';
import { httpsUrlSchema } from '../schemas/https-url.ts';
import { deepLinkSchema, recordIdSchema } from '../schemas/keys.ts';
import { usernameSchema } from '../schemas/user.ts';
import type { SearchDocument } from './search-index.ts';

// What the index takes from the database: from each game (`games/{deepLink}`) its name, icon and
// popularity; from each member's entry in `users_public/{uid}` their username and icon. Only these
// fields are kept in memory (a game record also holds descriptions, tags and more), and a record that
// does not have them is left out of search rather than shown broken.

/** The fields of a game that search uses. */
const searchedGameSchema = z.object({
  name: z.string().trim().min(1).max(200),
  icon: z.string().optional().catch(undefined),
  content: z
    .object({ icon: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
  follows: z.number().nonnegative().optional().catch(undefined),
  weighted_index: z.number().nonnegative().optional().catch(undefined),
});

/**
 * The fields of a `users_public` entry that search uses. Guests' `web-…` display names are not
 * usernames (underscores, letters and digits only), so temporary guest accounts are never results.
 */
const searchedMemberSchema = z.object({
  username: usernameSchema,
  icon: z.string().optional().catch(undefined),
  fbicon: z.string().optional().catch(undefined),
});

/** Only https addresses are shown as images (anything else is dropped, as the pages do). */
function httpsImage(...candidates: (string | undefined)[]): string | undefined {
  return candidates.find((url) => url !== undefined && httpsUrlSchema.safeParse(url).success);
}

/** The fields of an object named in `fields` (nested objects as `{ field: [subfields] }`), others dropped. */
function picked(value: unknown, fields: readonly (string | Record<string, readonly string[]>)[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const source = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    if (typeof field === 'string') {
      if (source[field] !== undefined) kept[field] = source[field];
      continue;
    }
    for (const [name, subfields] of Object.entries(field)) {
      const nested = picked(source[name], subfields);
      if (nested !== null) kept[name] = nested;
    }
  }
  return kept;
}

/**
 * The part of a game record search keeps in memory (the mirror of `games` stores only this). Kept
 * whether or not the record is complete yet, so that a record written field by field adds up.
 */
export function searchedGameFields(value: unknown): unknown {
  return picked(value, ['name', 'icon', { content: ['icon'] }, 'follows', 'weighted_index']);
}

/** The part of a `users_public` entry search keeps in memory. */
export function searchedMemberFields(value: unknown): unknown {
  return picked(value, ['username', 'icon', 'fbicon']);
}

/** A game as a search document, or null when its key or record cannot be one. */
export function gameDocument(deepLink: string, value: unknown): SearchDocument | null {
  if (!deepLinkSchema.safeParse(deepLink).success) return null;
  const parsed = searchedGameSchema.safeParse(value);
  if (!parsed.success) return null;
  const game = parsed.data;
  return {
    kind: 'game',
    id: deepLink,
    name: game.name,
    link: `/game/${deepLink}`,
    image: httpsImage(game.icon, game.content?.icon),
    popularity: (game.weighted_index ?? 0) + (game.follows ?? 0),
  };
}

/** A member as a search document, or null for a guest or an entry that cannot be one. */
export function memberDocument(uid: string, value: unknown): SearchDocument | null {
  if (!recordIdSchema.safeParse(uid).success) return null;
  const parsed = searchedMemberSchema.safeParse(value);
  if (!parsed.success) return null;
  const member = parsed.data;
  return {
    kind: 'user',
    id: uid,
    name: member.username,
    link: `/user/${member.username}`,
    image: httpsImage(member.icon, member.fbicon),
    popularity: 0,
  };
}
