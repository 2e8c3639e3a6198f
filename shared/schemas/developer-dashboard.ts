import { z } from 'zod';
import { eventAnswerSchema, feedPostSchema, gameAnswerSchema } from './api-answers.ts';

/** The most games and events a developer's dashboard shows (an editor assigns games one by one). */
export const DASHBOARD_MAX_ITEMS = 50;
/** The latest posts shown per game on the dashboard. */
export const DASHBOARD_RECENT_POSTS = 3;

/** One of the developer's games as their dashboard shows it: the page's fields, followers, latest posts. */
export const dashboardGameSchema = z.object({
  game: gameAnswerSchema,
  /** The latest posts on its feed, newest first. */
  recentPosts: z.array(feedPostSchema),
  /** When its feed last changed (null: never). */
  activityAt: z.number().nullable(),
});

export type DashboardGame = z.infer<typeof dashboardGameSchema>;

/** A developer's dashboard (`GET /api/developer/dashboard`): their games and the events they created (latest start first). */
export const developerDashboardSchema = z.object({
  games: z.array(dashboardGameSchema),
  events: z.array(eventAnswerSchema),
});

export type DeveloperDashboard = z.infer<typeof developerDashboardSchema>;
