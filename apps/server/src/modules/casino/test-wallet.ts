import type { Harness } from '../../test/app.ts';
import { getGameSettings } from '../settings/index.ts';
import { signWalletCall } from './signature.ts';

/** Test helpers: a signed vendor call against the in-process app, and a launch token. */
export type WalletOpts = { secret?: string; timestamp?: number; nonce?: string; raw?: string; vendor?: string };

let nonceCounter = 0;

export function walletClient(h: Harness, secret: string) {
  async function send(method: string, body: object, o: WalletOpts = {}) {
    const raw = o.raw ?? JSON.stringify(body);
    const ts = String(o.timestamp ?? Math.floor(h.clock.now().getTime() / 1000));
    const nonce = o.nonce ?? `nonce-${++nonceCounter}-${process.pid}`;
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/wallet/${o.vendor ?? 'house'}/${method}`,
      headers: {
        'content-type': 'application/json',
        'x-wallet-timestamp': ts,
        'x-wallet-nonce': nonce,
        'x-wallet-signature': signWalletCall(o.secret ?? secret, ts, nonce, raw),
      },
      payload: raw,
    });
    return { http: res.statusCode, ...(res.json() as { status: string; balance: string; request_uuid: string; user: string; currency: string }) };
  }
  return { send };
}

export async function launchToken(h: Harness, token: string, opts: { id?: number; product?: string; game?: string } = {}) {
  const r = await h.call('/api/user/game/getCasinoLobbyUrl', { id: opts.id ?? 6112, isMobile: false, product: opts.product, game: opts.game }, { token });
  if (r.status !== 200) throw new Error(`launch failed: ${JSON.stringify(r.json)}`);
  const url = new URL(r.json.data.url as string, 'http://x');
  return { url: r.json.data.url as string, token: url.searchParams.get('token')! };
}

let callCounter = 0;
/** A fresh id for a vendor call's request, transaction or round, unique in this process. */
export const callId = (prefix: string) => `${prefix}-${process.pid}-${++callCounter}`;

/** A seamless bet call's body (house slot fortune5, KRW) for a member and their launch token. */
export const betCall = (p: { id: bigint; token: string }, amount = '1000', tx = callId('bet')) => ({
  request_uuid: callId('req'),
  transaction_uuid: tx,
  user: String(p.id),
  token: p.token,
  round: callId('round'),
  game_code: 'fortune5',
  amount,
  currency: 'KRW',
});

/** Forbids members of `level` to bet on the house slot (admin game settings, as an operator would). */
export async function disallowLevel(h: Harness, adminToken: string, level: 1 | 2 | 3 | 4 | 5 | 6 | 7) {
  const cur = await getGameSettings(h.db, 'slot:house');
  const r = await h.call(
    '/api/admin/game-settings/update',
    { game: 'slot:house', settings: { levels: { [String(level)]: { ...cur.levels[level], allowed: false } } } },
    { token: adminToken },
  );
  if (r.status !== 200) throw new Error(`game settings update failed: ${JSON.stringify(r.json)}`);
}
