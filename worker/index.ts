import { createApp } from './app.ts';
import { refusalForConfiguration } from './configuration.ts';
import { HOME_FEED_DEAD_LETTER_QUEUE, keepDeadLetters } from './queues/home-feed-dead-letters.ts';
import { consumeHomeFeedBatch } from './queues/home-feed-queue.ts';

const app = createApp();

/**
 * The deployed Worker: the app, behind a check that its settings are consistent (see configuration.ts),
 * and the consumer of the home-feed queue (queues/home-feed-queue.ts) and of its dead letters.
 */
export default {
  fetch(request, env, ctx) {
    return refusalForConfiguration(env) ?? app.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    // Settings that contradict each other write nowhere: the batch waits (and is retried) until fixed.
    if (refusalForConfiguration(env)) {
      batch.retryAll();
      return;
    }
    if (batch.queue === HOME_FEED_DEAD_LETTER_QUEUE) await keepDeadLetters(batch, env);
    else await consumeHomeFeedBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
