import { feedActivityCopiesJob } from './feed-activity-copies-job.ts';
import { feedIdentityJob } from './feed-identity-job.ts';
import { feedRecordsJob } from './feed-records-job.ts';
import { followedGameSummariesJob } from './followed-game-summaries-job.ts';
import { gameSummariesJob } from './game-summaries-job.ts';
import { homeFeedDeadLettersJob } from './home-feed-dead-letters-job.ts';
import { homeFeedFollowsJob } from './home-feed-follows-job.ts';
import { homeFeedsJob } from './home-feeds-job.ts';
import type { Job } from './job.ts';
import { memberCountsJob } from './member-counts-job.ts';
import { memberPageCopiesJob } from './member-page-copies-job.ts';
import { previewCommentsJob } from './preview-comments-job.ts';
import { suggestionEngineJob } from './suggestion-engine-job.ts';
import { topRatedJob } from './top-rated-job.ts';
import { trendingJob } from './trending-job.ts';

/**
 * Every background job by the name `npm run job -- <name>` and the scheduled functions know it by.
 * Each job lives in its own file beside this one and adds one line here.
 */
export const JOBS: Readonly<Record<string, Job>> = {
  trending: trendingJob,
  'top-rated': topRatedJob,
  suggestions: suggestionEngineJob,
  'feed-records': feedRecordsJob,
  'feed-identity': feedIdentityJob,
  'preview-comments': previewCommentsJob,
  'member-counts': memberCountsJob,
  'game-summaries': gameSummariesJob,
  'followed-game-summaries': followedGameSummariesJob,
  'member-page-copies': memberPageCopiesJob,
  'feed-activity-copies': feedActivityCopiesJob,
  'home-feeds': homeFeedsJob,
  'home-feed-follows': homeFeedFollowsJob,
  'home-feed-dead-letters': homeFeedDeadLettersJob,
};
