import type { TestProject } from 'vitest/node';
import { startEmulator } from '../../emulator/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database emulator the Worker tests read and write (each test file uses its own namespace). */
    databaseUrl: string;
  }
}

/** One real database emulator, with the project's rules, for every Worker test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startEmulator({ port: 0, rules: 'database.rules.json' });
  project.provide('databaseUrl', emulator.url);
  return () => emulator.close();
}
