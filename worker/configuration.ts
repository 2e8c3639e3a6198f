/**
 * The Worker's own check of its settings, a second lock behind wrangler.toml's layout (production at the
 * top level, the emulators only in `[env.local]`): whatever was deployed, emulator mode holds only for an
 * emulator-only project on this machine, and a Worker whose settings contradict each other or were never
 * filled in serves nothing rather than something wrong.
 */

/** Values that mark a setting nobody filled in. */
const PLACEHOLDER =
  /^(?:set-in-dashboard|change-?me|todo|tbd|placeholder|xxx+|<[^>]*>|\$\{[^}]*\}|your[-_].*)$/i;

/** Firebase's convention for emulator-only projects: a `demo-` project id has no production resources. */
// https://firebase.google.com/docs/emulator-suite/connect_and_prototype#choose_a_firebase_project
const DEMO_PROJECT = /^demo-[a-z0-9-]+$/;

/** The names of this machine: an emulator can only be reached there. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

function parsedUrl(value: string | undefined): URL | undefined {
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the Worker runs against the local emulators: `FIREBASE_EMULATORS="true"` with a `demo-`
 * project and a loopback database. Never true for a real project or a remote database, whatever the flag.
 */
export function usesEmulators(env: Env): boolean {
  const database = parsedUrl(env.FIREBASE_DATABASE_URL);
  return (
    env.FIREBASE_EMULATORS === 'true' &&
    DEMO_PROJECT.test(env.FIREBASE_PROJECT_ID) &&
    database !== undefined &&
    isLoopbackHost(database.hostname)
  );
}

/** What is wrong with the Worker's settings, for the log; empty when they are consistent. */
export function configurationProblems(env: Env): string[] {
  const problems: string[] = [];
  const required = {
    FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID,
    FIREBASE_API_KEY: env.FIREBASE_API_KEY,
    FIREBASE_DATABASE_URL: env.FIREBASE_DATABASE_URL,
    FIREBASE_DATABASE_NAMESPACE: env.FIREBASE_DATABASE_NAMESPACE,
    FUNCTIONS_BASE_URL: env.FUNCTIONS_BASE_URL,
    // Without it anon-auth refuses the Worker, and nobody can sign in as a guest.
    WORKER_FUNCTIONS_SECRET: env.WORKER_FUNCTIONS_SECRET,
  };
  for (const [name, value] of Object.entries(required)) {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${name} is not set`);
    else if (PLACEHOLDER.test(value.trim())) problems.push(`${name} still holds a placeholder`);
  }
  const emulatorFlag = env.FIREBASE_EMULATORS ?? 'false';
  if (emulatorFlag !== 'true' && emulatorFlag !== 'false')
    problems.push('FIREBASE_EMULATORS must be "true" or "false"');

  const database = parsedUrl(env.FIREBASE_DATABASE_URL);
  const functions = parsedUrl(env.FUNCTIONS_BASE_URL);
  if (env.FIREBASE_DATABASE_URL && !database) problems.push('FIREBASE_DATABASE_URL is not a URL');
  if (env.FUNCTIONS_BASE_URL && !functions) problems.push('FUNCTIONS_BASE_URL is not a URL');

  if (emulatorFlag === 'true') {
    if (!DEMO_PROJECT.test(env.FIREBASE_PROJECT_ID))
      problems.push('FIREBASE_EMULATORS="true" needs a demo- project (FIREBASE_PROJECT_ID)');
    if (database && !isLoopbackHost(database.hostname))
      problems.push('FIREBASE_EMULATORS="true" needs a loopback FIREBASE_DATABASE_URL');
    if (functions && !isLoopbackHost(functions.hostname))
      problems.push('FIREBASE_EMULATORS="true" needs a loopback FUNCTIONS_BASE_URL');
    const authHost = env.FIREBASE_AUTH_EMULATOR_HOST;
    if (authHost && !isLoopbackHost(parsedUrl(`http://${authHost}`)?.hostname ?? ''))
      problems.push('FIREBASE_AUTH_EMULATOR_HOST must be a loopback host');
  } else {
    // Production: every emulator trace is a mistake, and the database needs the server's credential.
    if (DEMO_PROJECT.test(env.FIREBASE_PROJECT_ID))
      problems.push('a demo- project exists only in the emulators (FIREBASE_PROJECT_ID)');
    if (database && (database.protocol !== 'https:' || isLoopbackHost(database.hostname)))
      problems.push('FIREBASE_DATABASE_URL must be an https address of Firebase');
    if (functions && (functions.protocol !== 'https:' || isLoopbackHost(functions.hostname)))
      problems.push('FUNCTIONS_BASE_URL must be an https address');
    if (env.FIREBASE_AUTH_EMULATOR_HOST)
      problems.push('FIREBASE_AUTH_EMULATOR_HOST is set outside the emulators');
    const workerSecret = env.WORKER_FUNCTIONS_SECRET as string | undefined;
    if (workerSecret && workerSecret.trim().length < 32)
      problems.push('WORKER_FUNCTIONS_SECRET is too short to be secret (at least 32 characters)');
    const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT;
    if (!serviceAccount) problems.push('FIREBASE_SERVICE_ACCOUNT is not set');
    else if (PLACEHOLDER.test(serviceAccount.trim()))
      problems.push('FIREBASE_SERVICE_ACCOUNT still holds a placeholder');
  }
  return problems;
}

/** Checked once per set of bindings (an isolate keeps the same `env` object across requests). */
const verdicts = new WeakMap<Env, string[]>();

/**
 * A plain 503 for every request while the settings are inconsistent, with the reasons logged once per
 * isolate (never answered: they describe the Worker's configuration); undefined when the Worker may serve.
 */
export function refusalForConfiguration(env: Env): Response | undefined {
  let problems = verdicts.get(env);
  if (!problems) {
    problems = configurationProblems(env);
    verdicts.set(env, problems);
    if (problems.length > 0)
      console.error(`Questline is misconfigured and answers 503 to everything: ${problems.join('; ')}`);
  }
  if (problems.length === 0) return undefined;
  return new Response('Questline is not available right now. Please try again later.', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
