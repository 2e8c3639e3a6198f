import { z } from 'zod';
import { shownCountSchema } from './shown-count.ts';
import { recordIdSchema } from './keys.ts';
import { shelfSchema } from './shelf.ts';
import type { RecordMeta } from './record-meta.ts';
import { storedHttpsUrlSchema } from './https-url.ts';
import { storedProfileImageAddressSchema } from './profile-image.ts';
import { shelvedCopySchema } from './shelved-copy.ts';
import { followedCopySchema } from './followed-copy.ts';
import { USERNAME_CHARACTERS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './username-rule.ts';

// A user lives at `users/{uid}` split into sections, each its own node so that each can have its own
// database rules (spec sections 3 and 6): public is readable by anyone, private and readOnly only by
// the user, admin by no client at all, developer by anyone. Clients write none of them directly: the
// Worker commits every change with its server credential.

/** A username: what profile URLs (`user/{profileName}`) and lookups by username use. */
export const usernameSchema = z
  .string()
  .min(USERNAME_MIN_LENGTH, `At least ${USERNAME_MIN_LENGTH} characters.`)
  .max(USERNAME_MAX_LENGTH, `At most ${USERNAME_MAX_LENGTH} characters.`)
  .regex(USERNAME_CHARACTERS, 'Use letters, digits and underscores only.');

/** Ids mapped to the time (ms since epoch) they were added: the shape of every per-user index map. */
export const timestampMapSchema = z.record(recordIdSchema, z.number());

/** The profile text a member's page shows: what `users/{uid}/public/profile` keeps. */
export const shownProfileTextSchema = z.object({
  brief: z.string().max(160).default(''),
  details: z.string().max(2000).default(''),
});

/** `users/{uid}/public`: what anyone may see. */
export const userPublicSchema = z.object({
  uuid: recordIdSchema,
  username: usernameSchema,
  /** https, or the address of an image uploaded here (shared/schemas/profile-image.ts). */
  icon: storedProfileImageAddressSchema,
  header: storedProfileImageAddressSchema,
  /** The icon from a linked third-party (Facebook) account. */
  fbicon: storedHttpsUrlSchema,
  /** How many users follow this user; kept exact by the follow transitions. */
  follows: shownCountSchema,
  /** How many games the member has on each shelf (shared/schemas/shelf.ts); moved by their shelf changes only. */
  shelves: z.partialRecord(shelfSchema, z.number().int()).optional(),
  /**
   * The profile's text as their page shows it (empty while the member hides their profile), kept by every
   * profile change so that the page needs no read of `profiles/{uid}`; absent for a member whose profile
   * has not been changed since (npm run job -- member-page-copies fills it).
   */
  profile: shownProfileTextSchema.optional().catch(undefined),
  /**
   * The activity time of the member's feed (`feed_activity/user:{uid}`), moved in the same PATCH, so that
   * their page needs no read of it. A damaged copy reads as absent rather than failing the section.
   */
  feedActivity: z.number().optional().catch(undefined),
  /**
   * The member's newest shelved games as their index has them, with what says whether they still match it
   * (shared/schemas/shelved-copy.ts); absent for a member who has not shelved since (npm run job --
   * member-page-copies fills it). A damaged copy reads as absent: the page then queries the index.
   */
  shelved: shelvedCopySchema.optional().catch(undefined),
  /**
   * The games the member follows, newest first, as many as their page shows, with what says whether they
   * still match their follows (shared/schemas/followed-copy.ts); absent for a member who has not followed
   * or unfollowed a game since (npm run job -- member-page-copies fills it). A damaged copy reads as absent.
   */
  followedGames: followedCopySchema.optional().catch(undefined),
});

/** What a user has blocked, each id with the time it was blocked. */
export const userBlocksSchema = z.object({
  posts: timestampMapSchema.default({}),
  comments: timestampMapSchema.default({}),
  users: timestampMapSchema.default({}),
  /** Games the member is not interested in. */
  games: timestampMapSchema.default({}),
});

/** What the user follows, by kind, each id with the time it was followed (active follows only). */
export const userFollowsMapSchema = z.object({
  users: timestampMapSchema.default({}),
  games: timestampMapSchema.default({}),
  events: timestampMapSchema.default({}),
  /** Curated lists, by list code. */
  lists: timestampMapSchema.default({}),
});

/** `users/{uid}/private`: only the user may read it. */
export const userPrivateSchema = z.object({
  email: z.string().optional(),
  /** A linked third-party (Facebook) account id. */
  fbid: z.string().optional(),
  isOnboarded: z.boolean().default(false),
  blocks: userBlocksSchema.default({ posts: {}, comments: {}, users: {}, games: {} }),
  /** Posts on the user's home feed, by post id (filled by the feed function). */
  'home-feed': timestampMapSchema.default({}),
  /** What the user likes (active likes only), by target id. */
  likes: timestampMapSchema.default({}),
  scores: z.record(z.string(), z.number()).default({}),
  social: z.record(z.string(), z.unknown()).default({}),
  suggest: z.record(z.string(), z.unknown()).default({}),
  gamelist: z.record(z.string(), z.unknown()).default({}),
  unknown: z.record(z.string(), z.unknown()).default({}),
  follows: userFollowsMapSchema.default({ users: {}, games: {}, events: {}, lists: {} }),
});

/** `users/{uid}/admin`: never readable by clients. */
export const userAdminSchema = z.object({
  auth: z.boolean().default(false),
  fcmToken: z.string().optional(),
  forceResetPassword: z.boolean().default(false),
  /** Until when (ms since the epoch) an editor stopped this account from posting and commenting. */
  postingBlockedUntil: z.number().optional(),
});

/** `users/{uid}/developer`: the games a developer account owns, by game id. */
export const userDeveloperSchema = z.object({
  developerGames: z.record(z.string(), z.unknown()).default({}),
});

/** `users/{uid}/readOnly`: set by the server only. */
export const userReadOnlySchema = z.object({
  created: z.number(),
  modified: z.number(),
  isDeveloper: z.boolean().default(false),
});

/** `users_public/{uid}`: the flat copy used to find users by username (`.indexOn: username`). */
export const usersPublicEntrySchema = z.object({
  username: usernameSchema,
  /** https, or the address of an image uploaded here (shared/schemas/profile-image.ts). */
  icon: storedProfileImageAddressSchema,
  header: storedProfileImageAddressSchema,
  fbicon: storedHttpsUrlSchema,
});

/** The names of a user's sections, each at `users/{uid}/{section}`. */
export const USER_SECTIONS = ['public', 'private', 'admin', 'developer', 'readOnly'] as const;
export type UserSection = (typeof USER_SECTIONS)[number];

export type UserBlocks = z.infer<typeof userBlocksSchema>;
export type UserPublic = z.infer<typeof userPublicSchema>;
export type UserPrivate = z.infer<typeof userPrivateSchema>;
export type UserAdmin = z.infer<typeof userAdminSchema>;
export type UserDeveloper = z.infer<typeof userDeveloperSchema>;
export type UserReadOnly = z.infer<typeof userReadOnlySchema>;
export type UsersPublicEntry = z.infer<typeof usersPublicEntrySchema>;
/** A user as public pages show them: the public section with its meta. */
export type PublicUser = UserPublic & RecordMeta;
