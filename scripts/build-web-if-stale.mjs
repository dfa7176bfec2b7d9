// `npm start` builds the web app only when its sources changed since the last build: the
// newest file under the web app's sources (and the shared contracts) against the built index.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.resolve(root, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist', 'index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (built > changed) console.log('web app is up to date; not rebuilding');
else execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
