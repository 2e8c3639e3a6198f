import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** A long-running tool of the stack, its output going to a log file. */
export interface StackProcess {
  name: string;
  child: ChildProcess;
  /** Resolves when the process has exited, with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGINT to the whole process group, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts a tool in its own process group (so stopping it stops its children too: firebase-tools spawns
 * a worker per function, wrangler spawns workerd), writing its output to `logFile`.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): StackProcess {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
    child.once('error', (error) => {
      log.write(`\n${name} failed to start: ${error.message}\n`);
      resolve(1);
    });
  });
  const signal = (sig: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, sig);
    } catch {
      // Already gone.
    }
  };
  return {
    name,
    child,
    exited,
    async stop(graceMs = 8000) {
      signal('SIGINT');
      const timer = setTimeout(() => {
        signal('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}
