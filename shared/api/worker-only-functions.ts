// Functions that answer the Worker only. anon-auth makes guests, and the Worker counts new guests per
// visitor's address before passing a sign-in on (worker/rate-limit/limits.ts, limitGuests); were the
// function answering anyone at its own Cloud Functions address, that count could be walked around. The
// Worker sends a secret both sides share (WORKER_FUNCTIONS_SECRET: a Functions secret and a Worker
// secret in production, a fixed value locally) in this header, and the function refuses any call without it.

/** The header the Worker carries the shared secret in. */
export const WORKER_SECRET_HEADER = 'Questline-Worker-Secret';

/** The name of the shared secret, the same on both sides (a Functions secret, a Worker binding). */
export const WORKER_SECRET_NAME = 'WORKER_FUNCTIONS_SECRET';
