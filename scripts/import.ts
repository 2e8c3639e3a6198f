// The catalogue importer.
//
//   node scripts/import.ts games <file.jsonl|file.csv> [--database-url URL] [--namespace NS] [--batch-size N]
//   node scripts/import.ts lists <curated_lists.jsonl> [--database-url URL] [--namespace NS]
//   node scripts/import.ts facets [--database-url URL] [--namespace NS]
//
// A file ending in .gz is read gzipped: the catalogue the repository carries is imported as
// `games seed/catalogue/games.jsonl.gz`, then `lists seed/catalogue/curated_lists.jsonl.gz`.
//
// Every row is validated (rejects are listed with their line number and the import goes on), writes are
// batched atomic multi-path PATCHes at field-level paths (re-running is idempotent and keeps follows).
// A progress bar shows on a terminal; a final summary line is always printed. `games` keeps the browse
// index of genres and tags in step with the games it writes; `facets` rebuilds that index from every game
// record (for a database whose games were imported before the index existed).

import { Presets, SingleBar } from 'cli-progress';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { connect, type ConnectionOptions } from './import-connection.ts';
import { DEFAULT_BATCH_SIZE, writeGames } from '../shared/catalogue/game-updates.ts';
import { rebuildCatalogueFacets } from '../shared/catalogue/catalogue-facet-index.ts';
import { importCuratedLists } from './import-lists.ts';
import { formatFromPath, readCatalogueRows, type RowReject } from '../shared/catalogue/catalogue-rows.ts';

const USAGE = `Usage:
  node scripts/import.ts games <file.jsonl|file.csv> [--database-url URL] [--namespace NS] [--batch-size N]
  node scripts/import.ts lists <curated_lists.jsonl> [--database-url URL] [--namespace NS]
  node scripts/import.ts facets [--database-url URL] [--namespace NS]   (rebuild the genre and tag index)

A file ending in .gz is read gzipped (the catalogue the repository carries: seed/catalogue/games.jsonl.gz,
then seed/catalogue/curated_lists.jsonl.gz).

Database: --database-url, else FIREBASE_DATABASE_URL, else http://127.0.0.1:9000 (the local emulator,
namespace questline-demo-default-rtdb, owner credential). Elsewhere FIREBASE_ACCESS_TOKEN is required.`;

/** Rejects listed in full up to this many; the rest are counted. */
const REJECTS_SHOWN = 50;

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
  tty: boolean;
}

export async function main(argv: readonly string[], output: Output = defaultOutput()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'database-url': { type: 'string' },
        namespace: { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [kind, file] = positionals;
  if (values.help) {
    output.out(USAGE);
    return 0;
  }
  if (kind === 'facets' && positionals.length === 1)
    return rebuildFacets({ databaseUrl: values['database-url'], namespace: values.namespace }, output);
  if ((kind !== 'games' && kind !== 'lists') || !file || positionals.length !== 2) {
    output.err(USAGE);
    return 2;
  }
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) {
    output.err(`--batch-size must be a positive integer\n${USAGE}`);
    return 2;
  }

  const started = performance.now();
  const bar = output.tty
    ? new SingleBar(
        { format: `${kind} |{bar}| {value}/{total} | {eta_formatted} left`, hideCursor: true },
        Presets.shades_classic,
      )
    : undefined;
  const seconds = (): string => ((performance.now() - started) / 1000).toFixed(1);

  try {
    const client = connect({ databaseUrl: values['database-url'], namespace: values.namespace });
    const text = readImportFile(file);
    if (kind === 'games') {
      const { rows, rejects } = readCatalogueRows(text, formatFromPath(file.replace(/\.gz$/i, '')));
      reportRejects(rejects, output);
      bar?.start(rows.length, 0);
      const written = await writeGames(
        client,
        rows.map((r) => r.row),
        { batchSize: batchSize ?? DEFAULT_BATCH_SIZE, onProgress: (done) => bar?.update(done) },
      );
      bar?.stop();
      output.out(`imported ${written}, rejected ${rejects.length}, in ${seconds()} s`);
    } else {
      bar?.start(1, 0);
      const result = await importCuratedLists(client, text, {
        ...(batchSize ? { batchSize } : {}),
        onProgress: (done, total) => {
          bar?.setTotal(total);
          bar?.update(done);
        },
      });
      bar?.stop();
      reportRejects(result.rejects, output);
      output.out(
        `imported ${result.lists} lists (${result.linkedEntries} entries linked to games), ` +
          `skipped ${result.unlinkedEntries} entries without a game and ${result.listsWithoutGames} lists without any, ` +
          `rejected ${result.rejects.length}, in ${seconds()} s`,
      );
    }
    return 0;
  } catch (error) {
    bar?.stop();
    output.err(`import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** `facets`: the genre and tag index recomputed from every game record. */
async function rebuildFacets(options: ConnectionOptions, output: Output): Promise<number> {
  const started = performance.now();
  try {
    const rebuilt = await rebuildCatalogueFacets(connect(options));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    output.out(
      `indexed ${rebuilt.games} games under ${rebuilt.genres} genres and ${rebuilt.tags} tags, in ${seconds} s`,
    );
    return 0;
  } catch (error) {
    output.err(`import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** A file's text; one ending in .gz is decompressed first. */
function readImportFile(file: string): string {
  const bytes = readFileSync(file);
  if (!/\.gz$/i.test(file)) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch {
    throw new Error(`${file} is not a gzip file (a name ending in .gz is read gzipped)`);
  }
}

function reportRejects(rejects: readonly RowReject[], output: Output): void {
  for (const reject of rejects.slice(0, REJECTS_SHOWN)) output.err(`line ${reject.line}: ${reject.reason}`);
  if (rejects.length > REJECTS_SHOWN)
    output.err(`… and ${rejects.length - REJECTS_SHOWN} more rejected lines`);
}

function defaultOutput(): Output {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    tty: process.stderr.isTTY,
  };
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
