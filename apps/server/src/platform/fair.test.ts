import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainFrom, drawStream, hashSeed, newSeed, seedAt, verifyChain, verifyLink } from './fair.ts';
import { seededRng } from './rng.ts';

const seed = 'a'.repeat(64);

describe('hash chain', () => {
  it('links every seed to the one before and ends at the anchor', () => {
    const chain = chainFrom(seed, 50);
    expect(chain).toHaveLength(51);
    expect(chain[50]).toBe(seed);
    expect(chain[0]).toBe(createHash('sha256').update(Buffer.from(chain[1], 'hex')).digest('hex'));
    for (let k = 1; k <= 50; k++) {
      expect(verifyLink(chain[k], chain[k - 1])).toBe(true);
      expect(verifyChain(chain[k], k, chain[0])).toBe(true);
      expect(seedAt(seed, 50, k)).toBe(chain[k]);
    }
  });

  it('detects a seed changed after the commitment', () => {
    const chain = chainFrom(newSeed(seededRng('t')), 20);
    const forged = hashSeed('b'.repeat(64));
    expect(verifyLink(forged, chain[6])).toBe(false);
    expect(verifyChain(forged, 7, chain[0])).toBe(false);
    // a genuine seed claimed at the wrong position fails too
    expect(verifyChain(chain[7], 6, chain[0])).toBe(false);
    expect(verifyLink('not hex', chain[0])).toBe(false);
  });
});

describe('draw stream', () => {
  it('is the documented HMAC-SHA256 counter stream', () => {
    const s = drawStream(seed, 'g:1:e');
    const expected = Buffer.concat([0, 1].map((c) => createHmac('sha256', Buffer.from(seed, 'hex')).update(`g:1:e:${c}`).digest()));
    expect(s.bytes(40).equals(expected.subarray(0, 40))).toBe(true);
    expect(s.bytes(24).equals(expected.subarray(40, 64))).toBe(true);
  });

  it('replays: same seed and message, same numbers; another message differs', () => {
    const a = drawStream(seed, 'x').pickDistinct(5, 1, 28);
    expect(drawStream(seed, 'x').pickDistinct(5, 1, 28)).toEqual(a);
    expect(drawStream(seed, 'y').pickDistinct(20, 1, 70)).not.toEqual(drawStream(seed, 'x').pickDistinct(20, 1, 70));
  });

  it('keeps integers in range and distinct picks distinct', () => {
    const s = drawStream(seed, 'range');
    for (let i = 0; i < 2000; i++) {
      const v = s.int(3, 10);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThan(10);
    }
    const balls = s.pickDistinct(20, 1, 70);
    expect(new Set(balls).size).toBe(20);
    expect(Math.min(...balls)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...balls)).toBeLessThanOrEqual(70);
    expect(s.pickDistinct(10, 0, 9).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('rejects the biased tail instead of folding it (range 200 of one byte)', () => {
    // With one byte, values 200..255 must be rejected; mod would overweight 0..55.
    const counts = new Array<number>(200).fill(0);
    const s = drawStream(seed, 'bias');
    for (let i = 0; i < 200_000; i++) counts[s.int(0, 200)]++;
    const low = counts.slice(0, 56).reduce((a, b) => a + b, 0) / 56;
    const high = counts.slice(56).reduce((a, b) => a + b, 0) / 144;
    expect(Math.abs(low / high - 1)).toBeLessThan(0.03);
  });

  it('is uniform enough: chi-square over 10 cells', () => {
    const s = drawStream(seed, 'chi');
    const n = 100_000;
    const cells = new Array<number>(10).fill(0);
    for (let i = 0; i < n; i++) cells[s.int(0, 10)]++;
    const chi = cells.reduce((a, c) => a + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi).toBeLessThan(27.9); // p = 0.001 with 9 degrees of freedom
  });

  it('weighted choice follows the weights', () => {
    const s = drawStream(seed, 'w');
    const hits = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) hits[s.weighted([1, 0, 2])]++;
    expect(hits[1]).toBe(0);
    expect(hits[2] / hits[0]).toBeGreaterThan(1.85);
    expect(hits[2] / hits[0]).toBeLessThan(2.15);
  });

  it('refuses bad input', () => {
    expect(() => drawStream('zz', 'm')).toThrow();
    expect(() => drawStream(seed, 'm').int(5, 5)).toThrow();
    expect(() => drawStream(seed, 'm').pickDistinct(11, 0, 9)).toThrow();
    expect(() => chainFrom(seed, 0)).toThrow();
  });
});
