import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a signed call's timestamp may differ from the operator clock (wallet protocol). */
export const TIMESTAMP_WINDOW_S = 30;

/** Lowercase hex HMAC-SHA256(secret, `${timestamp}.${nonce}.${rawBody}`) over the raw body bytes. */
export function signWalletCall(secret: string, timestamp: string, nonce: string, rawBody: Buffer | string) {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.`).update(rawBody).digest('hex');
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; why: 'missing' | 'signature' | 'stale' };

/** Checks the three headers of a wallet call against the vendor secret and the clock. */
export function checkSignature(secret: string, headers: Record<string, unknown>, rawBody: Buffer, nowMs: number): SignatureCheck {
  const ts = headers['x-wallet-timestamp'];
  const nonce = headers['x-wallet-nonce'];
  const sig = headers['x-wallet-signature'];
  if (typeof ts !== 'string' || typeof nonce !== 'string' || typeof sig !== 'string') return { ok: false, why: 'missing' };
  if (!/^\d{1,12}$/.test(ts) || nonce.length < 8 || nonce.length > 100 || !/^[0-9a-f]{64}$/.test(sig)) return { ok: false, why: 'signature' };
  const want = Buffer.from(signWalletCall(secret, ts, nonce, rawBody), 'hex');
  if (!timingSafeEqual(want, Buffer.from(sig, 'hex'))) return { ok: false, why: 'signature' };
  const timestamp = Number(ts);
  if (Math.abs(nowMs / 1000 - timestamp) > TIMESTAMP_WINDOW_S) return { ok: false, why: 'stale' };
  return { ok: true, timestamp };
}
