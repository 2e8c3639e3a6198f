import {
  deadLetterKey,
  HOME_FEED_DEAD_LETTERS_PATH,
  type DeadLetter,
} from '../../shared/feed/home-feed-dead-letters.ts';
import { databaseFor } from '../database.ts';
import { deliveryEnv, envelopeSchema } from './home-feed-queue.ts';

/** The home-feed queue's dead-letter queue (wrangler.toml). */
export const HOME_FEED_DEAD_LETTER_QUEUE = 'questline-home-feed-dead';

/**
 * The dead-letter queue's consumer: keeps each message that failed every try in the database
 * (shared/feed/home-feed-dead-letters.ts), where an operator finds it and the home-feed-dead-letters job
 * delivers it again. Written where the message would have been delivered; a failed write is retried.
 */
export async function keepDeadLetters(batch: MessageBatch, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map(async (received) => {
      const parsed = envelopeSchema.safeParse(received.body);
      if (!parsed.success) {
        console.error(`Home feed: dead letter ${received.id} is not one of ours; dropped`);
        received.ack();
        return;
      }
      const letter: DeadLetter = {
        message: parsed.data.message,
        sentAt: received.timestamp.getTime(),
      };
      try {
        await databaseFor(deliveryEnv(env, parsed.data)).server.patch('', {
          [`${HOME_FEED_DEAD_LETTERS_PATH}/${deadLetterKey(received.id)}`]: letter,
        });
        console.error(`Home feed: message ${received.id} failed every try; kept as a dead letter`);
        received.ack();
      } catch (error) {
        console.error(`Home feed: dead letter ${received.id} could not be kept; retried`, error);
        received.retry();
      }
    }),
  );
}
