import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Spec §7 getCasinoLobbyUrl with the casino lobby id of §9 (6112): the launch URL of the house
// vendor opens /popup/slot or /popup/livecasino with a fresh session token, the language and the
// device; every refusal (unknown lobby or game, vendor off, product kind off) opens no session.

let h: Harness;
let member: string;
let admin: string;
let userId: bigint;

beforeAll(async () => {
  h = await harness();
  member = await h.login('user', 'user1');
  admin = await h.login('admin', 'admin');
  userId = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user1'`)).rows[0].id;
});
afterAll(() => h?.close());

const launch = (body: object) => h.call('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, ...body }, { token: member });
const sessions = async () => (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM casino_sessions WHERE user_id = $1`, [userId])).rows[0].n;
const settings = (s: object) => h.call('/api/admin/settings/update', { settings: s }, { token: admin });

describe(`casino launch (${testEngine})`, () => {
  it('opens the slot and the table in their popups with a new token, the language and the device', async () => {
    const slot = await launch({ game: 'fortune5', isMobile: true });
    expect(slot.status).toBe(200);
    const s = new URL(slot.json.data.url as string, 'http://x');
    expect(s.pathname).toBe('/popup/slot');
    expect(s.searchParams.get('game')).toBe('fortune5');
    expect(s.searchParams.get('mobile')).toBe('1');
    expect(s.searchParams.get('lang')).toBe('ko');
    const table = new URL((await launch({ game: 'baccarat1' })).json.data.url as string, 'http://x');
    expect(table.pathname).toBe('/popup/livecasino');
    expect(table.searchParams.get('table')).toBe('baccarat1');
    expect(table.searchParams.has('mobile')).toBe(false);
    expect(table.searchParams.get('token')).not.toBe(s.searchParams.get('token'));
    const rows = await h.db.query(`SELECT game, product, vendor FROM casino_sessions WHERE token = $1`, [s.searchParams.get('token')]);
    expect(rows.rows).toEqual([{ game: 'fortune5', product: expect.any(String), vendor: 'house' }]);
  });

  it('refuses an unknown lobby id or game and a disabled vendor, opening no session', async () => {
    const before = await sessions();
    expect((await launch({ id: 6113 })).json.error.code).toBe('casino_vendor_unknown');
    expect((await launch({ game: 'no-such-game' })).json.error.code).toBe('casino_game_unknown');
    expect((await h.call('/api/admin/casino/vendors/update', { code: 'house', enabled: false }, { token: admin })).status).toBe(200);
    try {
      expect((await launch({ game: 'fortune5' })).json.error.code).toBe('casino_vendor_off');
    } finally {
      await h.call('/api/admin/casino/vendors/update', { code: 'house', enabled: true }, { token: admin });
    }
    expect(await sessions()).toBe(before);
  });

  it('a product kind switched off in the settings cannot be launched; both off is casino off', async () => {
    const before = await sessions();
    expect((await settings({ use_slot: false })).status).toBe(200);
    try {
      expect((await launch({ game: 'fortune5' })).json.error.code).toBe('casino_game_unknown');
      expect((await launch({ game: 'baccarat1' })).status).toBe(200);
      expect((await settings({ use_casino: false })).status).toBe(200);
      expect((await launch({ game: 'baccarat1' })).json.error.code).toBe('casino_off');
    } finally {
      await settings({ use_slot: true, use_casino: true });
    }
    expect(await sessions()).toBe(before + 1);
    expect((await launch({ game: 'fortune5' })).status).toBe(200);
  });
});
