import { ROOTS } from '../../shared/rtdb/paths.ts';
import { eventSchema } from '../../shared/schemas/event.ts';
import { gameSchema } from '../../shared/schemas/game.ts';
import { listSchema } from '../../shared/schemas/list.ts';
import type { RecordKind } from './read-records.ts';

export const GAME: RecordKind<typeof gameSchema> = { root: ROOTS.games, type: 'game', schema: gameSchema };
export const EVENT: RecordKind<typeof eventSchema> = {
  root: ROOTS.events,
  type: 'event',
  schema: eventSchema,
};
export const LIST: RecordKind<typeof listSchema> = { root: ROOTS.lists, type: 'list', schema: listSchema };
