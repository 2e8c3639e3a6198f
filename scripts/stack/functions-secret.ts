import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WORKER_SECRET_NAME } from '../../shared/api/worker-only-functions.ts';
import { readWorkerSettings } from './wrangler-config.ts';

// anon-auth answers only a caller that sends the Worker's secret (shared/api/worker-only-functions.ts).
// The local Worker has it from wrangler.toml's [env.local.vars]; the Functions emulator reads a declared
// secret from `<functions>/.secret.local` (and would otherwise ask Google's Secret Manager, which is not
// reachable offline), so the stack writes the same value there before starting it.
// https://firebase.google.com/docs/functions/config-env#secrets_and_credentials_in_the_emulator

/** The secret the local Worker sends: wrangler.toml's [env.local.vars] value. */
export function localWorkerSecret(): string {
  const value = readWorkerSettings('local').vars[WORKER_SECRET_NAME];
  if (typeof value !== 'string' || value === '')
    throw new Error(`wrangler.toml's [env.local.vars] has no ${WORKER_SECRET_NAME}`);
  return value;
}

/**
 * Writes the local secret into `<functionsDir>/.secret.local` (git-ignored, never deployed: firebase.json
 * leaves it out), keeping any other line a developer put there. Written whole and renamed into place, as
 * two stacks (npm start and the browser tests') may start at once.
 */
export async function writeLocalFunctionsSecret(functionsDir: string): Promise<void> {
  const file = path.join(functionsDir, '.secret.local');
  const others = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith(`${WORKER_SECRET_NAME}=`))
    : [];
  const temporary = `${file}.${String(process.pid)}.tmp`;
  await writeFile(temporary, [...others, `${WORKER_SECRET_NAME}=${localWorkerSecret()}`, ''].join('\n'));
  await rename(temporary, file);
}
