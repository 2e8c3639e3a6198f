import { z } from 'zod';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { HADES } from './route-examples.ts';

/** `{gameId}` in the path of a member's acts on a game (its shelf, its rating, their review), documented. */
export const gameParams = z.object({
  gameId: recordIdSchema.meta({ description: 'The game’s deep link.', example: HADES }),
});
