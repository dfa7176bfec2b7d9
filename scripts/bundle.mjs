// One esbuild set-up for what runs our own TypeScript as production does (decision 012): the
// server bundle of `npm start`, and the bench (decision 021, sixth pass). Packages stay external
// (loaded from node_modules as usual); only our own sources (and the @wager/* workspaces) are
// bundled. Each source keeps its own `import.meta.url`, so paths computed from it (config, seed
// version, the bench's root) are the same as under tsx.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Bundles `entry` (a .ts file) and our sources it imports into one ES module at `outfile`. */
export async function bundleOwnSources(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
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
}
