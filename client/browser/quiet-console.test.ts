import { Console } from 'node:console';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { silenceConsole } from './quiet-console.ts';

/** A real console writing into a buffer, and what it has written so far. */
function recordingConsole() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { console: new Console({ stdout: stream, stderr: stream }), written: () => chunks.join('') };
}

describe('silenceConsole', () => {
  it('leaves nothing written by log, info, debug, warn, error, trace, table or a failed assert', () => {
    const { console: target, written } = recordingConsole();
    target.log('before');
    expect(written()).toContain('before');
    silenceConsole(target);
    target.log('a visitor must not see this');
    target.info('info');
    target.debug('debug');
    target.warn('warn');
    target.error(new Error('error'));
    target.trace('trace');
    target.table([{ a: 1 }]);
    target.assert(false, 'assert');
    target.group('group');
    target.count();
    expect(written()).toBe('before\n');
  });
});
