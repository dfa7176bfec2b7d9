// `npm start` builds the web app only when its sources changed since the last build: the
// newest file under the web app's sources (and the shared contracts) against the built index.
import path from 'node:path';
import { execSync } from 'node:child_process';
import { isStale, root } from './stale.mjs';

const out = path.resolve(root, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist', 'index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'scripts/stale.mjs',
];

if (!isStale(out, sources)) console.log('web app is up to date; not rebuilding');
else execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
