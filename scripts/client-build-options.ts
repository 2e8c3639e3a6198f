import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';

/** Page loader modules: they read the database and run only on the Worker. */
const SERVER_LOADER_MODULE = /\.loader\.ts$/;

/**
 * Page loaders (`client/pages/<id>-page.loader.ts`) run only on the Worker; the browser fetches their data
 * from it (client/browser/page-data-client.ts). In the browser bundle each such module is a stub whose
 * `loader` is `true`, React Router's mark of a route with a loader that runs elsewhere: no loader code and
 * nothing it imports (the record readers, zod) ships, and the route still tells the router it has data to
 * fetch. React Router's framework mode strips server loaders from client bundles the same way. A client
 * module importing anything else than `loader` from a loader module fails the build (types are erased).
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
      contents: 'export const loader = true;',
      loader: 'js',
    }));
  },
};

/** React Router's production modules (its `exports` resolve the browser build to these). */
const REACT_ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.js$/;
/** A component's or context's name for React DevTools, set at the top level of a module: `Link.displayName = "Link";`. */
const DISPLAY_NAME_STATEMENT = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;

/**
 * React Router names its components and contexts for React DevTools at the top level of its modules. Such a
 * statement is a side effect to esbuild, so it keeps every component named, used or not (ScrollRestoration,
 * HistoryRouter and the hooks they call: over 1 KB gzipped of every page's first load). The browser bundle
 * drops those statements: nothing reads the names but DevTools, and the production build's components are
 * minified anyway. What the pages use is still there; the rest is tree-shaken as any unused export.
 */
const reactRouterWithoutDisplayNames: Plugin = {
  name: 'react-router-without-display-names',
  setup(build) {
    build.onLoad({ filter: REACT_ROUTER_MODULE }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(DISPLAY_NAME_STATEMENT, ''),
      loader: 'js',
    }));
  },
};

/** React's CommonJS modules that the app and React Router import as ES modules. */
const REACT_MODULE = /^react(\/jsx-runtime)?$/;

/**
 * React ships CommonJS only. An ES module importing from CommonJS gets the module object, so esbuild
 * calls every export through it (`(0, r.jsx)(…)`, `(0, r.useState)(…)`) and wraps it again in every chunk
 * that imports it. Like Vite's pre-bundling of CommonJS dependencies, the browser bundle sees `react` and
 * `react/jsx-runtime` as ES modules re-exporting each of the module's exports by name (read from the
 * installed React when building), so calls bind directly: about 0.45 KB gzipped of every page's first
 * load. CommonJS `require`s (react-dom's) still get the module itself; it is one module either way.
 */
const reactAsEsModules = (root: string): Plugin => ({
  name: 'react-as-es-modules',
  setup(build) {
    const requireFromRoot = createRequire(path.join(root, 'package.json'));
    build.onResolve({ filter: REACT_MODULE }, (args) =>
      // The facade's own import, and require calls, get React's module as it is.
      args.kind === 'import-statement' && args.namespace !== 'react-es-module'
        ? { path: args.path, namespace: 'react-es-module' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'react-es-module' }, (args) => {
      const names = Object.keys(requireFromRoot(args.path) as object).filter(
        (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      return {
        // Each export read from the namespace on its own, so that esbuild drops those nobody imports.
        contents: [
          `import * as commonJs from ${JSON.stringify(args.path)};`,
          ...names.map((name) => `export const ${name} = commonJs.${name};`),
          // React Router's `import React from "react"`: the module itself, as esbuild gives it to any import.
          'const moduleExports = commonJs.default;',
          'export { moduleExports as default };',
        ].join('\n'),
        resolveDir: root,
        loader: 'js',
      };
    });
  },
});

/** `production` ships; `local` is the local stack's, which keeps the browser console for development. */
export type ClientBuildMode = 'production' | 'local';

/**
 * Which build wrangler asks for: it names the command running its custom build in WRANGLER_COMMAND
 * (https://developers.cloudflare.com/workers/wrangler/custom-builds/), `dev` for the local stack's
 * `wrangler dev`. Anything else (`wrangler deploy`, `npm run build`, the budget test) builds for production.
 */
export function clientBuildMode(env: Record<string, string | undefined> = process.env): ClientBuildMode {
  return env.WRANGLER_COMMAND === 'dev' ? 'local' : 'production';
}

/**
 * How the browser bundle is built, shared by the build script and the bundle budget test, so the test
 * measures exactly what ships: one module entry, a chunk per lazy page, one stylesheet, all hashed.
 */
export function clientBuildOptions(
  root: string,
  outdir: string,
  mode: ClientBuildMode = clientBuildMode(),
): BuildOptions {
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
    define: {
      'process.env.NODE_ENV': '"production"',
      // Spec section 9: no console output in production (client/browser/quiet-console.ts).
      QUESTLINE_QUIET_CONSOLE: String(mode === 'production'),
    },
    // The same rule at build time: a call of the console (React's and React Router's warnings among them)
    // is dropped with its arguments, which nothing would show. What reaches the console another way (a
    // reference kept in a variable) is still silenced by quiet-console.ts.
    ...(mode === 'production' ? { drop: ['console' as const] } : {}),
    logLevel: 'warning',
    plugins: [serverLoaderStubs, reactRouterWithoutDisplayNames, reactAsEsModules(root)],
  };
}
