// node emulator/cli.ts --port 9000 --rules database.rules.json --data .data/db [--project <id>]
// Runs in the foreground, prints one "ready" line, flushes and exits 0 on SIGINT/SIGTERM.

import { parseArgs } from 'node:util';
import { startEmulator } from './index.ts';
import { RulesError } from './rules/parse.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9000' },
    rules: { type: 'string' },
    data: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    project: { type: 'string' },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`emulator: invalid --port ${values.port}`);
  process.exit(2);
}

if (values.project === '') {
  console.error('emulator: --project needs a Firebase project id');
  process.exit(2);
}

try {
  const emulator = await startEmulator({
    port,
    rules: values.rules,
    dataDir: values.data,
    host: values.host,
    projectId: values.project,
  });
  process.stdout.write(`Realtime Database emulator ready at ${emulator.url}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('emulator: failed to stop cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof RulesError) console.error(`emulator: invalid rules: ${error.message}`);
  else console.error('emulator: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
