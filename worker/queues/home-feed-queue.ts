import { z } from 'zod';
import {
  deliverHomeFeedMessage,
  postOfComment,
  PostNotWrittenYet,
  type Delivery,
} from '../../shared/feed/home-feed-fanout.ts';
import { homeFeedMessageSchema, type HomeFeedMessage } from '../../shared/feed/home-feed-message.ts';
import type { RtdbClient, RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { usesEmulators } from '../configuration.ts';
import { databaseFor } from '../database.ts';

// The home-feed queue (wrangler.toml's `questline-home-feed`): the Worker produces a message when a post
// is written or deleted and when a feed is followed; this same Worker consumes them in batches and writes
// the home feeds they concern (shared/feed/home-feed-fanout.ts). Delivery is at least once: each message
// is acknowledged on its own once its write is done (the changes of one post in a batch together, once
// their one write is done: consumeHomeFeedBatch), so a consumer failing half-way through a batch
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

/**
 * Sends messages to the home-feed queue (one request for all of them), delivered at once or, with
 * `delaySeconds`, no sooner than that (https://developers.cloudflare.com/queues/configuration/batching-retries/#delay-messages).
 */
export async function sendHomeFeedMessages(
  env: Env,
  messages: readonly HomeFeedMessage[],
  options: { delaySeconds?: number } = {},
): Promise<void> {
  if (messages.length === 0) return;
  await env.HOME_FEED_QUEUE.sendBatch(
    messages.map((message) => ({ body: envelopeOf(env, message), contentType: 'json', ...options })),
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

/** One delivery of a batch: a message, or every change of one post in the batch (see cardChangeOf). */
interface Unit {
  message: HomeFeedMessage;
  /** The messages it answers for: acknowledged together once it is written, retried together if not. */
  received: Message[];
  target: Env;
  db: RtdbClient;
}

/**
 * The post whose card a message asks to write again as it is now (a like, a comment, a comment's like),
 * or `other` for any other message. A comment's change reads its post (one read); a comment gone answers
 * `gone`: its deletion sent its post's own message. A page of a large feed's followers (`after`) is a
 * delivery of its own (it carries on from where its first page stopped).
 */
async function cardChangeOf(
  db: RtdbClient,
  message: HomeFeedMessage,
): Promise<{ postId: string } | 'gone' | 'other'> {
  if (message.kind === 'post-changed' && message.after === undefined) return { postId: message.postId };
  if (message.kind !== 'comment-changed') return 'other';
  const postId = await postOfComment(db, message.commentId);
  return postId === null ? 'gone' : { postId };
}

/**
 * The queue's consumer: delivers the batch's messages (at once), sends what carries on (a large feed's
 * next followers) and acknowledges them; a failing delivery is retried, the others are not held up.
 * Every change of one post in a batch (any number of likes, comments and comments' likes) is ONE
 * delivery: the card is written once, as the post is when it is read, which carries every change
 * whose write came before its message; its messages are all acknowledged once that write is done, and
 * all retried if it fails (at least once, as for any message). So a post's cards are written at most
 * once a batch, whatever the number of changes. A message of the wrong shape can never be delivered:
 * it is logged and acknowledged.
 */
export async function consumeHomeFeedBatch(
  batch: MessageBatch,
  env: Env,
  options: ConsumerOptions = {},
): Promise<void> {
  const units: Unit[] = [];
  const changes = new Map<string, Unit>();
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
      const { message } = parsed.data;
      let change: Awaited<ReturnType<typeof cardChangeOf>>;
      try {
        change = await cardChangeOf(db, message);
      } catch (error) {
        console.error(`Home feed: message ${received.id} failed; retried`, error);
        received.retry();
        return;
      }
      if (change === 'gone') {
        received.ack();
        return;
      }
      if (change === 'other') {
        units.push({ message, received: [received], target, db });
        return;
      }
      const { postId } = change;
      // One delivery per post and database (a test's namespace is a database of its own).
      const key = `${target.FIREBASE_DATABASE_URL}|${target.FIREBASE_DATABASE_NAMESPACE}|${postId}`;
      const unit = changes.get(key);
      if (unit) unit.received.push(received);
      else {
        const first: Unit = { message: { kind: 'post-changed', postId }, received: [received], target, db };
        changes.set(key, first);
        units.push(first);
      }
    }),
  );
  await Promise.all(units.map((unit) => deliverUnit(unit, options)));
}

async function deliverUnit({ message, received, target, db }: Unit, options: ConsumerOptions): Promise<void> {
  try {
    const delivery = await deliverHomeFeedMessage(db, message);
    // The rest of a large feed's followers travel as messages of their own, sent before this one is
    // acknowledged: if the send fails, this page is delivered again (a repeat writes nothing new).
    await sendHomeFeedMessages(target, delivery.next);
    options.onDelivered?.(message, delivery);
    for (const one of received) one.ack();
  } catch (error) {
    if (error instanceof PostNotWrittenYet) {
      for (const one of received) {
        if (one.attempts >= POST_WAIT_ATTEMPTS) {
          console.warn(`Home feed: ${error.message} after ${String(one.attempts)} tries; dropped`);
          one.ack();
        } else one.retry({ delaySeconds: POST_WAIT_SECONDS });
      }
      return;
    }
    console.error(
      `Home feed: ${received.map((one) => `message ${one.id}`).join(', ')} failed; retried`,
      error,
    );
    for (const one of received) one.retry();
  }
}
