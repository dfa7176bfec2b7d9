import { describe, expect, test } from 'vitest';
import { bytesToHex, drawStream, hashSeed, recomputeEntropy, verifyChain, verifyLink } from './fair-verify.ts';

// Vectors computed with the server's platform/fair.ts (node:crypto), so the browser's WebCrypto
// recomputation is held to the very same numbers.
const SEED = 'a'.repeat(64);
const CHAIN = [
  'b6741f6746ffe797aefd5ed543f6048c57c7248c32b6b71235f0a6cfdaa2d179',
  'c1cef41ed74ea026d8591fa18b4a6eae096d5d79e5986786553d519bdbdc81d5',
  '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837',
  '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
];

describe('hash chain', () => {
  test('sha256 over the seed bytes', async () => {
    expect(await hashSeed(SEED)).toBe('e0e77a507412b120f6ede61f62295b1a7b2ff19d3dcc8f7253e51663470c888e');
  });

  test('each revealed seed links to the one before and, hashed index times, to the anchor', async () => {
    expect(await verifyLink(CHAIN[2], CHAIN[1])).toBe(true);
    expect(await verifyChain(CHAIN[3], 3, CHAIN[0])).toBe(true);
    expect(await verifyChain(CHAIN[2], 2, CHAIN[0])).toBe(true);
  });

  test('a seed changed after the commitment is caught', async () => {
    const forged = CHAIN[3].slice(0, 63) + 'e';
    expect(await verifyLink(forged, CHAIN[2])).toBe(false);
    expect(await verifyChain(forged, 3, CHAIN[0])).toBe(false);
    expect(await verifyChain(CHAIN[3], 2, CHAIN[0])).toBe(false);
    expect(await verifyLink('not hex', CHAIN[2])).toBe(false);
  });
});

describe('draw stream', () => {
  test('bytes, integers, distinct balls and weighted choices match the server', async () => {
    const s = await drawStream(SEED, 'ntry_eos1:123:entropy');
    expect(bytesToHex(await s.bytes(5))).toBe('194221f7bb');
    expect([await s.int(0, 10), await s.int(1, 29), await s.int(0, 1_000_000)]).toEqual([5, 7, 597581]);
    expect(await s.pickDistinct(5, 1, 28)).toEqual([4, 13, 26, 15, 19]);
    expect(await s.weighted([1, 2, 3, 94])).toBe(3);
  });

  test('another message gives another stream', async () => {
    const a = await drawStream(SEED, 'ntry_eos1:123:entropy');
    const b = await drawStream(SEED, 'ntry_eos1:124:entropy');
    expect(bytesToHex(await a.bytes(32))).not.toBe(bytesToHex(await b.bytes(32)));
  });
});

describe('chained entropy (prev-close-bets-sha256)', () => {
  // Vectors from the server's minigames/entropy.ts chainedEntropyOf.
  const inputs = { previous: 'a'.repeat(64), closes_at: '2026-11-23T06:02:50.000Z', bets: ['101:1000:power_oe:odd', '102:2500:sum_uo:under'] };

  test('sha256(previous, close time, sha256 of the bet lines), the lines joined by line breaks', async () => {
    const steps = await recomputeEntropy(inputs);
    expect(steps.betLines).toBe('101:1000:power_oe:odd\n102:2500:sum_uo:under');
    expect(steps.text).toBe(`${'a'.repeat(64)}\n2026-11-23T06:02:50.000Z\n${steps.betsHash}`);
    expect(steps.entropy).toBe('d8b2a317256493dee3bfaae76af708f13d2123622625f0c95bad1627c83d4b42');
  });

  test('a round nobody bet on hashes the empty string as its bets', async () => {
    const steps = await recomputeEntropy({ ...inputs, bets: [] });
    expect(steps.betsHash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(steps.entropy).toBe('c0d62b7c6ce63d91ab530edbec10c725f29764f9d061771a0495fcdfbf017dd8');
  });
});
