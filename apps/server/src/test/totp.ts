import { generate } from 'otplib';

const PERIOD = 30;

/**
 * One-time codes for test logins, computed from the account's secret like an authenticator app
 * does. The server refuses a step at or before the last one it accepted (replay), so a test that
 * signs one account in several times at one clock reading takes the codes of the previous,
 * current and next steps in turn (all within the server's ±1 step), never one twice.
 */
export function otpKeeper() {
  const lastStep = new Map<string, number>();
  return {
    /** A code for `key`'s secret at `now` whose step was not handed out before, or null (wait 30 s). */
    async next(key: string, secret: string, now: Date): Promise<string | null> {
      const current = Math.floor(now.getTime() / 1000 / PERIOD);
      const step = Math.max(current - 1, (lastStep.get(key) ?? -Infinity) + 1);
      if (step > current + 1) return null;
      lastStep.set(key, step);
      return generate({ secret, epoch: step * PERIOD });
    },
  };
}
