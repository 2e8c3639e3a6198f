import { z } from 'zod';
import { homeFeedMessageSchema } from './home-feed-message.ts';

// Messages of the home-feed queue that failed every try (wrangler.toml's `max_retries`) land in its
// dead-letter queue, `questline-home-feed-dead`, whose consumer keeps each here for an operator
// (worker/queues/home-feed-dead-letters.ts): the message and when it was first sent.
// `npm run job -- home-feed-dead-letters` delivers them again once the cause is fixed
// (shared/jobs/home-feed-dead-letters-job.ts). Server only.

/** Where dead letters are kept: message id → dead letter. */
export const HOME_FEED_DEAD_LETTERS_PATH = 'home_feed_dead_letters';

/** A dead letter as kept. */
export const deadLetterSchema = z.object({
  message: homeFeedMessageSchema,
  /** When the message was first sent (ms since the epoch). */
  sentAt: z.number(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** A message id as a database key (ids are the queue's; anything a key cannot hold becomes `_`). */
export const deadLetterKey = (messageId: string): string =>
  messageId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200) || '_';
