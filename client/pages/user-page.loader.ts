// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { isGuestName } from '../../shared/auth/account-api.ts';
import { followedGames, type FollowedGame } from '../../shared/catalogue/followed-games.ts';
import { followedGamesOfCopy, type FollowedCopy } from '../../shared/schemas/followed-copy.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { GAMES_FOLLOWED_DEFAULT } from '../../shared/constants.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { startFeedForPage, type FeedPage } from '../../shared/feed/read-feed.ts';
import { summaryForPage } from '../../shared/schemas/game-summary.ts';
import { toGameSummary, type GameSummary, type NotFoundPageData } from '../../shared/page-data.ts';
import { PROFILE } from '../../shared/records/record-kinds.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import { ROOTS, userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { userPublicSchema, usernameSchema } from '../../shared/schemas/user.ts';
import { settledOr } from '../../shared/settled-or.ts';
import { publicDatabaseContext } from '../page-data-context.ts';
import type { MemberShelves } from '../components/shelves/member-shelves-data.ts';
import { shelfCounts } from '../components/shelves/shelf-names.ts';
import { newestShelvedGames } from './member-shelves.loader.ts';
import { notFoundPageData } from './not-found-page.loader.ts';
import { finishPageFeed } from './page-feed.ts';
import { forgetProfileUid, keepProfileUid, keptProfileUid } from './profile-uid-memo.ts';

/** A profile name: a member's username, or a guest's `web-…` display name (spec section 6). */
const profileNameSchema = z.union([usernameSchema, z.string().refine(isGuestName)]);

/** The public section as the page reads it: a guest's `web-…` name is a profile name too. */
const publicSectionSchema = userPublicSchema.extend({ username: profileNameSchema });

/** Entries of `users_public` a username query answers: only the key (the uid) and the name matter. */
const usersPublicMatchesSchema = z.record(z.string(), z.object({ username: z.string() }).loose());

/** The member as the user page shows them (spec section 3: public section and profile). */
export interface ProfileUser {
  uuid: string;
  username: string;
  /** https, or an image uploaded here (`/media/…`, shared/schemas/profile-image.ts); the schemas drop anything else. */
  icon?: string;
  header?: string;
  brief: string;
  /** The profile's longer text, shown as typed (line breaks kept). */
  details: string;
  /** How many users follow this member. */
  follows: number;
}

/** The user page's bundle (spec section 3): the user, looked up by profile name, and the games they follow. */
export interface UserPageData {
  user: ProfileUser;
  followGames: GameSummary[];
  /** The first page of the member's feed, newest first (more through GET /api/posts). */
  feed: FeedPage;
  /** How many games are on each of their shelves, and the newest (more through GET /api/shelves/users/{uid}). */
  shelves: MemberShelves;
}

/** The not-found page is shown at the requested URL, which stays in the address bar (status 404). */
async function notFound(db: RtdbClient) {
  return data<NotFoundPageData>(await notFoundPageData(db), { status: 404 });
}

/** Members read for one profile name at most: a name is held once; a second match only shows it is not. */
const PROFILE_NAME_MATCHES_READ = 2;

/** The uid holding a profile name in `users_public` (the only public read of it: by username, limited). */
async function uidByProfileName(db: RtdbClient, profileName: string): Promise<string | null> {
  const matches = await db.query(
    ROOTS.usersPublic,
    { orderBy: 'username', equalTo: profileName, limitToFirst: PROFILE_NAME_MATCHES_READ },
    usersPublicMatchesSchema,
  );
  const uid = Object.entries(matches ?? {}).find(([, entry]) => entry.username === profileName)?.[0];
  return uid !== undefined && recordIdSchema.safeParse(uid).success ? uid : null;
}

/**
 * The games a member follows as their page shows them, newest first: each from the summary kept of it
 * (in the section's copy or the index entry); those followed before summaries were kept (until the
 * backfill job has run) are read, in the page's second round. A game that cannot be read is left out.
 */
async function followedGameCards(db: RtdbClient, followed: readonly FollowedGame[]): Promise<GameSummary[]> {
  const unsummarised = followed.filter(({ summary }) => summary === null).map(({ gameId }) => gameId);
  const read = new Map(
    unsummarised.length === 0
      ? []
      : (await gamesByIds(db, unsummarised)).map((game) => [game.uuid, toGameSummary(game)] as const),
  );
  return followed.flatMap(({ gameId, summary }) => {
    const card = summary ? summaryForPage(gameId, summary) : read.get(gameId);
    return card ? [card] : [];
  });
}

/**
 * The games a member follows, newest first: from the copy in their public section (`copy`, read with it)
 * while it matches their follows, else in one query of their follows' index (a round more).
 */
