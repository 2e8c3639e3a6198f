import { z } from 'zod';
import { deepLinkSchema } from './keys.ts';
import { memberTextSchema } from './member-text.ts';

/** The most games one event features. */
export const MAX_EVENT_GAMES = 12;
/** The longest event description. */
export const MAX_EVENT_DESCRIPTION = 4000;

const eventFields = {
  name: memberTextSchema().min(1, 'Name the event.').max(200, 'At most 200 characters.'),
  description: memberTextSchema().max(MAX_EVENT_DESCRIPTION, `At most ${MAX_EVENT_DESCRIPTION} characters.`),
  starts_on: z.iso.date('A date (YYYY-MM-DD).'),
  ends_on: z.iso.date('A date (YYYY-MM-DD).'),
  place: memberTextSchema().max(200, 'At most 200 characters.'),
  /** The featured games, in the order shown: each one of the developer's own games (checked by the API). */
  games: z
    .array(deepLinkSchema)
    .min(1, 'Feature at least one of your games.')
    .max(MAX_EVENT_GAMES, `At most ${MAX_EVENT_GAMES} games.`)
    .refine((games) => new Set(games).size === games.length, 'Each game once.'),
};

/** An event ends on or after the day it starts. */
const datesInOrder = (event: { starts_on?: string | undefined; ends_on?: string | undefined }) =>
  !event.starts_on || !event.ends_on || event.starts_on <= event.ends_on;
const DATES_MESSAGE = { message: 'The event ends on or after the day it starts.', path: ['ends_on'] };

/**
 * A developer's new event. Its deep link is made from the name once (shared/catalogue/slug.ts) and never
 * changes after, so every link to the event keeps working when it is renamed.
 */
export const newDeveloperEventSchema = z
  .strictObject({
    ...eventFields,
    description: eventFields.description.optional(),
    place: eventFields.place.optional(),
  })
  .refine(datesInOrder, DATES_MESSAGE);

/**
 * A change to a developer's event: only the fields given change (an empty description or place removes
 * it). Strict: the deep link, the follower count and the author are not in it.
 */
export const developerEventUpdateSchema = z
  .strictObject(eventFields)
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change.')
  .refine(datesInOrder, DATES_MESSAGE);

export type NewDeveloperEvent = z.infer<typeof newDeveloperEventSchema>;
export type DeveloperEventUpdate = z.infer<typeof developerEventUpdateSchema>;
