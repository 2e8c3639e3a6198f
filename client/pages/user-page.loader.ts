// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { isGuestName } from '../../shared/auth/account-api.ts';
import { followedGameIds } from '../../shared/catalogue/followed-games.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { GAMES_FOLLOWED_DEFAULT } from '../../shared/constants.ts';
import { feedForPage, type FeedPage } from '../../shared/feed/read-feed.ts';
import { loadFeedSection } from '../components/feed/feed-section-on-demand.tsx';
import { toGameSummary, type GameSummary, type NotFoundPageData } from '../../shared/page-data.ts';
import { PROFILE } from '../../shared/records/record-kinds.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import { ROOTS, userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { userPublicSchema, usernameSchema } from '../../shared/schemas/user.ts';
import { settledOr } from '../../shared/settled-or.ts';
import { publicDatabaseContext } from '../page-data-context.ts';
import { notFoundPageData } from './not-found-page.loader.ts';

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
}

/** The feed with its code loaded, so that the server renders it into the HTML (see feed-section-on-demand.tsx). */
async function withFeedCode(feed: Promise<FeedPage>): Promise<FeedPage> {
  const [read] = await Promise.all([feed, loadFeedSection()]);
  return read;
}

/** The not-found page is shown at the requested URL, which stays in the address bar (status 404). */
async function notFound(db: RtdbClient) {
  return data<NotFoundPageData>(await notFoundPageData(db), { status: 404 });
}

/** The uid holding a profile name in `users_public` (the only public read of it: by username, limited). */
async function uidByProfileName(db: RtdbClient, profileName: string): Promise<string | null> {
  const matches = await db.query(
    ROOTS.usersPublic,
    { orderBy: 'username', equalTo: profileName, limitToFirst: 2 },
    usersPublicMatchesSchema,
  );
  const uid = Object.entries(matches ?? {}).find(([, entry]) => entry.username === profileName)?.[0];
  return uid !== undefined && recordIdSchema.safeParse(uid).success ? uid : null;
}

/**
 * The user page's bundle in three sequential rounds of database reads: the uid by profile name
 * (`users_public`); then, in parallel, the public section, the profile and the followed games' index
 * entries; then the followed games in parallel. A missing or failing user gives the not-found bundle
 * (spec section 8; its top games are a second round after the first); a missing or hidden profile
 * leaves the page without brief and header, and the games failing leave it without them.
 */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<UserPageData> {
  const db = context.get(publicDatabaseContext);
  const profileName = params.profileName ?? '';
  if (!profileNameSchema.safeParse(profileName).success) throw await notFound(db);
  const uid = await uidByProfileName(db, profileName).catch((error: unknown) => {
    console.error(`Looking up user ${profileName} failed`, error);
    return null;
  });
  if (!uid) throw await notFound(db);

  // The feed's index query shares the next round; its posts are read while the games are.
  const feedRead = withFeedCode(feedForPage(db, uid));
  const [publicResult, profileResult, followedResult] = await Promise.allSettled([
    db.read(userSectionPath(uid, 'public'), publicSectionSchema),
    readRecord(db, PROFILE, uid),
    followedGameIds(db, uid, GAMES_FOLLOWED_DEFAULT).then((ids) => gamesByIds(db, ids)),
  ]);
  const section = settledOr(publicResult, null, `user ${uid}`);
  if (!section || section.username !== profileName) throw await notFound(db);
  const profile = settledOr(profileResult, null, `profile of ${uid}`);
  const followed = settledOr(followedResult, [], `games followed by ${uid}`);

  const user: ProfileUser = {
    uuid: uid,
    username: section.username,
    brief: profile && !profile.disabled ? profile.brief : '',
    details: profile && !profile.disabled ? profile.details : '',
    follows: section.follows,
  };
  const icon = section.icon ?? section.fbicon;
  if (icon) user.icon = icon;
  const header = (profile && !profile.disabled ? profile.header : undefined) ?? section.header;
  if (header) user.header = header;
  return { user, followGames: followed.map(toGameSummary), feed: await feedRead };
}
