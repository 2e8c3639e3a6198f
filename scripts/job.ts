// Runs one background job of the product against a database, as its scheduled function does in production:
//   npm run job -- <name> [--database-url URL] [--namespace NS]
// Same database defaults as the importer (the local emulator). `npm run job -- --list` names the jobs.

import { parseArgs } from 'node:util';
import { JOBS } from '../shared/jobs/jobs.ts';
import { connect } from './import-connection.ts';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      namespace: { type: 'string' },
      list: { type: 'boolean' },
    },
  });
  const name = positionals[0];
  const job = name === undefined ? undefined : JOBS[name];
  if (values.list || !job) {
    const names = Object.entries(JOBS).map(([jobName, { description }]) => `  ${jobName}: ${description}`);
    const out = values.list ? process.stdout : process.stderr;
    if (!values.list) out.write(name ? `no job named "${name}"\n` : 'name a job\n');
    out.write(`jobs:\n${names.join('\n')}\n`);
    return values.list ? 0 : 2;
  }
  try {
    const db = connect({ databaseUrl: values['database-url'], namespace: values.namespace });
    const summary = await job.run({ db, now: Date.now, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`${name}: ${summary}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
