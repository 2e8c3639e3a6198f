// Durability: an append-only write-ahead log plus snapshots, in `dataDir`.
//   snapshot.json       {"generation": g, "namespaces": {ns: tree}}  (written to a temp file, fsynced, renamed)
//   log-<g>.jsonl       one line per applied change: {"n": ns, "k": kind, "b": base, "w": [[path, value], …]}
// A change is acknowledged only once its line is fsynced (group commit: every change that arrives while
// one fsync runs goes into the next). Start-up loads the snapshot and replays the logs of its generation
// and later ones; a torn last line (kill -9 mid-append) was never acknowledged and is cut off.
// Compaction starts a new generation, writes the snapshot, then deletes older logs; replaying a log
// whose changes the snapshot already holds is harmless, because every logged write sets absolute values.

import { closeSync, fsyncSync, openSync } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  truncate,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { join } from 'node:path';
import type { Change, Database } from './database.ts';
import type { Node } from './tree.ts';

const SNAPSHOT = 'snapshot.json';
const LOG = /^log-(\d{12})\.jsonl$/;

function logName(generation: number): string {
  return `log-${String(generation).padStart(12, '0')}.jsonl`;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface WalOptions {
  /** Compact once the current log grows past this many bytes. */
  compactBytes: number;
}

export class WriteAheadLog {
  readonly #dir: string;
  readonly #db: Database;
  readonly #options: WalOptions;
  #generation: number;
  #file: FileHandle;
  #bytes: number;
  #pending: string[] = [];
  #waiters: Waiter[] = [];
  #running: Promise<void> | null = null;
  #failure: unknown = null;
  #unsubscribe: () => void;
  #closed = false;

  private constructor(
    dir: string,
    db: Database,
    options: WalOptions,
    generation: number,
    file: FileHandle,
    bytes: number,
  ) {
    this.#dir = dir;
    this.#db = db;
    this.#options = options;
    this.#generation = generation;
    this.#file = file;
    this.#bytes = bytes;
    this.#unsubscribe = db.onChange((change) => {
      this.#append(change);
    });
  }

  /** Loads `dir` into `db` and starts logging its changes. */
  static async open(dir: string, db: Database, options: WalOptions): Promise<WriteAheadLog> {
    await mkdir(dir, { recursive: true });
    let generation = 0;
    try {
      const snapshot = JSON.parse(await readFile(join(dir, SNAPSHOT), 'utf8')) as {
        generation: number;
        namespaces: Record<string, Node>;
      };
      generation = snapshot.generation;
      for (const [ns, root] of Object.entries(snapshot.namespaces)) db.load(ns, root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const logs = (await readdir(dir))
      .map((name) => LOG.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .filter((g) => g >= generation)
      .sort((a, b) => a - b);
    let bytes = 0;
    for (const g of logs) {
      const file = join(dir, logName(g));
      const text = await readFile(file, 'utf8');
      let offset = 0;
      while (offset < text.length) {
        const end = text.indexOf('\n', offset);
        if (end < 0) break; // torn tail: never acknowledged
        const line = text.slice(offset, end);
        let entry: { n: string; k: 'set' | 'update'; b: string[]; w: [string[], Node][] };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          break;
        }
        db.apply(
          entry.n,
          entry.k,
          entry.b,
          entry.w.map(([path, value]) => ({ path, value })),
        );
        offset = end + 1;
      }
      const validBytes = Buffer.byteLength(text.slice(0, offset));
      if (offset < text.length) await truncate(file, validBytes);
      generation = g;
      bytes = validBytes;
    }
    const file = await open(join(dir, logName(generation)), 'a');
    return new WriteAheadLog(dir, db, options, generation, file, bytes);
  }

  #append(change: Change): void {
    if (this.#closed) return;
    this.#pending.push(
      JSON.stringify({
        n: change.ns,
        k: change.kind,
        b: change.base,
        w: change.writes.map((w) => [w.path, w.value]),
      }) + '\n',
    );
  }

  /** Resolves once every change applied so far is on disk. */
  commit(): Promise<void> {
    if (this.#failure !== null)
      return Promise.reject(new Error('the write-ahead log failed', { cause: this.#failure }));
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#running ??= this.#flushLoop().finally(() => {
        this.#running = null;
      });
    });
  }

  async #flushLoop(): Promise<void> {
    while (this.#pending.length > 0 || this.#waiters.length > 0) {
      const lines = this.#pending.splice(0);
      const waiters = this.#waiters.splice(0);
      try {
        if (lines.length > 0) {
          const chunk = lines.join('');
          await this.#file.write(chunk);
          await this.#file.datasync();
          this.#bytes += Buffer.byteLength(chunk);
        }
        for (const w of waiters) w.resolve();
        if (this.#bytes > this.#options.compactBytes) await this.#compact();
      } catch (error) {
        this.#failure = error;
        for (const w of waiters) w.reject(error);
        for (const w of this.#waiters.splice(0)) w.reject(error);
        return;
      }
    }
  }

  /** Writes a snapshot of everything and drops the logs it makes redundant. */
  async #compact(): Promise<void> {
    const next = this.#generation + 1;
    const nextFile = await open(join(this.#dir, logName(next)), 'a');
    const oldFile = this.#file;
    this.#file = nextFile;
    this.#generation = next;
    this.#bytes = 0;
    await oldFile.close();
    const namespaces: Record<string, Node> = {};
    for (const ns of this.#db.namespaces()) namespaces[ns] = this.#db.root(ns);
    const text = JSON.stringify({ generation: next, namespaces });
    const temp = join(this.#dir, `${SNAPSHOT}.tmp`);
    await writeFile(temp, text);
    const fd = openSync(temp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    await rename(temp, join(this.#dir, SNAPSHOT));
    syncDirectory(this.#dir);
    for (const name of await readdir(this.#dir)) {
      const m = LOG.exec(name);
      if (m && Number(m[1]) < next) await rm(join(this.#dir, name), { force: true });
    }
  }

  /** Flushes, compacts and stops logging. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.commit();
    this.#closed = true;
    this.#unsubscribe();
    await this.#running;
    await this.#compact();
    await this.#file.close();
  }
}

function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some filesystems refuse fsync on directories; the rename is still atomic
  }
}
