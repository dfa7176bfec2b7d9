import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Whether something accepts connections on the port. */
export const listening = (port: number) =>
  new Promise<boolean>((r) => {
    const c = net.connect(port, '127.0.0.1', () => (c.end(), r(true))).on('error', () => r(false));
  });

/**
 * A Redis of the test's own (not the machine's at 6379, which other runs share): no snapshot,
 * no append-only file, so a restart starts empty. `kill` stops it hard; `start` again.
 */
export async function ownRedis() {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        if (await listening(port)) return;
        await wait(50);
      }
      throw new Error('redis-server did not start');
    },
    async kill() {
      const p = proc;
      if (!p || p.exitCode !== null) return;
      const dead = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await dead;
    },
  };
  await redis.start();
  return redis;
}
