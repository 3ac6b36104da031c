/**
 * `npm start` as a process manager or a container stop sees it: SIGTERM
 * sent to npm reaches the server, which drains and exits 0, and nothing keeps serving after.
 * Before, npm's `sh -c` took the signal and died, and the server, re-parented, kept serving.
 * The app is already built by the browser layer's set-up, so `npm start` only serves.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('passes SIGTERM on: the server drains, npm exits 0, and nothing is left serving', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-start-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'WEB_ROOT']) delete env[name];
    const npm = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    try {
      const readyBy = Date.now() + 60_000;
      while (!(await answers(`http://127.0.0.1:${port}/readyz`))) {
        if (Date.now() > readyBy || npm.exitCode !== null) throw new Error(`npm start did not get ready:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      npm.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
      expect(code, output).toBe(0);
      // Given a moment, the port is free: no server left behind.
      await new Promise((r) => setTimeout(r, 500));
      expect(await answers(`http://127.0.0.1:${port}/healthz`)).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
