// The kinds of record read by id or query: where they live, their entity type and their schema.
import {
  commentPath,
  eventPath,
  gamePath,
  listPath,
  profilePath,
  ROOTS,
  SOCIAL_ROOTS,
} from '../rtdb/paths.ts';
import { eventSchema } from '../schemas/event.ts';
import { gameSchema } from '../schemas/game.ts';
import { listSchema } from '../schemas/list.ts';
import { postCommentSchema } from '../schemas/post-comment.ts';
import { profileSchema } from '../schemas/profile.ts';
import type { RecordKind } from './read-records.ts';

export const GAME: RecordKind<typeof gameSchema> = {
  root: ROOTS.games,
  path: gamePath,
  type: 'game',
  schema: gameSchema,
};
export const EVENT: RecordKind<typeof eventSchema> = {
  root: ROOTS.events,
  path: eventPath,
  type: 'event',
  schema: eventSchema,
};
export const LIST: RecordKind<typeof listSchema> = {
  root: ROOTS.lists,
  path: listPath,
  type: 'list',
  schema: listSchema,
};
export const POST_COMMENT: RecordKind<typeof postCommentSchema> = {
  root: SOCIAL_ROOTS.comments,
  path: commentPath,
  type: 'post-comment',
  schema: postCommentSchema,
};
/** A user's profile, keyed by the user's id. */
export const PROFILE: RecordKind<typeof profileSchema> = {
  root: SOCIAL_ROOTS.profiles,
  path: profilePath,
  type: 'profile',
  schema: profileSchema,
};
