import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Rng } from './rng.ts';
import type { SmsProvider } from './sms.ts';

/** What every service may need, injected once so tests can swap time, randomness and SMS. */
export type Deps = {
  db: Db;
  clock: Clock;
  rng: Rng;
  config: Config;
  limiter: RateLimiter;
  sms: SmsProvider;
};
