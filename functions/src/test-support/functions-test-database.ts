import { DEFAULT_NAMESPACE } from '../../../emulator/index.ts';
import { startTestDatabase, type TestDatabase } from '../../../tests/integration/emulator-db.ts';

/** A database emulator the functions' own database client (functions/src/index.ts) talks to. */
export interface FunctionsTestDatabase {
  db: TestDatabase;
  /** Stops the emulator and puts the environment back as it was. */
  stop(): Promise<void>;
}

/**
 * Starts the project's database emulator and sets what the Functions emulator sets, and where the
 * functions find the database (see database() in functions/src/index.ts), so that an exported function's
 * handler can be run as deployed. Import functions/src/index.ts only after this.
 */
export async function startFunctionsTestDatabase(): Promise<FunctionsTestDatabase> {
  const savedEnv = { ...process.env };
  const db = await startTestDatabase();
  process.env.FUNCTIONS_EMULATOR = 'true';
  process.env.GCLOUD_PROJECT ??= 'demo-questline';
  process.env.QUESTLINE_DATABASE_URL = db.emulator.url;
  process.env.QUESTLINE_DATABASE_NAMESPACE = DEFAULT_NAMESPACE;
  return {
    db,
    stop: async () => {
      process.env = savedEnv;
      await db.close();
    },
  };
}
