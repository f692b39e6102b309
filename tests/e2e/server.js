// Starts `banco serve` on a free port with a fresh database, for the tests.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The binary under test: $BANCO_BIN, or the release build. */
export function bancoBinary() {
  return process.env.BANCO_BIN || resolve(here, '../../target/release/banco');
}

/** Debian's chromium: $CHROMIUM, or the first of its names on the PATH. */
export function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name]).toString().trim();
    } catch { /* try the next name */ }
  }
  throw new Error('no chromium found: install it (apt-get install chromium) or set CHROMIUM');
}

/**
 * Starts the server; resolves to { url, dir, stop }. Given the `dir` of an
 * earlier server, it opens that server's database, as a restart does;
 * `stop({ keepData: true })` kills the process and leaves the database.
 */
export function startServer({ dir: reuse } = {}) {
  const dir = reuse ?? mkdtempSync(join(tmpdir(), 'banco-e2e-'));
  const child = spawn(bancoBinary(), ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'games.sqlite3')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolvePromise, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`banco serve did not start: ${stderr}`)), 20000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /open (http:\/\/[^\s]+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolvePromise({
          url: match[1].replace(/\/$/, ''),
          dir,
          stop({ keepData = false } = {}) {
            child.kill('SIGKILL');
            if (!keepData) rmSync(dir, { recursive: true, force: true });
          },
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`banco serve exited with ${code}: ${stderr}`));
    });
  });
}
