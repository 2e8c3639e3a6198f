// Builds the browser bundle: one module entry, a chunk per lazy page, one stylesheet, every file named by
// its content hash so it can be cached for a year. Writes dist/client-manifest.json, from which the
// Worker learns which files to reference. Run by wrangler's [build] command and by `npm run build`.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { PUBLIC_PAGE_ROUTE_IDS } from '../client/browser/service-worker/request-policy.ts';
import { clientBuildOptions } from './client-build-options.ts';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/client/assets');

await rm(path.join(root, 'dist/client'), { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
// Files served as they are (favicon, web app manifest, icons).
await cp(path.join(root, 'client/public'), path.join(root, 'dist/client'), { recursive: true });

const result = await esbuild.build({ ...clientBuildOptions(root, outdir), metafile: true });

const toUrl = (file: string) =>
  '/' + path.relative(path.join(root, 'dist/client'), path.join(root, file)).split(path.sep).join('/');
let entry = '';
let styles = '';
/** Lazy page module (source path) → the chunks to preload for it. */
const pageChunks: Record<string, string[]> = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (output.entryPoint === 'client/browser/entry-client.tsx') entry = toUrl(file);
  else if (output.entryPoint === 'client/styles.css' && file.endsWith('.css')) styles = toUrl(file);
  else if (output.entryPoint?.startsWith('client/pages/')) {
    pageChunks[output.entryPoint] = [
      toUrl(file),
      ...output.imports.filter((i) => i.kind === 'import-statement').map((i) => toUrl(i.path)),
    ];
  }
}
if (!entry || !styles) throw new Error('The client build produced no entry module or stylesheet');

const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of result.metafile.outputs[file]?.imports ?? [])
    if (imported.kind === 'import-statement') staticImports(imported.path, seen);
  return seen;
};
const entryFile = Object.keys(result.metafile.outputs).find(
  (file) => result.metafile.outputs[file]?.entryPoint === 'client/browser/entry-client.tsx',
);
// The entry and every chunk it imports, however deep: a page preloads them all in its document's head,
// which leaves before the page's data is read, so the browser fetches them while the database answers.
const entryChunks = [...staticImports(entryFile ?? '')].map(toUrl);

const manifest = { entry, styles, entryChunks, pageChunks };
await writeFile(path.join(root, 'dist/client-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
// Workers static assets read _headers: hashed files never change, so browsers may keep them for a year.
// The service worker is checked on every visit, so that a new build reaches browsers at once.
await writeFile(
  path.join(root, 'dist/client/_headers'),
  '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/sw.js\n  Cache-Control: no-cache\n',
);

// The service worker, on its own at /sw.js (its scope is the folder it is served from: the whole site),
// told the shell to keep: the entry and what it imports, the stylesheet, the public pages' chunks (other
// pages' are kept once used). A new build names other files, so the service worker changes too and
// browsers install the new one.
const shellFiles = new Set([
  ...entryChunks,
  styles,
  ...PUBLIC_PAGE_ROUTE_IDS.flatMap((routeId) => pageChunks[`client/pages/${routeId}-page.tsx`] ?? []),
]);
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['client/browser/service-worker/service-worker.ts'],
  outfile: path.join(root, 'dist/client/sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  define: { QUESTLINE_SHELL: JSON.stringify({ files: [...shellFiles].sort(), styles }) },
  logLevel: 'warning',
});

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `client built: ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(1)} KiB of JavaScript (minified)`,
);
