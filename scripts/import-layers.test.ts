import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The folders' import rules (README, "How it fits together"), checked on every import the compiler sees:
// static, dynamic, type-only and re-exports. A folder may not import one above it, and no two folders may
// import each other, directly or round a longer circle.

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

function importArrows(files: readonly string[]): Arrow[] {
  return files.flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName));
        return { from: layerOf(file), to: layerOf(target), file, specifier: fileName };
      })
      .filter((arrow) => arrow.from !== arrow.to);
  });
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

const arrows = importArrows(FOLDERS.flatMap(sourceFiles));

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
});
