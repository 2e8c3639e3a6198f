import { describe, expect, it } from 'vitest';
import { readWorkerSettings as read } from './wrangler-config.ts';

// What each wrangler command would use, read by wrangler itself: a plain `wrangler deploy` takes the top
// level; the local stack, the Worker tests and the bench take [env.local].

const PLACEHOLDER = /set-in-dashboard|change-?me|todo|placeholder|<[^>]*>|example/i;
const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/;

describe('wrangler.toml', () => {
  it('produces to and consumes the home-feed queue in production and locally, retrying into its dead-letter queue, which it consumes too', () => {
    for (const environment of [undefined, 'local']) {
      const { queues } = read(environment) as unknown as {
        queues?: { producers?: unknown[]; consumers?: Record<string, unknown>[] };
      };
      expect(queues?.producers, environment).toEqual([
        expect.objectContaining({ binding: 'HOME_FEED_QUEUE', queue: 'questline-home-feed' }),
      ]);
      expect(queues?.consumers, environment).toEqual([
        expect.objectContaining({
          queue: 'questline-home-feed',
          max_retries: 5,
          dead_letter_queue: 'questline-home-feed-dead',
        }),
        // Its dead letters are kept for an operator by the same Worker (worker/queues/home-feed-dead-letters.ts).
        expect.objectContaining({ queue: 'questline-home-feed-dead' }),
      ]);
    }
  });

  it('ships no emulator setting and no placeholder with a plain wrangler deploy', () => {
    const deployed = read();
    const vars = deployed.vars;
    expect(vars).not.toHaveProperty('FIREBASE_EMULATORS');
    expect(vars).not.toHaveProperty('FIREBASE_AUTH_EMULATOR_HOST');
    for (const [name, value] of Object.entries(vars)) {
      expect(typeof value, name).toBe('string');
      expect(String(value), name).not.toMatch(PLACEHOLDER);
      expect(String(value), name).not.toMatch(LOOPBACK);
      expect(String(value), name).not.toMatch(/^demo-/);
      expect(String(value).trim(), name).not.toBe('');
    }
    expect(String(vars.FIREBASE_DATABASE_URL)).toMatch(/^https:\/\//);
    expect(deployed.minify).toBe(true);
  });

  it('makes wrangler deploy refuse to ship without the API key, the service account and the functions’ shared secret', () => {
    expect(read().secrets?.required).toEqual(
      expect.arrayContaining(['FIREBASE_API_KEY', 'FIREBASE_SERVICE_ACCOUNT', 'WORKER_FUNCTIONS_SECRET']),
    );
  });

  it('keeps the emulator settings in [env.local], for a demo- project on this machine', () => {
    const local = read('local');
    expect(local.vars).toMatchObject({
      FIREBASE_EMULATORS: 'true',
      FIREBASE_PROJECT_ID: expect.stringMatching(/^demo-/) as unknown,
      FIREBASE_DATABASE_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) as unknown,
      FIREBASE_AUTH_EMULATOR_HOST: expect.stringMatching(/^127\.0\.0\.1:/) as unknown,
    });
    // A mistaken `wrangler deploy --env local` would create its own Worker, never replace production.
    expect(local.name).not.toBe(read().name);
  });
});
