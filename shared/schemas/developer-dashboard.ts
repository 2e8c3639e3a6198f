import type { FeedPost } from '../feed/read-feed.ts';
import type { GameEvent } from './event.ts';
import type { Game } from './game.ts';

/** The most games and events a developer's dashboard shows (an editor assigns games one by one). */
export const DASHBOARD_MAX_ITEMS = 50;
/** The latest posts shown per game on the dashboard. */
export const DASHBOARD_RECENT_POSTS = 3;

/** One of the developer's games as their dashboard shows it: the page's fields, followers, latest posts. */
export interface DashboardGame {
  game: Game;
  /** The latest posts on its feed, newest first. */
  recentPosts: FeedPost[];
  /** When its feed last changed (null: never). */
  activityAt: number | null;
}

/** A developer's dashboard: their games and the events they created (latest start first). */
export interface DeveloperDashboard {
  games: DashboardGame[];
  events: GameEvent[];
}
