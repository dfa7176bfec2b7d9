import { createHmac, randomBytes, randomInt } from 'node:crypto';

/** Injected randomness: crypto by default, a seeded one in tests so draws replay. */
export type Rng = {
  /** Uniform integer in [min, max). */
  int(min: number, max: number): number;
  bytes(n: number): Buffer;
};

export const cryptoRng: Rng = {
  int: (min, max) => randomInt(min, max),
  bytes: (n) => randomBytes(n),
};

/** Deterministic HMAC-SHA256 counter stream; same seed, same sequence. */
export function seededRng(seed: string): Rng {
  let counter = 0;
  const next = (n: number) => {
    const out: Buffer[] = [];
    let len = 0;
    while (len < n) {
      const block = createHmac('sha256', seed).update(String(counter++)).digest();
      out.push(block);
      len += block.length;
    }
    return Buffer.concat(out).subarray(0, n);
  };
  return {
    bytes: next,
    int(min, max) {
      const range = max - min;
      // Rejection sampling over 48 bits keeps the result unbiased.
      const limit = Math.floor(2 ** 48 / range) * range;
      for (;;) {
        const v = next(6).readUIntBE(0, 6);
        if (v < limit) return min + (v % range);
      }
    },
  };
}
