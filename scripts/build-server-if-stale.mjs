// `npm start` runs the server from one file bundled by esbuild (decision 012): loading ~150
// TypeScript modules through tsx on every start took about half of the start-up time. The
// bundle is rebuilt only when a server or contracts source changed since the last build
// (like build-web-if-stale.mjs). Packages stay external (loaded from node_modules as usual);
// only our own sources (and the @wager/* workspaces) are bundled. Each source keeps its own
// `import.meta.url`, so paths computed from it (config, seed version) are the same as under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { isStale, root } from './stale.mjs';

export const bundle = path.join(root, 'apps/server/.bundle/main.mjs');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'scripts/build-server-if-stale.mjs',
  'scripts/stale.mjs',
];

if (!isStale(bundle, sources)) console.log('server bundle is up to date; not rebuilding');
else {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-sources-only',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@wager/') ? undefined : { path: a.path, external: true }));
          b.onLoad({ filter: /\.ts$/ }, (a) => ({
            contents: fs.readFileSync(a.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  console.log(`server bundle built: ${path.relative(root, bundle)}`);
}
