import { z } from 'zod';
import { gameSummarySchema } from './game-summary.ts';

// The first visit (issue 24, point 5): a new member or guest picks a few games they played or want to
// play, then lands on browse with suggestions built from them. `users/{uid}/private/isOnboarded` (spec:
// the user record's private section) says whether they have been through it.

/** How many of the top games the first visit offers to tap, beside search. */
export const FIRST_VISIT_GAMES = 12;

/** `GET /api/me/first-visit`: the top games to pick from, without those the member already shelved. */
export const firstVisitSchema = z.object({
  isOnboarded: z.boolean(),
  games: z.array(gameSummarySchema),
});
export type FirstVisit = z.infer<typeof firstVisitSchema>;

/** `PUT /api/me/onboarded`: the member has been through the first visit (done or skipped). */
export const onboardedSchema = z.object({
  isOnboarded: z.literal(true),
  /** False when they already had been: the same request again writes nothing. */
  changed: z.boolean(),
});
export type Onboarded = z.infer<typeof onboardedSchema>;
