import { describe, expect, it } from 'vitest';
import { checkSignature, signWalletCall } from './signature.ts';

const body = Buffer.from('{"request_uuid":"r1","user":"5"}');
const now = 1_800_000_000_000;
const headersFor = (secret: string, ts: number, nonce = 'nonce-123456', raw = body) => ({
  'x-wallet-timestamp': String(ts),
  'x-wallet-nonce': nonce,
  'x-wallet-signature': signWalletCall(secret, String(ts), nonce, raw),
});

describe('wallet call signature', () => {
  it('accepts a call signed with the vendor secret over the raw body', () => {
    expect(checkSignature('s3cret', headersFor('s3cret', now / 1000), body, now)).toEqual({ ok: true, timestamp: now / 1000 });
  });
  it('refuses another secret, a changed body and a changed nonce', () => {
    expect(checkSignature('s3cret', headersFor('other', now / 1000), body, now)).toEqual({ ok: false, why: 'signature' });
    expect(checkSignature('s3cret', headersFor('s3cret', now / 1000), Buffer.from('{"request_uuid":"r1","user":"6"}'), now).ok).toBe(false);
    const h = headersFor('s3cret', now / 1000);
    expect(checkSignature('s3cret', { ...h, 'x-wallet-nonce': 'nonce-654321' }, body, now).ok).toBe(false);
  });
  it('refuses a timestamp more than 30 s off, either way', () => {
    expect(checkSignature('s3cret', headersFor('s3cret', now / 1000 - 31), body, now)).toEqual({ ok: false, why: 'stale' });
    expect(checkSignature('s3cret', headersFor('s3cret', now / 1000 + 31), body, now)).toEqual({ ok: false, why: 'stale' });
    expect(checkSignature('s3cret', headersFor('s3cret', now / 1000 - 30), body, now).ok).toBe(true);
  });
  it('refuses missing or malformed headers without throwing', () => {
    expect(checkSignature('s3cret', {}, body, now)).toEqual({ ok: false, why: 'missing' });
    expect(checkSignature('s3cret', { ...headersFor('s3cret', now / 1000), 'x-wallet-signature': 'XYZ' }, body, now).ok).toBe(false);
  });
});
