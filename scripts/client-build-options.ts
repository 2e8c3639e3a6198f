import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';

/** Page loader modules: they read the database and run only on the Worker. */
export const SERVER_LOADER_MODULE = /\.loader\.ts$/;

/**
 * Page loaders (`client/pages/<id>-page.loader.ts`) run only on the Worker; the browser fetches their data
 * from it (client/browser/page-data-client.ts). In the browser bundle each such module is this stub, so no
 * loader and nothing it imports (the record readers, zod) ships: the route keeps a loader, which tells the
 * router the page has server data, and the stub is never called. React Router's framework mode strips
 * server loaders from client bundles the same way. A client module importing anything else than `loader`
 * from a loader module at run time fails the build (types may be imported: they are erased).
 */
const serverLoaderStubs: Plugin = {
  name: 'server-loader-stubs',
  setup(build) {
    build.onResolve({ filter: SERVER_LOADER_MODULE }, (args) => ({
      // Named by its source path (as the metafile names every other input), e.g. client/pages/game-page.loader.ts.
      path: path.relative(
        build.initialOptions.absWorkingDir ?? '.',
        path.resolve(args.resolveDir, args.path),
      ),
      namespace: 'server-loader',
    }));
    build.onLoad({ filter: /.*/, namespace: 'server-loader' }, () => ({
      contents:
        "export function loader() { throw new Error('This loader runs on the server: its data comes from /api/pages'); }",
      loader: 'js',
    }));
  },
};

/**
 * How the browser bundle is built, shared by the build script and the bundle budget test, so the test
 * measures exactly what ships: one module entry, a chunk per lazy page, one stylesheet, all hashed.
 */
export function clientBuildOptions(root: string, outdir: string): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { 'entry-client': 'client/browser/entry-client.tsx', styles: 'client/styles.css' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    metafile: true,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    plugins: [serverLoaderStubs],
  };
}
