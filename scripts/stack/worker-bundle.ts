import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WRANGLER_OFFLINE_ENV } from './offline-env.ts';

// The Worker bundled as production runs it, for the stacks that drive workerd directly (the browser tests'
// stack, scripts/stack/workerd-stack.ts) and the benchmarks (scripts/bench/).

const root = path.resolve(import.meta.dirname, '../..');

/** Bundles the Worker exactly as `wrangler deploy` would, into a temporary folder; answers the folder. */
export async function bundleWorker(): Promise<string> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'questline-bench-'));
  execFileSync(path.join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: root,
    env: { ...process.env, ...WRANGLER_OFFLINE_ENV },
    stdio: 'ignore',
  });
  return outdir;
}
