// The public pages a sitemap lists, by kind: which database node holds them (one child per key), how
// many URLs each child gives, and the pages' paths. Read with the server credential: the rules let a
// visitor read these nodes only by bounded queries of 25, which a crawl of the whole site is not.

import { z } from 'zod';
import { isGuestName } from '../../shared/auth/account-api.ts';
import { listSummarySchema } from '../../shared/catalogue/list-summary.ts';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';
import { compareKeys } from '../../shared/rtdb/key-order.ts';
import { ROOTS, SOCIAL_ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { chunkLength } from './sitemap-chunks.ts';
import { usernameSchema } from '../../shared/schemas/user.ts';

/** The kinds of page with a sitemap of their own, in the order the index lists them. */
export const SITEMAP_KINDS = ['games', 'events', 'lists', 'users'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/**
 * Where a child sitemap starts: any key the database accepts (at most 768 bytes, none of `. $ # [ ] /`
 * or control characters), since the index names a child by the key of its first record, whatever it is.
 * https://firebase.google.com/docs/database/web/structure-data#how_data_is_structured_its_a_json_tree
 */
export const sitemapCursorSchema = z
  .string()
  .min(1)
  .max(768)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a key may not hold
  .regex(/^[^.$#[\]/\u0000-\u001f\u007f]+$/)
  .refine((key) => new TextEncoder().encode(key).length <= 768);

/** One child of a node, as read: its key and its value. */
export interface NodeEntry {
  key: string;
  value: unknown;
}

interface SitemapSource {
  /** The node whose children are the pages; a child sitemap starts at one of its keys (`?from=`). */
  root: string;
  /**
   * Whether the index needs the children's values to weigh them (lists: their game counts), or only
   * their keys (a shallow read: `true` for each child, whatever it holds).
   */
  indexNeedsValues: boolean;
  /** How many URLs a child gives at most; the index and the sitemap weigh with the same values. */
  weight: (entry: NodeEntry) => number;
  /**
   * The paths of the public pages of one child sitemap: the children of `root` from `from` on (from the
   * first when null), as many as `chunkLength` gives, in key order; one round of database reads.
   */
  sitemap: (db: RtdbClient, from: string | null, limit: number) => Promise<string[]>;
}

const namedRecordSchema = z.object({ name: z.string().min(1) }).loose();

/** Children of a node in the database's key order (the REST API answers a query as an unordered object). */
export function entriesInKeyOrder(node: unknown): NodeEntry[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node as Record<string, unknown>)
    .map(([key, value]): NodeEntry => ({ key, value }))
    .sort((a, b) => compareKeys(a.key, b.key));
}

/** Up to `limit` children of `root` from the key `from` on (from the first when null), in key order. */
async function readPage(
  db: RtdbClient,
  root: string,
  from: string | null,
  limit: number,
  endAt?: string,
): Promise<NodeEntry[]> {
  const node = await db.get(root, {
    orderBy: '$key',
    ...(from === null ? {} : { startAt: from }),
    ...(endAt === undefined ? {} : { endAt }),
    limitToFirst: limit,
  });
  return entriesInKeyOrder(node);
}

/** The entries of one child sitemap among those read from its first key on. */
function oneChild(source: Pick<SitemapSource, 'weight'>, read: NodeEntry[], limit: number): NodeEntry[] {
  return read.slice(0, chunkLength(read.map(source.weight), limit));
}

/** Records keyed by their deep link (games, events) whose page can show them: they have a name. */
function pagesByDeepLink(root: string, prefix: string): SitemapSource {
  const source: SitemapSource = {
    root,
    indexNeedsValues: false,
    weight: () => 1,
    async sitemap(db, from, limit) {
      return oneChild(source, await readPage(db, root, from, limit), limit).flatMap(({ key, value }) =>
        deepLinkSchema.safeParse(key).success && namedRecordSchema.safeParse(value).success
          ? [`${prefix}${key}`]
          : [],
      );
    },
  };
  return source;
}

/** How many pages the list page makes of a curated list's games (`?page=N` past the first); 0 if unreadable. */
function listPageCount(value: unknown): number {
  const summary = listSummarySchema.safeParse(value);
  if (!summary.success) return 0;
  return Math.max(1, Math.ceil(summary.data.game_count / LIST_PAGE_SIZE));
}

const curatedLists: SitemapSource = {
  // The public lists: `lists-public` holds a summary of each list anyone may discover.
  root: ROOTS.listsPublic,
  indexNeedsValues: true,
  weight: ({ value }) => listPageCount(value),
  async sitemap(db, from, limit) {
    const read = await readPage(db, ROOTS.listsPublic, from, limit);
    return oneChild(curatedLists, read, limit).flatMap(({ key, value }) => {
      if (!deepLinkSchema.safeParse(key).success) return [];
      const pages = Math.min(listPageCount(value), limit);
      return Array.from({ length: pages }, (_, index) =>
        index === 0 ? `/lists/games/${key}` : `/lists/games/${key}?page=${String(index + 1)}`,
      );
    });
  },
};

const usersPublicEntrySchema = z.object({ username: usernameSchema }).loose();
const profileEntrySchema = z.object({ disabled: z.boolean().optional() }).loose();

/**
 * How many more pages of profiles one child sitemap reads, past the first, when profiles of members no
 * longer listed crowd its key range: each is one more read of up to a page, so a child stays a bounded
 * number of reads however many such profiles pile up. A handful is far more than members leaving between
 * two listed ones ever leave behind.
 */
const MAX_EXTRA_PROFILE_PAGES = 4;

/**
 * The members among those read whose profile is disabled (or cannot be told). Profiles are keyed by uid
 * like `users_public`, so the profiles of a page of members are read from the same first key in the same
 * round; should the members' key range hold more profiles than that read took (profiles of members no
 * longer listed), the rest of the range is read too, up to MAX_EXTRA_PROFILE_PAGES more, so that no member
 * goes out unchecked: members past what was read count as hidden.
 */
async function membersWithDisabledProfile(
  db: RtdbClient,
  members: NodeEntry[],
  profilesRead: NodeEntry[],
  limit: number,
): Promise<Set<string>> {
  const disabled = new Set<string>();
  const last = members.at(-1)?.key;
  let page = profilesRead;
  for (let extraPages = 0; ; extraPages++) {
    for (const { key, value } of page) {
      const profile = profileEntrySchema.safeParse(value);
      // A profile that cannot be read as one counts as hidden: better left out than shown by mistake.
      if (!profile.success || profile.data.disabled === true) disabled.add(key);
    }
    const lastRead = page.at(-1)?.key;
    if (last === undefined || lastRead === undefined || page.length < limit) return disabled;
    if (compareKeys(lastRead, last) >= 0) return disabled;
    if (extraPages === MAX_EXTRA_PROFILE_PAGES) {
      for (const { key } of members) if (compareKeys(key, lastRead) > 0) disabled.add(key);
      return disabled;
    }
    // startAt is inclusive: one more than a page, and the first (already seen) dropped.
    page = (await readPage(db, SOCIAL_ROOTS.profiles, lastRead, limit + 1, last)).slice(1);
  }
}

const members: SitemapSource = {
  root: ROOTS.usersPublic,
  indexNeedsValues: false,
  weight: () => 1,
  async sitemap(db, from, limit) {
    const [read, profiles] = await Promise.all([
      readPage(db, ROOTS.usersPublic, from, limit),
      readPage(db, SOCIAL_ROOTS.profiles, from, limit),
    ]);
    const child = oneChild(members, read, limit);
    // A disabled profile is hidden from everyone but its owner (database.rules.json): its member's page
    // is not advertised either.
    const disabled = await membersWithDisabledProfile(db, child, profiles, limit);
    return child.flatMap(({ key, value }) => {
      const entry = usersPublicEntrySchema.safeParse(value);
      // Guests are temporary accounts (spec section 6): their pages are not worth a search engine's visit.
      if (!entry.success || disabled.has(key) || isGuestName(entry.data.username)) return [];
      return [`/user/${encodeURIComponent(entry.data.username)}`];
    });
  },
};

export const SITEMAP_SOURCES: Record<SitemapKind, SitemapSource> = {
  games: pagesByDeepLink(ROOTS.games, '/game/'),
  events: pagesByDeepLink(ROOTS.events, '/event/'),
  lists: curatedLists,
  users: members,
};
