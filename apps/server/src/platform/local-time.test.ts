import { describe, expect, it } from 'vitest';
import { inLocalWindow, localDate, localDayRange, localRange } from './local-time.ts';

const KST = 540;
describe('local time (KST)', () => {
  it('maps UTC instants to the Korean calendar day', () => {
    expect(localDate(new Date('2026-11-22T14:59:59Z'), KST)).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-22T15:00:00Z'), KST)).toBe('2026-11-23');
  });
  it('gives the UTC range of a local day', () => {
    const [a, b] = localDayRange('2026-11-23', KST);
    expect(a.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(b.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    const [c, d] = localRange(new Date('2026-11-22T16:00:00Z'), KST);
    expect([c.toISOString(), d.toISOString()]).toEqual(['2026-11-22T15:00:00.000Z', '2026-11-23T15:00:00.000Z']);
  });
  it('handles a window that wraps midnight (23:30–00:30)', () => {
    const at = (hhmmKst: string) => new Date(Date.parse(`2026-11-22T${hhmmKst}:00Z`) - KST * 60_000);
    expect(inLocalWindow(at('23:29'), KST, '23:30', '00:30')).toBe(false);
    expect(inLocalWindow(at('23:30'), KST, '23:30', '00:30')).toBe(true);
    expect(inLocalWindow(at('00:00'), KST, '23:30', '00:30')).toBe(true);
    expect(inLocalWindow(at('00:29'), KST, '23:30', '00:30')).toBe(true);
    expect(inLocalWindow(at('00:30'), KST, '23:30', '00:30')).toBe(false);
    expect(inLocalWindow(at('12:00'), KST, '09:00', '18:00')).toBe(true);
  });
});
