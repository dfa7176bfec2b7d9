import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../platform/db.ts';
import { scratchDatabase } from './db.ts';

/**
 * A database two processes can open: a PGlite folder, or a PostgreSQL database of its own when
 * TEST_DATABASE_URL is set. `target` is what a child process is given (the folder or the URL);
 * `drop` removes it.
 */
export async function sharedDatabase(prefix: string): Promise<{ target: string; open: () => Promise<Db>; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    return { target: dir, open: () => openDb({ dataDir: dir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await scratchDatabase(url, `t_${prefix.replace(/\W/g, '_')}`);
  return { target: scratch.url, open: () => openDb({ url: scratch.url }), drop: scratch.drop };
}

/**
 * Runs `child` (a TypeScript file, given `target`) until its output has a line `batch <n>`, then
 * SIGKILLs it, as a crash would; resolves with what it printed. A child that ends by itself fails.
 */
export function runAndKill(child: string, target: string, n: number): Promise<{ out: string; signal: NodeJS.Signals | null }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, target], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes(`batch ${n}\n`)) proc.kill('SIGKILL');
    });
    proc.stderr.on('data', (b: Buffer) => (err += b.toString()));
    proc.on('error', reject);
    proc.on('exit', (code, signal) => (signal ? resolve({ out, signal }) : reject(new Error(`child ended by itself (${code}): ${out}${err}`))));
  });
}
