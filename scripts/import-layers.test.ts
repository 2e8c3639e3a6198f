import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The folders' import rules (README, "How it fits together"), checked on every import the compiler sees:
// static, dynamic, type-only and re-exports. A folder may not import one above it, and no two folders may
// import each other, directly or round a longer circle. Finer still: no file imports itself back round a
// circle of files, and no folder (each directory, `worker/auth` as much as `client/components`) reaches
// itself again through the folders it imports.

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['client', 'worker', 'shared', 'functions/src', 'seed', 'scripts', 'emulator', 'tests'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/**
 * The part of the tree a file belongs to: a top-level folder, a folder of `client/` (its runtime bucket
 * `client/browser` among them), or a file at the root of `client/`.
 */
function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'functions') return 'functions';
  if (parts[0] === 'client') return parts.length > 2 ? `client/${parts[1] ?? ''}` : file;
  return parts[0] ?? file;
}

interface Arrow {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

interface FileImport {
  file: string;
  target: string;
  specifier: string;
  /** `import type … from` (erased from every bundle: no code runs across it). */
  typeOnly: boolean;
}

/**
 * The one exception to the rules below: the API's type. The browser's client is typed by the Worker's
 * route definitions (Hono's `hc` over the API's type), so client/browser/api-routes.ts imports that type
 * from worker/api/, and the client's callers import it from there — `import type` only, which no bundle
 * keeps, so no code crosses. Any other import of the Worker from the client, or a value import of this
 * file, is refused as before.
 */
const API_ROUTES_TYPE = 'client/browser/api-routes.ts';

const isTypeOnly = (text: string, specifier: string) =>
  new RegExp(
    `import\\s+type\\s[^;]*?from\\s+['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`,
  ).test(text) &&
  !new RegExp(
    `import\\s+(?!type\\s)[^;]*?from\\s+['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`,
  ).test(text);

/** True for an import of the API's type into the client, or its own import of the Worker's, type-only. */
export const isApiTypeImport = ({ file, target, typeOnly }: FileImport) =>
  typeOnly &&
  ((target === API_ROUTES_TYPE && file.startsWith('client/')) ||
    (file === API_ROUTES_TYPE && target.startsWith('worker/api/')));

/** Every relative import of `files` (static, dynamic, type-only, re-export): importer and imported file. */
function fileImports(files: readonly string[]): FileImport[] {
  return files.flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ({
        file,
        target: path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName)),
        specifier: fileName,
        typeOnly: isTypeOnly(text, fileName),
      }));
  });
}

function importArrows(imports: readonly FileImport[]): Arrow[] {
  return imports
    .map(({ file, target, specifier }) => ({ from: layerOf(file), to: layerOf(target), file, specifier }))
    .filter((arrow) => arrow.from !== arrow.to);
}

/**
 * The groups of nodes that reach each other (strongly connected components, Tarjan's algorithm): each
 * group of more than one is a circle, however long. Linear in the edges, so it runs on every file.
 */
export function stronglyConnected(edges: readonly (readonly [string, string])[]): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** Arrows that run back up, or across to a runtime the importer must not know. */
function forbidden({ from, to }: Arrow): string | undefined {
  const top = (layer: string) => layer.split('/')[0] ?? layer;
  if (from === 'shared') return 'shared/ imports nothing above it';
  if (top(from) === 'client' && ['worker', 'functions', 'seed', 'scripts', 'emulator', 'tests'].includes(to))
    return 'the client imports only itself and shared/';
  if (top(from) === 'client' && from !== 'client/browser' && to === 'client/browser')
    return 'only the browser entry knows the runtime bucket: what renders on the server receives it';
  if ((from === 'worker' && to === 'functions') || (from === 'functions' && to === 'worker'))
    return 'the Worker and the functions never import each other';
  if (from === 'functions' && top(to) === 'client') return 'the functions import only shared/';
  if (from === 'seed' && to === 'scripts') return 'the tools run the seed, never the other way';
  if (from === 'emulator' && to !== 'shared') return 'the emulator imports nothing of the app';
  return undefined;
}

/** Each circle of layers, as the list of layers round it. */
function circles(arrows: readonly Arrow[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of arrows) next.set(from, (next.get(from) ?? new Set()).add(to));
  const found = new Map<string, string[]>();
  const visit = (layer: string, trail: string[]) => {
    const at = trail.indexOf(layer);
    if (at >= 0) {
      const circle = trail.slice(at);
      found.set([...circle].sort().join(' '), circle);
      return;
    }
    for (const target of next.get(layer) ?? []) visit(target, [...trail, layer]);
  };
  for (const layer of next.keys()) visit(layer, []);
  return [...found.values()];
}

const files = FOLDERS.flatMap(sourceFiles);
const allImports = fileImports(files);
/** The imports the rules hold to: all but the API's type (see API_ROUTES_TYPE). */
const imports = allImports.filter((fileImport) => !isApiTypeImport(fileImport));
const arrows = importArrows(imports);

/** Files that import each other round a circle. */
const fileCircles = (edges: readonly { file: string; target: string }[]) =>
  stronglyConnected(edges.map(({ file, target }) => [file, target] as const));

/**
 * The folders an import joins: the two sibling folders, under the deepest folder holding both files, that
 * hold the importer and the imported (`worker/auth/…` importing `worker/browse/…`: worker/auth and
 * worker/browse). A file importing from its own folder's parents or children joins none: a folder's
 * subfolders build on its top-level files and the other way round.
 */
