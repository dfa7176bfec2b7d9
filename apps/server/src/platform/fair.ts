import { createHash, createHmac } from 'node:crypto';
import type { Rng } from './rng.ts';

/**
 * Provably fair primitives (decision 019), pure apart from node:crypto, shared by the mini
 * games and the house casino vendor.
 *
 * Commitment: a hash chain of server seeds fixed in advance. A random terminal seed s_N is
 * drawn; s_{i-1} = sha256(bytes of s_i) down to s_0, the anchor, which is published before the
 * chain's first use. Use k (k = 1, 2, …, N) reveals s_k; anyone checks sha256(s_k) = s_{k-1} and,
 * hashing k times, reaches the published anchor. Nobody can compute s_{k+1} from what is public.
 *
 * Draw: the seed keys HMAC-SHA256 over `${message}:${counter}` (counter 0, 1, 2 …); the 32-byte
 * blocks concatenated are the draw's byte stream. Integers come from it by rejection sampling
 * (no modulo bias), distinct balls by a forward Fisher–Yates over the candidate list.
 */
export const FAIR_ALGORITHM = 'hmac-sha256-stream/v1';

const HEX64 = /^[0-9a-f]{64}$/;

/** Whether the text is a 32-byte lowercase hex value (a seed or a hash). */
export const isHex32 = (v: string) => HEX64.test(v);

/** sha256 over the seed's bytes (hex decoded), as lowercase hex. */
export function hashSeed(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/** sha256 of a UTF-8 text, as lowercase hex (digests of bet lists, entropy commitments). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A fresh 32-byte seed from the injected randomness. */
export function newSeed(rng: Rng): string {
  return rng.bytes(32).toString('hex');
}

/**
 * The whole chain from a terminal seed: `chain[length]` is the terminal seed, `chain[i-1] =
 * sha256(chain[i])`, `chain[0]` is the anchor to publish. Use k reveals `chain[k]`.
 */
export function chainFrom(seedHex: string, length: number): string[] {
  if (!isHex32(seedHex)) throw new Error('chainFrom: seed must be 32 bytes of lowercase hex');
  if (!Number.isInteger(length) || length < 1) throw new Error('chainFrom: length must be a positive integer');
  const chain = new Array<string>(length + 1);
  chain[length] = seedHex;
  for (let i = length; i > 0; i--) chain[i - 1] = hashSeed(chain[i]);
  return chain;
}

/** Seed of use k of a chain (hashing the terminal seed length − k times). */
export function seedAt(terminalSeedHex: string, length: number, k: number): string {
  if (k < 1 || k > length) throw new Error('seedAt: index outside the chain');
  let s = terminalSeedHex;
  for (let i = length; i > k; i--) s = hashSeed(s);
  return s;
}

/** One link: the revealed seed hashes to the previous one (or to the anchor for use 1). */
export function verifyLink(seedHex: string, prevHashHex: string): boolean {
  return isHex32(seedHex) && isHex32(prevHashHex) && hashSeed(seedHex) === prevHashHex;
}

/** The revealed seed of use `index` leads to the published anchor after `index` hashes. */
export function verifyChain(seedHex: string, index: number, anchorHex: string): boolean {
  if (!isHex32(seedHex) || !isHex32(anchorHex) || !Number.isInteger(index) || index < 1) return false;
  let s = seedHex;
  for (let i = 0; i < index; i++) s = hashSeed(s);
  return s === anchorHex;
}

export type DrawStream = {
  /** The next n bytes of the stream. */
  bytes(n: number): Buffer;
  /** Uniform integer in [min, maxExclusive), by rejection sampling (at most 2^48 values). */
  int(min: number, maxExclusive: number): number;
  /** k distinct integers of [min, maxInclusive] in draw order (forward Fisher–Yates). */
  pickDistinct(k: number, min: number, maxInclusive: number): number[];
  /** A weighted choice: index i with probability weights[i] / sum (integer weights). */
  weighted(weights: readonly number[]): number;
};

/**
 * The draw's byte stream: block c = HMAC-SHA256(key = seed bytes, `${message}:${c}`).
 * `int(min, max)`: r = max − min; read the fewest big-endian bytes b with 256^b ≥ r; accept v
 * when v < ⌊256^b / r⌋·r and return min + v mod r, else read again.
 * `pickDistinct(k, lo, hi)`: list = [lo … hi]; for i = 0 … k−1: j = int(i, n); swap list[i],
 * list[j]; answer list[0 … k−1].
 */
export function drawStream(seedHex: string, message: string): DrawStream {
  if (!isHex32(seedHex)) throw new Error('drawStream: seed must be 32 bytes of lowercase hex');
  const key = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let buf = Buffer.alloc(0);
  let pos = 0;
  const bytes = (n: number) => {
    while (buf.length - pos < n) {
      const block = createHmac('sha256', key).update(`${message}:${counter++}`, 'utf8').digest();
      buf = Buffer.concat([buf.subarray(pos), block]);
      pos = 0;
    }
    const out = buf.subarray(pos, pos + n);
    pos += n;
    return out;
  };
  const int = (min: number, maxExclusive: number) => {
    const range = maxExclusive - min;
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(range) || range < 1 || range > 2 ** 48) throw new Error('drawStream.int: bad range');
    if (range === 1) return min;
    let width = 1;
    while (256 ** width < range) width++;
    const space = 256 ** width;
    const limit = Math.floor(space / range) * range;
    for (;;) {
      const v = bytes(width).readUIntBE(0, width);
      if (v < limit) return min + (v % range);
    }
  };
  return {
    bytes,
    int,
    pickDistinct(k, min, maxInclusive) {
      const n = maxInclusive - min + 1;
      if (!Number.isInteger(k) || k < 0 || k > n) throw new Error('drawStream.pickDistinct: bad count');
      const list = Array.from({ length: n }, (_, i) => min + i);
      for (let i = 0; i < k; i++) {
        const j = int(i, n);
        const t = list[i];
        list[i] = list[j];
        list[j] = t;
      }
      return list.slice(0, k);
    },
    weighted(weights) {
      const total = weights.reduce((a, w) => a + w, 0);
      if (!weights.every((w) => Number.isInteger(w) && w >= 0) || total < 1) throw new Error('drawStream.weighted: bad weights');
      let v = int(0, total);
      for (let i = 0; i < weights.length; i++) {
        if (v < weights[i]) return i;
        v -= weights[i];
      }
      return weights.length - 1;
    },
  };
}
