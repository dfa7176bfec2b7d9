import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config.ts';
import { backupDatabase, restoreDatabase } from '../platform/backup.ts';

// npm run backup -- [file]          the database of DATABASE_URL, else the embedded one in DATA_DIR
// npm run restore -- <file> [--force]
const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// npm runs the script in apps/server; a path given is read from where the command was typed.
const here = process.env.INIT_CWD ?? process.cwd();
try {
  if (command === 'backup') {
    const file = path.resolve(here, args[0] ?? `backups/${config.databaseUrl ? 'pg' : 'pglite'}-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await backupDatabase(target, file);
    console.log(`backup written to ${file}`);
  } else if (command === 'restore' && args[0]) {
    await restoreDatabase(target, path.resolve(here, args[0]), { force: args.includes('--force') });
    console.log(`restored ${args[0]} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}; run npm run ledger:verify to check it`);
  } else {
    console.error('usage: npm run backup -- [file] | npm run restore -- <file> [--force]');
    process.exitCode = 2;
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}
