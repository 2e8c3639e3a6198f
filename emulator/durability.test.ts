import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startEmulator, unsignedToken } from './index.ts';
import { call, OWNER, readCatalogue } from './test-support.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

interface Child {
  proc: ChildProcess;
  url: string;
  firstLine: string;
}

function startCli(dataDir: string, extra: string[] = []): Promise<Child> {
  const proc = spawn(process.execPath, [CLI, '--port', '0', '--data', dataDir, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.once('exit', (code) => {
      reject(new Error(`emulator exited with ${String(code)}: ${stderr}`));
    });
    const lines = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      const url = /ready at (http:\/\/\S+)$/.exec(line)?.[1];
      if (url) resolve({ proc, url, firstLine: line });
      else reject(new Error(`unexpected first line: ${line}`));
    });
  });
}

function exited(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else
      proc.once('exit', (code) => {
        resolve(code);
      });
  });
}

describe('the command line', () => {
  it('prints one ready line and exits 0 on SIGTERM and SIGINT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-'));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const child = await startCli(dir);
      expect(child.firstLine).toMatch(/^Realtime Database emulator ready at http:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(child.url, 'PUT', '/x.json', { body: signal, headers: OWNER })).status).toBe(200);
      child.proc.kill(signal);
      expect(await exited(child.proc)).toBe(0);
    }
    // a clean stop compacts into a snapshot
    expect(existsSync(join(dir, 'snapshot.json'))).toBe(true);
  });

  it('--project makes ID tokens name the project (audience and issuer), as production', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-project-'));
    const rules = join(dir, 'rules.json');
    writeFileSync(rules, JSON.stringify({ rules: { '.read': 'auth != null' } }));
    const child = await startCli(join(dir, 'data'), ['--rules', rules, '--project', 'questline-test']);
    try {
      const ours = unsignedToken({
        sub: 'u1',
        aud: 'questline-test',
        iss: 'https://securetoken.google.com/questline-test',
      });
      const theirs = unsignedToken({ sub: 'u1', aud: 'other', iss: 'https://securetoken.google.com/other' });
      expect((await call(child.url, 'GET', `/x.json?auth=${ours}`)).status).toBe(200);
      expect(await call(child.url, 'GET', `/x.json?auth=${theirs}`)).toMatchObject({
        status: 401,
        body: { error: 'Could not parse auth token.' },
      });
    } finally {
      child.proc.kill('SIGTERM');
      await exited(child.proc);
    }
  });

  it('fails at start with the line and reason of a malformed rules file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-'));
    const rules = join(dir, 'bad.rules.json');
    (await import('node:fs')).writeFileSync(rules, '{\n  "rules": {\n    ".read": "auth.uid ==="\n  }\n}\n');
    await expect(startCli(join(dir, 'data'), ['--rules', rules])).rejects.toThrow(/line 3: syntax error/);
  });
});

describe('durability', () => {
  it('keeps every acknowledged write across kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-wal-'));
    const first = await startCli(dir);
    const acknowledged: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const r = await call(first.url, 'PUT', `/items/i${i}.json`, {
          body: { i, t: { '.sv': 'timestamp' } },
          headers: OWNER,
        });
        if (r.status === 200) acknowledged.push(i);
      }),
    );
    await call(first.url, 'PATCH', '/.json', {
      body: { 'counts/items': 200, 'items/i0/extra': true },
      headers: OWNER,
    });
    await call(first.url, 'DELETE', '/items/i1.json', { headers: OWNER });
    first.proc.kill('SIGKILL');
    await exited(first.proc);

    const second = await startCli(dir);
    const items = (await call(second.url, 'GET', '/items.json', { headers: OWNER })).body as Record<
      string,
      { i: number }
    >;
    expect(acknowledged).toHaveLength(200);
    expect(Object.keys(items)).toHaveLength(199);
    expect(items['i0']).toMatchObject({ i: 0, extra: true });
    expect(items['i1']).toBeUndefined();
    expect((await call(second.url, 'GET', '/counts/items.json', { headers: OWNER })).body).toBe(200);
    second.proc.kill('SIGKILL');
    await exited(second.proc);
  });

  it('ignores a torn last log line and keeps going', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-wal-'));
    const first = await startCli(dir);
    await call(first.url, 'PUT', '/a.json', { body: 1, headers: OWNER });
    first.proc.kill('SIGKILL');
    await exited(first.proc);
    const log = readdirSync(dir).find((n) => n.startsWith('log-')) ?? '';
    const fs = await import('node:fs');
    fs.appendFileSync(join(dir, log), '{"n":"questline-demo-default-rtdb","k":"set","b":["b"],"w":[[["b"],2');
    const second = await startCli(dir);
    expect((await call(second.url, 'GET', '/.json', { headers: OWNER })).body).toEqual({ a: 1 });
    await call(second.url, 'PUT', '/c.json', { body: 3, headers: OWNER });
    second.proc.kill('SIGKILL');
    await exited(second.proc);
    const third = await startCli(dir);
    expect((await call(third.url, 'GET', '/.json', { headers: OWNER })).body).toEqual({ a: 1, c: 3 });
    third.proc.kill('SIGTERM');
    await exited(third.proc);
  });

  it('compacts the log into a snapshot while running, without losing writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-wal-'));
    const emu = await startEmulator({ port: 0, dataDir: dir, compactBytes: 20_000 });
    for (let i = 0; i < 100; i++)
      await call(emu.url, 'PUT', `/c/k${i}.json`, { body: 'x'.repeat(500), headers: OWNER });
    expect(existsSync(join(dir, 'snapshot.json'))).toBe(true);
    await emu.close();
    const again = await startEmulator({ port: 0, dataDir: dir });
    const keys = Object.keys((await call(again.url, 'GET', '/c.json', { headers: OWNER })).body as object);
    expect(keys).toHaveLength(100);
    await again.close();
  });

  it('loads 20,000 games in under 3 s, from the log after kill -9 and from a snapshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-games-'));
    const games: Record<string, unknown> = {};
    for (const game of readCatalogue()) games[String(game.id)] = game;
    expect(Object.keys(games).length).toBeGreaterThanOrEqual(20_000);
    const first = await startCli(dir);
    expect((await call(first.url, 'PUT', '/games.json', { body: games, headers: OWNER })).status).toBe(200);
    first.proc.kill('SIGKILL');
    await exited(first.proc);

    let started = Date.now();
    const fromLog = await startCli(dir);
    const fromLogMs = Date.now() - started;
    const shallow = (await call(fromLog.url, 'GET', '/games.json?shallow=true', { headers: OWNER }))
      .body as object;
    expect(Object.keys(shallow)).toHaveLength(Object.keys(games).length);
    fromLog.proc.kill('SIGTERM');
    expect(await exited(fromLog.proc)).toBe(0);

    started = Date.now();
    const fromSnapshot = await startCli(dir);
    const fromSnapshotMs = Date.now() - started;
    expect((await call(fromSnapshot.url, 'GET', '/games/730/name.json', { headers: OWNER })).body).toBe(
      'Counter-Strike: Global Offensive',
    );
    fromSnapshot.proc.kill('SIGTERM');
    await exited(fromSnapshot.proc);
    expect(fromLogMs).toBeLessThan(3000);
    expect(fromSnapshotMs).toBeLessThan(3000);
  }, 60_000);
});
