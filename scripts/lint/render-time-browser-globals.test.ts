import { ESLint, Linter } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import renderTime from './render-time-browser-globals.js';

// A component that reads `document` while rendering throws on the Worker (the server render), yet the
// compiler accepts it since client/ is type-checked with the DOM's types: the lint rule is what refuses it.

const root = path.resolve(import.meta.dirname, '../..');

function problems(code: string): { line: number; message: string }[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true }, lib: ['es2024', 'dom'] },
          },
          plugins: { questline: renderTime },
          rules: { 'questline/render-time-browser-globals': 'error' },
        },
      ],
      'client/components/probe.tsx',
    )
    .map(({ line, message }) => ({ line, message }));
}

const lines = (code: string) => problems(code).map(({ line }) => line);

describe('browser globals at render', () => {
  it('refuses them at module load and while a component or hook renders', () => {
    const code = [
      "import { useMemo, useState } from 'react';",
      'const wide = window.innerWidth > 600;',
      'export function Title() {',
      '  const title = document.title;',
      "  const [saved] = useState(() => localStorage.getItem('draft'));",
      '  const items = useMemo(() => [globalThis.location.pathname], []);',
      '  return <h1>{title}{saved}{items}{wide}</h1>;',
      '}',
      'export const useWidth = () => innerWidth;',
      'export const Row = memo(({ ids }: { ids: string[] }) => <>{ids.map((id) => navigator.language + id)}</>);',
    ].join('\n');
    expect(lines(code)).toEqual([2, 4, 5, 6, 9, 10]);
    expect(problems(code)[1]?.message).toContain("'document' is used while Title renders");
  });

  it('lets them through in effects, handlers, subscriptions, named handlers, helpers and typeof', () => {
    const code = [
      "import { useCallback, useEffect, useSyncExternalStore } from 'react';",
      'const width = () => window.innerWidth;',
      "const isBrowser = typeof window !== 'undefined';",
      'export function Editor() {',
      "  useEffect(() => { document.title = 'Editor'; }, []);",
      "  const save = useCallback(() => { localStorage.setItem('k', 'v'); }, []);",
      "  const online = useSyncExternalStore((on) => { addEventListener('online', on); return () => {}; }, () => navigator.onLine, () => true);",
      '  function handleDrop() { globalThis.document.body.focus(); }',
      '  const onKey = () => history.back();',
      '  return <div ref={(node) => { if (node) getComputedStyle(node); }} onClick={() => { location.reload(); }}>{String(online)}{String(isBrowser)}{width}{save}{handleDrop}{onKey}</div>;',
      '}',
    ].join('\n');
    expect(problems(code)).toEqual([]);
  });

  it('refuses useSyncExternalStore’s server snapshot reading the browser', () => {
    const code = [
      "import { useSyncExternalStore } from 'react';",
      'export function useOnline() {',
      '  return useSyncExternalStore(() => () => {}, () => true, () => navigator.onLine);',
      '}',
    ].join('\n');
    expect(lines(code)).toEqual([3]);
  });

  it('is switched on for what renders on the server, and browser globals are refused in the Worker and shared/', async () => {
    const eslint = new ESLint({ cwd: root });
    const rulesOf = async (file: string) =>
      ((await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> })
        .rules;
    for (const file of ['client/components/probe.tsx', 'client/pages/probe.tsx', 'client/auth/probe.ts'])
      expect((await rulesOf(file))['questline/render-time-browser-globals']).toEqual([2]);
    expect(
      (await rulesOf('client/browser/probe.ts'))['questline/render-time-browser-globals'],
    ).toBeUndefined();
    for (const file of ['worker/probe.ts', 'shared/probe.ts']) {
      const refused = JSON.stringify((await rulesOf(file))['no-restricted-globals']);
      for (const name of ['document', 'window', 'localStorage', 'BroadcastChannel'])
        expect(refused).toContain(`"${name}"`);
    }
  });
});
