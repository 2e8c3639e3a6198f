import type { BuildOptions } from 'esbuild';

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
  };
}
