// The kinds of record read by id or query: where they live, their entity type and their schema.
import { ROOTS, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import { eventSchema } from '../schemas/event.ts';
import { gameSchema } from '../schemas/game.ts';
import { listSchema } from '../schemas/list.ts';
import { postCommentSchema } from '../schemas/post-comment.ts';
import type { RecordKind } from './read-records.ts';

export const GAME: RecordKind<typeof gameSchema> = { root: ROOTS.games, type: 'game', schema: gameSchema };
export const EVENT: RecordKind<typeof eventSchema> = {
  root: ROOTS.events,
  type: 'event',
  schema: eventSchema,
};
export const LIST: RecordKind<typeof listSchema> = { root: ROOTS.lists, type: 'list', schema: listSchema };
export const POST_COMMENT: RecordKind<typeof postCommentSchema> = {
  root: SOCIAL_ROOTS.comments,
  type: 'post-comment',
  schema: postCommentSchema,
};
