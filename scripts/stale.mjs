// Shared by build-web-if-stale.mjs and build-server-if-stale.mjs: is `output` older than the
// newest file under any of `sources` (paths relative to the repository root)?
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

export function isStale(output, sources) {
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return built <= Math.max(...sources.map((s) => newest(path.join(root, s))));
}
