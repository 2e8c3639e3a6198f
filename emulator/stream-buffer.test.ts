// A stream's reader that falls behind: the emulator disconnects it once more than 16 MiB of its events wait
// unsent, and not before. A node of the real catalogue's size (the 20,000 games are 9.6 MB as JSON) is
// sent whole as the stream's first `put`; a game that changes while the reader is still taking that in
// must not cost it the stream (the search function's copy of the games opens exactly so).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { call, OWNER, startTestEmulator } from './test-support.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

/** A node of `count` children of about 500 bytes each. */
function bigNode(count: number, run = 0): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, n) => [`game-${String(n)}`, `${String(run)}:${'x'.repeat(490)}`]),
  );
}

/** Opens a stream, takes in its first chunk only, and answers how to read the rest later. */
async function slowReader(path: string) {
  const response = await fetch(`${emulator.url}${path}`, {
    headers: { ...OWNER, Accept: 'text/event-stream' },
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream');
  let text = new TextDecoder().decode((await reader.read()).value);
  return {
    /** Reads until `until` is in what arrived (true), or the stream ends or breaks (false). */
    async readUntil(until: string): Promise<boolean> {
      const decoder = new TextDecoder();
      try {
        while (!text.includes(until)) {
          const { value, done } = await reader.read();
          if (done) return false;
          text += decoder.decode(value, { stream: true });
        }
        return true;
      } catch {
        return false;
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    },
  };
}

describe('a stream whose reader falls behind', () => {
  it('keeps a reader still taking in a 10 MB first put when the node changes meanwhile', async () => {
    expect(
      (await call(emulator.url, 'PUT', '/catalogue.json', { body: bigNode(20_000), headers: OWNER })).status,
    ).toBe(200);
    const stream = await slowReader('/catalogue.json');
    await call(emulator.url, 'PUT', '/catalogue/game-7.json', { body: 'changed', headers: OWNER });
    expect(await stream.readUntil('"data":"changed"')).toBe(true);
  });

  it('still disconnects a reader once more than 16 MiB wait unsent', async () => {
    expect(
      (await call(emulator.url, 'PUT', '/behind.json', { body: bigNode(20_000), headers: OWNER })).status,
    ).toBe(200);
    const stream = await slowReader('/behind.json');
    // 10 MB unsent, then 10 MB more: the change after that finds the reader too far behind.
    await call(emulator.url, 'PUT', '/behind.json', { body: bigNode(20_000, 1), headers: OWNER });
    await call(emulator.url, 'PUT', '/behind/game-7.json', { body: 'last', headers: OWNER });
    expect(await stream.readUntil('"data":"last"')).toBe(false);
  });
});
