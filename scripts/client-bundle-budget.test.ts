import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientBuildOptions } from './client-build-options.ts';

// The JavaScript a visitor downloads, measured on the production build (in memory). Budgets are gzip
// bytes with some headroom over today's figures, so that a change that doubles a page is noticed.
const root = path.resolve(import.meta.dirname, '..');
let outputs: esbuild.Metafile['outputs'];
let inputs: esbuild.Metafile['inputs'];
let files: Map<string, Uint8Array>;

beforeAll(async () => {
  const result = await esbuild.build({
    ...clientBuildOptions(root, path.join(root, 'dist/budget')),
    write: false,
  });
  outputs = result.metafile?.outputs ?? {};
  inputs = result.metafile?.inputs ?? {};
  files = new Map(result.outputFiles.map((file) => [path.relative(root, file.path), file.contents]));
});

/** A page's JavaScript: the entry, the page's lazy module and every chunk either imports statically. */
function pageJavaScript(pageSource: string): string[] {
  const start = Object.entries(outputs).filter(
    ([, output]) =>
      output.entryPoint === 'client/browser/entry-client.tsx' || output.entryPoint === pageSource,
  );
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !file.endsWith('.js')) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  for (const [file] of start) visit(file);
  return [...seen];
}

const gzipBytes = (files_: string[]) =>
  files_.reduce((sum, file) => sum + gzipSync(files.get(file) ?? new Uint8Array()).length, 0);
const inputsOf = (files_: string[]) => files_.flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));

/** First-load JavaScript of a public page, gzipped (issue: at most 110 KB on every public page type). */
const PUBLIC_PAGE_BUDGET = 110 * 1024;
/** The page types anyone may open: what only members or searchers need must load on demand. */
const PUBLIC_PAGES = ['home', 'game', 'user', 'event', 'list', 'not-found', 'search', 'login', 'signup'];

describe('client bundle budget', () => {
  for (const id of PUBLIC_PAGES) {
    it(`keeps the ${id} page within 110 KB of gzipped first-load JavaScript, without zod`, () => {
      const js = pageJavaScript(`client/pages/${id}-page.tsx`);
      expect(js.length).toBeGreaterThan(1);
      expect(gzipBytes(js)).toBeLessThanOrEqual(PUBLIC_PAGE_BUDGET);
      expect(inputsOf(js).filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
    });
  }

  it('keeps Firebase off the first load of every page that does not sign people in', () => {
    for (const id of ['home', 'game', 'user', 'event', 'list', 'not-found', 'search']) {
      const js = pageJavaScript(`client/pages/${id}-page.tsx`);
      expect(
        inputsOf(js).filter((input) => /node_modules\/(firebase|@firebase)\//.test(input)),
        id,
      ).toEqual([]);
    }
  });

  it('keeps the game page’s shelves and ratings off its first load: the server renders them, their code comes after', () => {
    const first = inputsOf(pageJavaScript('client/pages/game-page.tsx'));
    const controls = first.filter((input) => /^client\/components\/(shelves|ratings)\//.test(input));
    // The wrappers that load them, and the game cards' shelf button (its menu and reads load later).
    const loaders = /-on-demand\.tsx$|\/shelves\/card-shelf\.tsx$/;
    expect(controls.filter((input) => !loaders.test(input))).toEqual([]);
    // Still in the build, loaded on demand.
    expect(Object.keys(inputs)).toContain('client/components/shelves/shelf-control.tsx');
    expect(Object.keys(inputs)).toContain('client/components/ratings/game-ratings.tsx');
  });

  it('keeps taste in common off the user page’s first load: only its loader, the section after sign-in', () => {
    const first = inputsOf(pageJavaScript('client/pages/user-page.tsx'));
    expect(first).toContain('client/components/taste/taste-in-common-on-demand.tsx');
    expect(first).not.toContain('client/components/taste/taste-in-common.tsx');
    expect(Object.keys(inputs)).toContain('client/components/taste/taste-in-common.tsx');
  });

  it('keeps reviews off the first loads: the game page’s view and composer, a profile’s list, load when wanted', () => {
    for (const [page, loader, section] of [
      ['game', 'game-reviews-on-demand.tsx', 'game-reviews.tsx'],
      ['user', 'member-reviews-on-demand.tsx', 'member-reviews.tsx'],
    ] as const) {
      const first = inputsOf(pageJavaScript(`client/pages/${page}-page.tsx`));
      expect(first).toContain(`client/components/reviews/${loader}`);
      expect(first).not.toContain(`client/components/reviews/${section}`);
      expect(first).not.toContain('client/components/reviews/review-list.tsx');
      expect(Object.keys(inputs)).toContain(`client/components/reviews/${section}`);
    }
  });

  it('keeps zod out of every browser chunk: validation happens at the Worker', () => {
    const everyInput = Object.values(outputs).flatMap((output) => Object.keys(output.inputs));
    expect(everyInput.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
  });

  it('ships no page loader: each is a stub, and nothing loaders import to read the database', () => {
    const loaderModules = Object.keys(inputs).filter((input) => input.endsWith('.loader.ts'));
    expect(loaderModules).toContain('server-loader:client/pages/game-page.loader.ts');
    expect(loaderModules.filter((input) => !input.startsWith('server-loader:'))).toEqual([]);
    expect(
      Object.keys(inputs).filter((input) =>
        /^shared\/(records\/|catalogue\/(top|suggested)-games\.ts$|settled-or\.ts$)/.test(input),
      ),
    ).toEqual([]);
  });

  it('loads the Firebase Auth SDK only with the pages that sign people in, under 150 KB gzipped', () => {
    const authChunks = Object.keys(outputs).filter((file) =>
      Object.keys(outputs[file]?.inputs ?? {}).some((input) =>
        input.includes('node_modules/@firebase/auth/'),
      ),
    );
    expect(authChunks.length).toBeGreaterThan(0);
    expect(gzipBytes(authChunks)).toBeLessThan(150 * 1024);
    expect(pageJavaScript('client/pages/game-page.tsx').filter((file) => authChunks.includes(file))).toEqual(
      [],
    );
  });
});
