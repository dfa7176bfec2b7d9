import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nextOtp } from './otp.ts';

/**
 * Starts the real platform (built web app + server on a fresh embedded database) for the
 * browser suite, unless E2E_BASE_URL already points at one.
 */
let server: ChildProcess | undefined;

export async function setup() {
  if (process.env.E2E_BASE_URL) return;
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build -w apps/web\` first (npm test does).`);
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = path.join(root, '.tmp', `e2e-${Date.now()}`);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  let output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Every request line too (not the shipped sample, decision 060): platform/csp.spec reads the
      // log for secrets it used (issue 21).
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'all',
      ARGON_MEMORY_KIB: '4096',
      ENABLE_TEST_CONTROLS: '1',
      // One admin session serves every spec file (adminToken): not rotated during the run.
      TOKEN_ROTATE_MINUTES: '1440',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The whole log goes to a file; the last 64 kB stay at hand for an early exit's message.
  const logFile = path.join(root, 'test-results', 'e2e-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  const keep = (d: Buffer) => {
    log.write(d);
    output = (output + d.toString()).slice(-65_536);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  process.env.E2E_SERVER_LOG = logFile;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet: try again below
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  // The browser suite signs in far more often than one person would: lift the per-IP login
  // limit on this throwaway server (the limit itself is covered by the server tests).
  const post = (path: string, body: object, token?: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  // The demo admins sign in with a one-time code from their published secret (decision 050).
  const admin = await post('/api/admin/login', { account: 'admin', password: 'admin1234', otp: await nextOtp('admin') });
  if (!admin.result) throw new Error(`admin login failed: ${JSON.stringify(admin)}`);
  process.env.E2E_ADMIN_TOKEN = admin.data.token;
  const lifted = await post(
    '/api/admin/settings/update',
    { settings: { login_limit: { failures_per_account: 20, attempts_per_ip: 10_000, window_minutes: 15 } } },
    admin.data.token,
  );
  if (!lifted.result) throw new Error(`could not lift the login limit for the browser suite: ${JSON.stringify(lifted)}`);
  // Likewise the join SMS cap per address (20 an hour): the suite joins a member with every bank.
  const sms = await post(
    '/api/admin/settings/update',
    { settings: { join_sms_limit: { per_phone_seconds: 30, per_ip_per_hour: 10_000 }, join_check_limit: { per_ip_per_10_minutes: 10_000 } } },
    admin.data.token,
  );
  if (!sms.result) throw new Error(`could not lift the join SMS and check limits for the browser suite: ${JSON.stringify(sms)}`);
  // Specs charge with the same demo players within seconds of each other: no wait between one
  // player's charge requests here (the delay rule itself is covered by banking/races.db.test.ts).
  const current = await post('/api/admin/settings/get', {}, admin.data.token);
  const charge = await post('/api/admin/settings/update', { settings: { charge: { ...current.data.settings.charge, delay_seconds: 0 } } }, admin.data.token);
  if (!charge.result) throw new Error(`could not lift the charge delay for the browser suite: ${JSON.stringify(charge)}`);
  // Specs move the server clock up to an hour ahead (setServerClock) and back; with the 30-minute
  // idle time-out that ended the shared admin session and every open page's session mid-run.
  // Sessions here outlive the largest move (the time-out itself is covered by auth.db.test.ts).
  const idle = await post('/api/admin/settings/update', { settings: { session_idle_minutes: 240 } }, admin.data.token);
  if (!idle.result) throw new Error(`could not lengthen the session idle time for the browser suite: ${JSON.stringify(idle)}`);
}

export async function teardown() {
  if (!server) return;
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
