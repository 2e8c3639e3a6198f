// `npm start`: the whole product locally with the real catalogue and the demo data, one line with its URL,
// everything stopped on Ctrl-C.
import { topRatedJob } from '../shared/jobs/top-rated-job.ts';
import { trendingJob } from '../shared/jobs/trending-job.ts';
import { connect } from './import-connection.ts';
import { startCatalogue } from './stack/first-start.ts';
import { startStack } from './stack/stack.ts';

const port = Number(process.env.PORT ?? 8787);
const databasePort = Number(process.env.DATABASE_PORT ?? 9000);

try {
  const stack = await startStack({
    port,
    databasePort,
    dataDir: process.env.QUESTLINE_DATA ?? '.data/dev',
    firebase: true,
    // The catalogue the repository carries, imported on first start; QUESTLINE_DEMO_ONLY=1 keeps to the demo data.
    catalogue: startCatalogue(process.env),
  });
  const { catalogue } = stack;
  if (catalogue)
    console.log(
      `Imported the catalogue: ${catalogue.games.toLocaleString('en')} games and ${String(catalogue.lists.lists)} curated lists in ${catalogue.seconds.toFixed(1)} s`,
    );
  // Trending and top games from what the demo members did, as the hourly scheduled function keeps them in
  // production (`npm run job -- trending` runs it again). A failure leaves the seeded rankings.
  try {
    const db = connect({ databaseUrl: stack.databaseUrl });
    const summary = await trendingJob.run({ db, now: Date.now, log: () => undefined });
    console.log(`Trending: ${summary}`);
  } catch (error) {
    console.error(`Trending was not updated: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Top rated games from the members' ratings, as its scheduled function keeps them in production
  // (`npm run job -- top-rated` runs it again). A failure leaves home without them until then.
  try {
    const db = connect({ databaseUrl: stack.databaseUrl });
    const summary = await topRatedJob.run({ db, now: Date.now, log: () => undefined });
    console.log(`Top rated: ${summary}`);
  } catch (error) {
    console.error(`Top rated was not updated: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(
    `Questline is running at ${stack.url}  (database ${stack.databaseUrl}${stack.seeded ? ', demo data seeded' : ''}; logs in ${stack.logDir}; Ctrl-C stops)`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Some parts did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`Questline did not start: ${error instanceof Error ? error.message : String(error)}`);
  console.error('See the logs in .data/dev/logs for details.');
  process.exit(1);
}
