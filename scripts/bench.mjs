// `npm run bench`: bench/run.ts bundled as `npm start` bundles the server (scripts/bundle.mjs),
// then run. The server the HTTP sections measure is built in-process from our sources; under tsx
// every closure they create went through esbuild's keep-names helper (an Object.defineProperty
// per function made), which the production bundle does not do: about 5 % more server CPU per
// wallet call (decision 021, sixth pass). The load children still run through tsx: their CPU is
// not the server's, and each reports it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleOwnSources } from './bundle.mjs';
import { root } from './stale.mjs';

const out = path.join(root, 'bench/.bundle/run.mjs');
await bundleOwnSources(path.join(root, 'bench/run.ts'), out);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(out).href);
