import { createHmac } from 'node:crypto';
import type { Deps } from '../../platform/deps.ts';
import { logWalletCall } from './repo.ts';

/**
 * The vendor side of the seamless wallet protocol: signed HTTP calls to the operator's
 * `/api/wallet/house/<method>`. The vendor shares no code with the operator's wallet (it would
 * be a separate company's service); the signature rule is the published one.
 */
export type WalletMethod = 'balance' | 'bet' | 'win' | 'rollback';
export type WalletAnswer = { status: string; request_uuid: string; user: string; currency: string; balance: string };
/** One HTTP exchange; throws on a transport failure (refused connection, timeout). */
export type WalletTransport = (method: WalletMethod, rawBody: string, headers: Record<string, string>) => Promise<{ httpStatus: number; text: string }>;
export type WalletResult = { ok: true; answer: WalletAnswer } | { ok: false; error: string };

export const VENDOR_CODE = 'house';

/** fetch to the operator's base URL (the server itself by default: decision 022). */
export function httpTransport(baseUrl: string, timeoutMs = 5000): WalletTransport {
  return async (method, rawBody, headers) => {
    const res = await fetch(`${baseUrl}/api/wallet/${VENDOR_CODE}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { httpStatus: res.status, text: await res.text() };
  };
}

const transports = new WeakMap<Deps, WalletTransport>();
/** Tests (and a deployment with the wallet elsewhere) hand in the transport. */
export function setWalletTransport(deps: Deps, transport: WalletTransport) {
  transports.set(deps, transport);
}
/** The server's own address: loopback when it listens on every interface, else the address it binds. */
const selfUrl = ({ host, port }: Deps['config']) =>
  `http://${host === '0.0.0.0' || host === '::' || !host ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
const transportOf = (deps: Deps) => transports.get(deps) ?? httpTransport(selfUrl(deps.config));

export function signBody(secret: string, timestamp: string, nonce: string, rawBody: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest('hex');
}

const isAnswer = (v: unknown): v is WalletAnswer =>
  typeof v === 'object' && v !== null && typeof (v as WalletAnswer).status === 'string' && typeof (v as WalletAnswer).balance === 'string';

/** Signs and sends one call, stores request and answer (or the failure) raw, never throws. */
export async function callWallet(deps: Deps, method: WalletMethod, body: Record<string, string>, roundId: bigint | null): Promise<WalletResult> {
  const secret = deps.config.houseVendorSecret;
  const rawBody = JSON.stringify({ request_uuid: deps.rng.bytes(16).toString('hex'), ...body });
  const logged = { roundId, method, request: rawBody, at: deps.clock.now() };
  if (!secret) {
    await logWalletCall(deps.db, { ...logged, error: 'no vendor secret configured' });
    return { ok: false, error: 'no vendor secret configured' };
  }
  const timestamp = String(Math.floor(deps.clock.now().getTime() / 1000));
  const nonce = deps.rng.bytes(16).toString('hex');
  const headers = { 'x-wallet-timestamp': timestamp, 'x-wallet-nonce': nonce, 'x-wallet-signature': signBody(secret, timestamp, nonce, rawBody) };
  let res: { httpStatus: number; text: string };
  try {
    res = await transportOf(deps)(method, rawBody, headers);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await logWalletCall(deps.db, { ...logged, error });
    return { ok: false, error };
  }
  await logWalletCall(deps.db, { ...logged, httpStatus: res.httpStatus, answer: res.text.slice(0, 10_000) });
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(res.text);
  } catch {
    // not JSON: a transport-level failure below
  }
  if (res.httpStatus !== 200 || !isAnswer(parsed)) return { ok: false, error: `HTTP ${res.httpStatus}` };
  return { ok: true, answer: parsed };
}