async function followedEntries(
  db: RtdbClient,
  uid: string,
  copy: FollowedCopy | undefined,
): Promise<readonly FollowedGame[]> {
  return followedGamesOfCopy(copy) ?? followedGames(db, uid, GAMES_FOLLOWED_DEFAULT);
}

/** What a member's page shows of their profile: its text, and its header when the section has none. */
interface ShownProfile {
  brief: string;
  details: string;
  header?: string | undefined;
}

/** What a member's page shows of a hidden profile, or of none. */
const NO_PROFILE: ShownProfile = { brief: '', details: '' };

/**
 * The profile of a member whose public section keeps no copy of its text yet (changed last before the
 * copies, until member-page-copies has run): read as the page read every profile before, its header
 * shown too (older sections may lack it).
 */
async function storedProfile(db: RtdbClient, uid: string): Promise<ShownProfile> {
  const profile = await readRecord(db, PROFILE, uid).catch((error: unknown) => {
    console.error(`Profile of ${uid} failed`, error);
    return null;
  });
  return profile && !profile.disabled
    ? { brief: profile.brief, details: profile.details, header: profile.header }
    : NO_PROFILE;
}

/**
 * The page of the member `uid`, or null when their public section does not carry `profileName` (the
 * uid is not, or no longer, that name's) or cannot be read. One round of two reads in parallel (the public
 * section, which keeps the profile's text, the feed's activity time, the newest shelved games and the
 * followed games with their summaries, and the feed's posts with their preview comments), then one more
 * only for what older data lacks or a race left behind (a profile text not copied yet, a shelves or
 * followed games copy not matching its index, games followed before summaries were kept, comments of
 * posts without copies, names not stored). A hidden profile leaves the page without
 * brief and details, and the games failing leave it without them.
 */
async function userPage(db: RtdbClient, uid: string, profileName: string): Promise<UserPageData | null> {
  const [publicResult, feedStart] = await Promise.allSettled([
    db.read(userSectionPath(uid, 'public'), publicSectionSchema),
    startFeedForPage(db, feedIdOf('user', uid), { readActivity: false }),
  ]);
  const section = settledOr(publicResult, null, `user ${uid}`);
  if (!section || section.username !== profileName) return null;
  const started = settledOr(feedStart, null, `feed of ${uid}`);
  const [profile, followed, feed, shelvedResult] = await Promise.all([
    section.profile ?? storedProfile(db, uid),
    followedEntries(db, uid, section.followedGames)
      .then((entries) => followedGameCards(db, entries))
      .catch((error: unknown) => {
        console.error(`Games followed by ${uid} failed`, error);
        return [];
      }),
    finishPageFeed(db, started && { ...started, activityAt: section.feedActivity ?? null }),
    // From the section's copy; the index queried only while the copy may not match it (shelved-copy.ts).
    newestShelvedGames(db, uid, section.shelved).then(
      (value) => ({ status: 'fulfilled', value }) as const,
      (reason: unknown) => ({ status: 'rejected', reason }) as const,
    ),
  ]);

  const user: ProfileUser = {
    uuid: uid,
    username: section.username,
    brief: profile.brief,
    details: profile.details,
    follows: section.follows,
  };
  const icon = section.icon ?? section.fbicon;
  if (icon) user.icon = icon;
  // Every change of the profile's header also writes it to the public section (profile.ts, profile-image.ts).
  const header = ('header' in profile ? profile.header : undefined) ?? section.header;
  if (header) user.header = header;
  const shelved = settledOr(shelvedResult, { games: [], nextCursor: null }, `shelves of ${uid}`);
  const shelves = { counts: shelfCounts(section.shelves), ...shelved };
  return { user, followGames: followed, feed, shelves };
}

/**
 * The user page's bundle. Its address names the member by profile name, everything else is kept by
 * uid: asked for cold, the uid is found first (`users_public`, one round), then the page is one round of
 * two reads (a second only for older data, see userPage): three reads in two rounds. The uid found is kept
 * in the Worker (profile-uid-memo.ts), so the page asked for again is that round alone; a kept uid whose public section no longer carries the name is
 * forgotten and the name looked up again. A missing or failing user gives the not-found bundle (spec
 * section 8; its top games are a round after the lookup).
 */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<UserPageData> {
  const db = context.get(publicDatabaseContext);
  const profileName = params.profileName ?? '';
  if (!profileNameSchema.safeParse(profileName).success) throw await notFound(db);
  const kept = keptProfileUid(profileName);
  if (kept !== undefined) {
    const page = await userPage(db, kept, profileName);
    if (page) return page;
    forgetProfileUid(profileName);
  }
  const uid = await uidByProfileName(db, profileName).catch((error: unknown) => {
    console.error(`Looking up user ${profileName} failed`, error);
    return null;
  });
  if (!uid) throw await notFound(db);
  const page = await userPage(db, uid, profileName);
  if (!page) throw await notFound(db);
  keepProfileUid(profileName, uid);
  return page;
}
