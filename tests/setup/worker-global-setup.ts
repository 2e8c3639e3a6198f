import type { TestProject } from 'vitest/node';
import { startEmulator } from '../../emulator/index.ts';
import { LOCAL_PROJECT_ID } from '../../scripts/stack/local-namespace.ts';

/** One real database emulator, with the project's rules, for every Worker test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startEmulator({
    port: 0,
    rules: 'database.rules.json',
    projectId: LOCAL_PROJECT_ID,
  });
  project.provide('databaseUrl', emulator.url);
  return () => emulator.close();
}
