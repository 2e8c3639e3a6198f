import { z } from 'zod';
import {
  deliverHomeFeedMessage,
  PostNotWrittenYet,
  type Delivery,
} from '../../shared/feed/home-feed-fanout.ts';
import { homeFeedMessageSchema, type HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import type { RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { usesEmulators } from '../configuration.ts';
import { databaseFor } from '../database.ts';

// The home-feed queue (wrangler.toml's `questline-home-feed`): the Worker produces a message when a post
// is written or deleted and when a feed is followed; this same Worker consumes them in batches and writes
// the home feeds they concern (shared/feed/home-feed-fanout.ts). Delivery is at least once: each message
// is acknowledged on its own once its write is done, so a consumer failing half-way through a batch
// leaves only the messages not yet written to be delivered again, and a message that keeps failing goes,
// after the consumer's `max_retries`, to the dead-letter queue `questline-home-feed-dead`.
// https://developers.cloudflare.com/queues/configuration/batching-retries/

/**
 * A message as it travels. Against the emulators (and only there: usesEmulators), it also names the
 * database it was produced against, so that a Worker test's or the bench's own namespace gets its fan-out
 * rather than the stack's; a deployed consumer ignores it and writes to its own database.
 */
export const envelopeSchema = z.object({
  message: homeFeedMessageSchema,
  database: z.object({ url: z.string(), namespace: z.string() }).optional(),
});
type Envelope = z.input<typeof envelopeSchema>;

/** Tries given to a post that is not in the database yet (its PATCH is slower than the queue, or failed). */
const POST_WAIT_ATTEMPTS = 3;
/** Seconds before a failed message is tried again (the consumer's `retry_delay` for everything else). */
const POST_WAIT_SECONDS = 2;

function envelopeOf(env: Env, message: HomeFeedMessage): Envelope {
  return usesEmulators(env)
    ? {
        message,
        database: { url: env.FIREBASE_DATABASE_URL, namespace: env.FIREBASE_DATABASE_NAMESPACE },
      }
    : { message };
}

/** Sends messages to the home-feed queue (one request for all of them). */
export async function sendHomeFeedMessages(env: Env, messages: readonly HomeFeedMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await env.HOME_FEED_QUEUE.sendBatch(
    messages.map((message) => ({ body: envelopeOf(env, message), contentType: 'json' })),
  );
}

/** The environment a message is delivered in: the Worker's own, or (emulators only) the database it names. */
export function deliveryEnv(env: Env, envelope: z.infer<typeof envelopeSchema>): Env {
  if (!envelope.database || !usesEmulators(env)) return env;
  const named: Env = {
    ...env,
    FIREBASE_DATABASE_URL: envelope.database.url,
    FIREBASE_DATABASE_NAMESPACE: envelope.database.namespace,
  };
  // Still the emulators (a loopback database): anything else is the Worker's own database.
  return usesEmulators(named) ? named : env;
}

export interface ConsumerOptions {
  /** Sees every database request (the bench counts them). */
  onDatabaseRequest?: (record: RtdbRequestRecord) => void;
  /** Replaces fetch for database requests: tests inject faults with it. */
  databaseFetch?: typeof fetch;
  /** Hears what each message's delivery wrote (the bench counts paths). */
  onDelivered?: (message: HomeFeedMessage, delivery: Delivery) => void;
}

/**
 * The queue's consumer: delivers each message of the batch (at once), sends what carries on (a large
 * feed's next followers) and acknowledges it; a failing message is retried, the others are not held up.
 * A message of the wrong shape can never be delivered: it is logged and acknowledged.
 */
export async function consumeHomeFeedBatch(
  batch: MessageBatch,
  env: Env,
  options: ConsumerOptions = {},
): Promise<void> {
  await Promise.all(
    batch.messages.map(async (received) => {
      const parsed = envelopeSchema.safeParse(received.body);
      if (!parsed.success) {
        console.error(`Home feed: message ${received.id} is not one of ours; dropped`);
        received.ack();
        return;
      }
      const target = deliveryEnv(env, parsed.data);
      const db = databaseFor(target, {
        ...(options.onDatabaseRequest ? { onDatabaseRequest: options.onDatabaseRequest } : {}),
        ...(options.databaseFetch ? { databaseFetch: options.databaseFetch } : {}),
      }).server;
      try {
        const delivery = await deliverHomeFeedMessage(db, parsed.data.message);
        // The rest of a large feed's followers travel as messages of their own, sent before this one is
        // acknowledged: if the send fails, this page is delivered again (a repeat writes nothing new).
        await sendHomeFeedMessages(target, delivery.next);
        options.onDelivered?.(parsed.data.message, delivery);
        received.ack();
      } catch (error) {
        if (error instanceof PostNotWrittenYet) {
          if (received.attempts >= POST_WAIT_ATTEMPTS) {
            console.warn(`Home feed: ${error.message} after ${String(received.attempts)} tries; dropped`);
            received.ack();
          } else received.retry({ delaySeconds: POST_WAIT_SECONDS });
          return;
        }
        console.error(`Home feed: message ${received.id} failed; retried`, error);
        received.retry();
      }
    }),
  );
}
