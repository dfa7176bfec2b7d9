/**
 * Where a game draws its integers: the provably-fair stream of a round in production
 * (`fair-draw.ts`), a fast seeded generator in the RTP bench and in tests. Uniform in
 * [min, maxExclusive).
 */
export type IntSource = { int(min: number, maxExclusive: number): number };

/**
 * xoshiro128** seeded through splitmix32: fast, allocation-free, for simulations only (the
 * bench's 10 million spins). Never used for a real round.
 */
export function fastSource(seed: number): IntSource {
  let z = seed >>> 0;
  const split = () => {
    z = (z + 0x9e3779b9) >>> 0;
    let t = z;
    t = Math.imul(t ^ (t >>> 16), 0x85ebca6b);
    t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
    return (t ^ (t >>> 16)) >>> 0;
  };
  let a = split(),
    b = split(),
    c = split(),
    d = split();
  const next = () => {
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return r;
  };
  return {
    int(min, maxExclusive) {
      const range = maxExclusive - min;
      // Rejection keeps it unbiased for ranges that do not divide 2^32.
      const limit = Math.floor(0x100000000 / range) * range;
      for (;;) {
        const v = next();
        if (v < limit) return min + (v % range);
      }
    },
  };
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
