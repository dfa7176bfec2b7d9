import { createDeps } from '../platform/deps-factory.ts';
import { recoverAdminAccess } from '../modules/auth/index.ts';

// Recovery when the admin allow-list excludes every admin (decision 042). Run on the server's
// machine: `npm run admin:ip -- allow 203.0.113.7` adds an address (or IPv4 CIDR block) to the
// list; `npm run admin:ip -- clear` removes every admin-allowed address. Both are audited as the
// system; a running server sees the change within a minute (its address-rule cache).
const [verb, ip] = process.argv.slice(2);
if (!(verb === 'allow' && ip) && verb !== 'clear') {
  console.error('usage: npm run admin:ip -- allow <ip or IPv4 CIDR> | clear');
  process.exit(2);
}
const deps = await createDeps().catch((e: Error) => {
  console.error(e.message);
  process.exit(2);
});
try {
  const r = await recoverAdminAccess(deps, verb === 'allow' ? { allow: ip } : { clear: true });
  console.log(r.added !== null ? `admin access allowed from ${ip} (rule ${r.added})` : `admin allow-list cleared (${r.removed} rule(s) removed)`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await deps.db.close();
}
