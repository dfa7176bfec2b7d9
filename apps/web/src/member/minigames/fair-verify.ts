/**
 * The provably-fair checks, recomputed in the browser with WebCrypto from public data only
 * (decision 019, the server's platform/fair.ts): the revealed seed links to the previous hash and
 * to the published anchor, and the draw is the documented function of the seed.
 *
 * Stream: block c = HMAC-SHA256(key = seed bytes, `${message}:${c}`), blocks concatenated.
 * int(min, max): r = max − min; read the fewest big-endian bytes b with 256^b ≥ r; accept v when
 * v < ⌊256^b / r⌋·r and answer min + v mod r, else read again. pickDistinct(k, lo, hi): list =
 * [lo … hi]; for i = 0 … k−1: j = int(i, n), swap list[i] and list[j]; answer list[0 … k−1].
 */
const HEX64 = /^[0-9a-f]{64}$/;
export const isHex32 = (v: string) => HEX64.test(v);

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** sha256 over the seed's bytes, as lowercase hex. */
export async function hashSeed(seedHex: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', hexToBytes(seedHex))));
}

/** sha256 over the UTF-8 bytes of a text, as lowercase hex. */
export async function sha256Text(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

export type EntropySteps = { betLines: string; betsHash: string; text: string; entropy: string };

/**
 * The chained entropy (`prev-close-bets-sha256`, decision 049), step by step, as the page shows it:
 * bets = sha256(bet lines joined by "\n"); entropy = sha256(previous + "\n" + closes_at + "\n" + bets).
 */
export async function recomputeEntropy(inputs: { previous: string; closes_at: string; bets: string[] }): Promise<EntropySteps> {
  const betLines = inputs.bets.join('\n');
  const betsHash = await sha256Text(betLines);
  const text = `${inputs.previous}\n${inputs.closes_at}\n${betsHash}`;
  return { betLines, betsHash, text, entropy: await sha256Text(text) };
}

export async function verifyLink(seedHex: string, prevHashHex: string): Promise<boolean> {
  return isHex32(seedHex) && isHex32(prevHashHex) && (await hashSeed(seedHex)) === prevHashHex;
}

/** Hashing the seed of use `index` that many times reaches the published anchor. */
export async function verifyChain(seedHex: string, index: number, anchorHex: string): Promise<boolean> {
  if (!isHex32(seedHex) || !isHex32(anchorHex) || !Number.isInteger(index) || index < 1) return false;
  let s = seedHex;
  for (let i = 0; i < index; i++) s = await hashSeed(s);
  return s === anchorHex;
}

export type DrawStream = {
  bytes(n: number): Promise<Uint8Array>;
  int(min: number, maxExclusive: number): Promise<number>;
  pickDistinct(k: number, min: number, maxInclusive: number): Promise<number[]>;
  weighted(weights: readonly number[]): Promise<number>;
};

export async function drawStream(seedHex: string, message: string): Promise<DrawStream> {
  if (!isHex32(seedHex)) throw new Error('seed must be 32 bytes of lowercase hex');
  const key = await crypto.subtle.importKey('raw', hexToBytes(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  let counter = 0;
  let buf = new Uint8Array(0);
  let pos = 0;

  async function bytes(n: number): Promise<Uint8Array> {
    while (buf.length - pos < n) {
      const block = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${message}:${counter++}`)));
      const next = new Uint8Array(buf.length - pos + block.length);
      next.set(buf.subarray(pos));
      next.set(block, buf.length - pos);
      buf = next;
      pos = 0;
    }
    const out = buf.subarray(pos, pos + n);
    pos += n;
    return out;
  }

  async function int(min: number, maxExclusive: number): Promise<number> {
    const range = maxExclusive - min;
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(range) || range < 1 || range > 2 ** 48) throw new Error('bad range');
    if (range === 1) return min;
    let width = 1;
    while (256 ** width < range) width++;
    const space = 256 ** width;
    const limit = Math.floor(space / range) * range;
    for (;;) {
      const b = await bytes(width);
      let v = 0;
      for (const x of b) v = v * 256 + x;
      if (v < limit) return min + (v % range);
    }
  }

  return {
    bytes,
    int,
    async pickDistinct(k, min, maxInclusive) {
      const n = maxInclusive - min + 1;
      if (!Number.isInteger(k) || k < 0 || k > n) throw new Error('bad count');
      const list = Array.from({ length: n }, (_, i) => min + i);
      for (let i = 0; i < k; i++) {
        const j = await int(i, n);
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list.slice(0, k);
    },
    async weighted(weights) {
      const total = weights.reduce((a, w) => a + w, 0);
      if (!weights.every((w) => Number.isInteger(w) && w >= 0) || total < 1) throw new Error('bad weights');
      let v = await int(0, total);
      for (let i = 0; i < weights.length; i++) {
        if (v < weights[i]) return i;
        v -= weights[i];
      }
      return weights.length - 1;
    },
  };
}
