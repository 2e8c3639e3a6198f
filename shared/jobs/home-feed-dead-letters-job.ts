import { deliverHomeFeedMessage } from '../feed/home-feed-fanout.ts';
import { deadLetterSchema, HOME_FEED_DEAD_LETTERS_PATH } from '../feed/home-feed-dead-letters.ts';
import type { HomeFeedMessage } from '../feed/home-feed-message.ts';
import type { Job } from './job.ts';
import { childPages } from './paged-reads.ts';

// Delivers again the home-feed messages that failed every try (shared/feed/home-feed-dead-letters.ts),
// once their cause is fixed: each as the queue's consumer would (a large feed's further followers
// included), then its record is removed. A letter that fails again stays for the next run; delivering
// twice writes nothing twice.

/** The home-feed-dead-letters job (`npm run job -- home-feed-dead-letters`). */
export const homeFeedDeadLettersJob: Job = {
  description: 'deliver again the home-feed messages that failed every try (after fixing the cause)',
  async run({ db, log }) {
    let delivered = 0;
    let failed = 0;
    for await (const page of childPages(db, HOME_FEED_DEAD_LETTERS_PATH)) {
      for (const [key, value] of page) {
        const letter = deadLetterSchema.safeParse(value);
        if (!letter.success) {
          log(`${key}: not a dead letter; left`);
          failed++;
          continue;
        }
        try {
          let pending: HomeFeedMessage[] = [letter.data.message];
          while (pending.length > 0) {
            const next: HomeFeedMessage[] = [];
            for (const message of pending) next.push(...(await deliverHomeFeedMessage(db, message)).next);
            pending = next;
          }
          await db.patch('', { [`${HOME_FEED_DEAD_LETTERS_PATH}/${key}`]: null });
          delivered++;
        } catch (error) {
          log(`${key}: failed again (${error instanceof Error ? error.name : 'error'}); left`);
          failed++;
        }
      }
    }
    return `${String(delivered)} dead letters delivered, ${String(failed)} left`;
  },
};