function folderArrow(file: string, target: string): readonly [string, string] | undefined {
  const from = path.posix.dirname(file).split('/');
  const to = path.posix.dirname(target).split('/');
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common += 1;
  if (common === from.length || common === to.length) return undefined;
  return [from.slice(0, common + 1).join('/'), to.slice(0, common + 1).join('/')];
}

/** What tests import says nothing of how the code is layered: their imports join no folders. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test-support/');

/** Sibling folders that reach each other round a loop, through the imports of the code (not its tests). */
const folderLoops = (edges: readonly { file: string; target: string }[]) =>
  stronglyConnected(
    edges.flatMap(({ file, target }) => {
      const arrow = isTest(file) ? undefined : folderArrow(file, target);
      return arrow ? [arrow] : [];
    }),
  );

describe('imports between folders', () => {
  it('sees the imports it checks', () => {
    const seen = new Set(arrows.map(({ from, to }) => `${from} → ${to}`));
    for (const expected of ['worker → shared', 'client/browser → client/auth', 'scripts → seed'])
      expect(seen).toContain(expected);
  });

  it('never run back up or across runtimes', () => {
    const wrong = arrows.flatMap((arrow) => {
      const why = forbidden(arrow);
      return why ? [`${arrow.file} imports ${arrow.specifier}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('let only the API’s type into the client, and only as a type', () => {
    const excused = allImports.filter(isApiTypeImport);
    // The exception is in use: the browser's client is typed by the Worker's routes.
    expect(excused.map(({ file, target }) => `${file} → ${target}`)).toContain(
      `${API_ROUTES_TYPE} → worker/api/index.ts`,
    );
    // Every import of that file, and every import it makes, is `import type`.
    const valueImports = allImports.filter(
      ({ file, target, typeOnly }) => (target === API_ROUTES_TYPE || file === API_ROUTES_TYPE) && !typeOnly,
    );
    expect(valueImports.map(({ file, specifier }) => `${file} imports ${specifier}`)).toEqual([]);
    // What the exception does not cover stays refused.
    const value = { file: 'client/components/x.ts', target: API_ROUTES_TYPE, specifier: '', typeOnly: false };
    expect(isApiTypeImport(value)).toBe(false);
    expect(
      isApiTypeImport({ ...value, file: API_ROUTES_TYPE, target: 'worker/database.ts', typeOnly: true }),
    ).toBe(false);
    expect(isTypeOnly(`import type { A } from './a.ts';`, './a.ts')).toBe(true);
    expect(isTypeOnly(`import { type A } from './a.ts';`, './a.ts')).toBe(false);
  });

  it('form no circle', () => {
    expect(circles(arrows).map((circle) => [...circle, circle[0]].join(' → '))).toEqual([]);
  });

  it('finds a circle and a back-arrow when there is one', () => {
    const arrow = (from: string, to: string): Arrow => ({ from, to, file: `${from}/x.ts`, specifier: to });
    expect(circles([arrow('seed', 'scripts'), arrow('scripts', 'seed')])).toHaveLength(1);
    expect(
      circles([
        arrow('client/auth', 'client/browser'),
        arrow('client/browser', 'client/x'),
        arrow('client/x', 'client/auth'),
      ]),
    ).toHaveLength(1);
    expect(forbidden(arrow('client/components', 'client/browser'))).toBeDefined();
    expect(forbidden(arrow('client/pages', 'worker'))).toBeDefined();
    expect(forbidden(arrow('shared', 'client/auth'))).toBeDefined();
    expect(forbidden(arrow('functions', 'worker'))).toBeDefined();
    expect(forbidden(arrow('client/browser', 'client/auth'))).toBeUndefined();
  });

  it('form no circle of files', () => {
    expect(fileCircles(imports).map((circle) => circle.join(' ⇄ '))).toEqual([]);
  });

  it('form no loop of folders', () => {
    const why = (loop: string[]) =>
      imports
        .filter(({ file, target }) => {
          const arrow = isTest(file) ? undefined : folderArrow(file, target);
          return arrow !== undefined && loop.includes(arrow[0]) && loop.includes(arrow[1]);
        })
        .map(({ file, specifier }) => `${file} imports ${specifier}`);
    // Each loop with the imports that make it, so whoever adds one sees which import to move.
    const loops = folderLoops(imports).map((loop) => `${loop.join(' ⇄ ')}: ${why(loop).join('; ')}`);
    expect(loops).toEqual([]);
  });

  it('finds a circle of files and a loop of folders, however long', () => {
    const edge = (file: string, target: string) => ({ file, target });
    expect(fileCircles([edge('a/x.ts', 'a/y.ts'), edge('a/y.ts', 'a/x.ts')])).toEqual([['a/x.ts', 'a/y.ts']]);
    expect(
      fileCircles([
        edge('s/a.ts', 's/b.ts'),
        edge('s/b.ts', 's/c.ts'),
        edge('s/c.ts', 's/a.ts'),
        edge('s/c.ts', 's/d.ts'),
      ]),
    ).toEqual([['s/a.ts', 's/b.ts', 's/c.ts']]);
    expect(fileCircles([edge('a/x.ts', 'a/y.ts'), edge('a/y.ts', 'a/z.ts')])).toEqual([]);
    // No file circle, yet worker/auth and worker/browse import each other.
    expect(
      folderLoops([
        edge('worker/auth/guard.ts', 'worker/browse/data.ts'),
        edge('worker/browse/data.ts', 'worker/auth/user.ts'),
      ]),
    ).toEqual([['worker/auth', 'worker/browse']]);
    expect(folderLoops([edge('worker/auth/guard.ts', 'worker/auth/user.ts')])).toEqual([]);
  });
});
