// Seeds the demo data into an empty database:
//   node scripts/seed.ts [--database-url URL] [--namespace NS]
// Same database defaults as the importer (the local emulator); does nothing when games exist.

import { parseArgs } from 'node:util';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import { connect } from './import-connection.ts';

export async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: { 'database-url': { type: 'string' }, namespace: { type: 'string' } },
  });
  try {
    const client = connect({ databaseUrl: values['database-url'], namespace: values.namespace });
    const { seeded } = await seedDemoData(client);
    process.stdout.write(seeded ? 'seeded the demo data\n' : 'games exist already: nothing seeded\n');
    return 0;
  } catch (error) {
    process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
