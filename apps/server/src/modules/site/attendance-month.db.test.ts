import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// The member attendance screen's read (issue 19, decision 044): today's check and the current run of
// days, carried across a month's end (the calendar shows one month; the run is not cut by it).

let h: Harness;
beforeAll(async () => {
  h = await harness(); // clock 2026-11-22 12:00 KST
});
afterAll(() => h?.close());

const DAY = 24 * 3_600_000;
async function asUser2<T>(path: string, body: unknown = {}) {
  const token = await h.login('user', 'user2');
  return (await h.call(path, body, { token })).json.data as T;
}
type Month = { today: string; checked_today: boolean; streak: number; days: { day: string; streak: number; bonus: string }[] };

describe(`member attendance month on ${testEngine}`, () => {
  it('answers today and the run: 0 before any check, yesterday’s run before today’s check (across the month’s end), today’s after', async () => {
    const admin = await h.login('admin', 'admin');
    await h.call(
      '/api/admin/site/attendance/setBonuses',
      {
        bonuses: [
          { streak_days: 1, point: 10 },
          { streak_days: 3, point: 30 },
        ],
      },
      { token: admin },
    );

    h.clock.advance(7 * DAY); // 11-29
    expect(await asUser2<Month>('/api/user/attendance/get')).toMatchObject({ today: '2026-11-29', checked_today: false, streak: 0, days: [] });
    await asUser2('/api/user/attendance/check');
    h.clock.advance(DAY); // 11-30
    await asUser2('/api/user/attendance/check');
    const nov = await asUser2<Month>('/api/user/attendance/get');
    expect(nov).toMatchObject({ today: '2026-11-30', checked_today: true, streak: 2 });
    expect(nov.days).toEqual([
      { day: '2026-11-29', streak: 1, bonus: '10' },
      { day: '2026-11-30', streak: 2, bonus: '10' },
    ]);

    h.clock.advance(DAY); // 12-01: yesterday was last month
    expect(await asUser2<Month>('/api/user/attendance/get')).toMatchObject({ today: '2026-12-01', checked_today: false, streak: 2, days: [] });
    expect(await asUser2('/api/user/attendance/check')).toMatchObject({ streak: 3, bonus: '30', already: false });
    expect(await asUser2<Month>('/api/user/attendance/get')).toMatchObject({
      checked_today: true,
      streak: 3,
      days: [{ day: '2026-12-01', streak: 3, bonus: '30' }],
    });
    // The previous month still lists its days.
    expect((await asUser2<Month>('/api/user/attendance/get', { month: '2026-11' })).days).toHaveLength(2);

    h.clock.advance(2 * DAY); // 12-03: a missed day ends the run
    expect(await asUser2<Month>('/api/user/attendance/get')).toMatchObject({ checked_today: false, streak: 0 });
  });
});
