import { Console } from 'node:console';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { clientBuildMode, clientBuildOptions, type ClientBuildMode } from './client-build-options.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * What a page's scripts write to the browser console when built in `mode`: the browser entry's first
 * import (the console guard) followed by code that logs, bundled with the build's own options and run
 * against a real console.
 */
async function consoleOutput(mode: ClientBuildMode): Promise<string> {
  const options = clientBuildOptions(root, path.join(root, 'dist/console-check'), mode);
  const result = await esbuild.build({
    ...options,
    entryPoints: undefined,
    stdin: {
      contents: [
        "import './client/browser/quiet-console.ts';",
        "console.log('loaded');",
        "console.warn('deprecated');",
        "console.error(new Error('failed'));",
        "console.info('info'); console.debug('debug');",
        // A library keeping the console in a variable: the build cannot drop this call, the guard must
        // silence it.
        "const kept = globalThis['console']; kept.warn('kept');",
      ].join('\n'),
      resolveDir: root,
      sourcefile: 'page.ts',
      loader: 'ts',
    },
    splitting: false,
    format: 'iife',
    metafile: false,
    write: false,
  });
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  vm.runInNewContext(result.outputFiles[0]?.text ?? '', {
    console: new Console({ stdout: stream, stderr: stream }),
  });
  return chunks.join('');
}

describe('the browser build', () => {
  it('is for production unless wrangler dev (the local stack) runs it', () => {
    expect(clientBuildMode({ WRANGLER_COMMAND: 'dev' })).toBe('local');
    expect(clientBuildMode({ WRANGLER_COMMAND: 'deploy' })).toBe('production');
    expect(clientBuildMode({ WRANGLER_COMMAND: 'versions upload' })).toBe('production');
    expect(clientBuildMode({})).toBe('production');
  });

  it('writes nothing to the console in production', async () => {
    expect(await consoleOutput('production')).toBe('');
  });

  it('guards the console before the browser entry imports anything else', async () => {
    const entry = await readFile(path.join(root, 'client/browser/entry-client.tsx'), 'utf8');
    expect(/^import .*$/m.exec(entry)?.[0]).toBe("import './quiet-console.ts';");
  });

  it('keeps the console of the local stack, for development', async () => {
    const output = await consoleOutput('local');
    expect(output).toContain('loaded');
    expect(output).toContain('deprecated');
    expect(output).toContain('Error: failed');
    expect(output).toContain('kept');
  });
});
