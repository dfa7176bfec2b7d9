// `npm start` runs the server from one file bundled by esbuild (decision 012): loading ~150
// TypeScript modules through tsx on every start took about half of the start-up time. The
// bundle is rebuilt only when a server or contracts source changed since the last build
// (like build-web-if-stale.mjs). How it is bundled: scripts/bundle.mjs.
import path from 'node:path';
import { bundleOwnSources } from './bundle.mjs';
import { isStale, root } from './stale.mjs';

export const bundle = path.join(root, 'apps/server/.bundle/main.mjs');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'scripts/build-server-if-stale.mjs',
  'scripts/bundle.mjs',
  'scripts/stale.mjs',
];

if (!isStale(bundle, sources)) console.log('server bundle is up to date; not rebuilding');
else {
  await bundleOwnSources(path.join(root, 'apps/server/src/main.ts'), bundle);
  console.log(`server bundle built: ${path.relative(root, bundle)}`);
}
