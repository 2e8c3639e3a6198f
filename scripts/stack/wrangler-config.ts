import path from 'node:path';
import { unstable_readConfig } from 'wrangler';

/** The part of a resolved wrangler configuration the tools read. */
export interface WorkerSettings {
  name?: string;
  compatibility_date?: string;
  minify?: boolean;
  vars: Record<string, unknown>;
  secrets?: { required?: string[] };
}

const CONFIG_PATH = path.resolve(import.meta.dirname, '../../wrangler.toml');

/**
 * wrangler.toml as wrangler resolves it for `env` (the top level, i.e. production, when omitted), so the
 * tools see what `wrangler dev --env local` or `wrangler deploy` would.
 */
export function readWorkerSettings(env?: string): WorkerSettings {
  // wrangler's declared return type comes from a package it bundles without types, hence the narrowing.
  const config: unknown = unstable_readConfig(
    { config: CONFIG_PATH, ...(env ? { env } : {}) },
    { hideWarnings: true },
  );
  return config as WorkerSettings;
}

/** The string vars of an environment, as Worker bindings. */
export function stringVars(settings: WorkerSettings): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings.vars).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : [],
    ),
  );
}
