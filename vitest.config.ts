import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Two projects: code that runs on Node (shared, emulator, scripts, seed, functions, client units) and
// the Worker, whose tests run inside workerd through the Cloudflare plugin against a real emulator.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'emulator/**/*.test.ts',
            'scripts/**/*.test.ts',
            'seed/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'functions/src/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/rules/**/*.test.ts',
            // The Worker's code that needs Node to check (the OpenAPI document against the official 3.1
            // schema, whose validator compiles code at run time, which workerd refuses).
            'worker/**/*.node.test.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            // The local environment: the emulators' settings (the top level of wrangler.toml is production).
            wrangler: { configPath: './wrangler.toml', environment: 'local' },
          }),
        ],
        test: {
          name: 'worker',
          include: ['worker/**/*.test.{ts,tsx}'],
          exclude: ['worker/**/*.node.test.ts'],
          globalSetup: [
            'tests/setup/worker-global-setup.ts',
            // After the emulator's setup: it imports the real catalogue into that emulator when asked.
            'tests/setup/catalogue-fixture.ts',
            'functions/src/search/callable-test-server.ts',
            'tests/setup/feed-function-stand-ins.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
