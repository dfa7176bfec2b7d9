/**
 * Child process of db-turns.db.test.ts: runs back-to-back units of queued PGlite work for
 * 400 ms (three loops at once, as background jobs do) and prints the longest a 1 ms timer
 * waited meanwhile. A plain Node process, because the stall does not show under vitest's
 * module loader.
 */
import { openDb } from './db.ts';

const kind = process.argv[2] === 'query' ? 'query' : 'tx';
const db = await openDb({ dataDir: 'memory://' });
const unit = () => (kind === 'tx' ? db.tx((sql) => sql.query('SELECT 1')) : db.query('SELECT 1'));

let longest = 0;
let armedAt = performance.now();
let timer: NodeJS.Timeout | undefined;
const arm = () => {
  armedAt = performance.now();
  timer = setTimeout(() => {
    longest = Math.max(longest, performance.now() - armedAt);
    arm();
  }, 1);
};
arm();
let units = 0;
const end = performance.now() + 400;
const loop = async () => {
  while (performance.now() < end) {
    await unit();
    units++;
  }
};
await Promise.all([loop(), loop(), loop()]);
// A timer still waiting at the end waited the whole run.
longest = Math.max(longest, performance.now() - armedAt);
clearTimeout(timer);
await db.close();
console.log(JSON.stringify({ longest, units }));
