import { signBody, type WalletMethod, type WalletTransport } from './wallet-client.ts';

/**
 * An in-memory operator wallet that follows the published protocol (test double for the
 * vendor's side: the real wallet is exercised in `house-wallet.db.test.ts`). `failures` makes
 * the next calls of a method fail at the transport: 'before' (never reached the wallet) or
 * 'after' (processed, answer lost).
 */
export function fakeWallet(secret: string, opts: { currency?: string } = {}) {
  const currency = opts.currency ?? 'KRW';
  const balances = new Map<string, bigint>();
  const tokens = new Map<string, string>();
  const txs = new Map<string, { kind: string; amount: bigint; user: string; answer: Record<string, string>; rolledBack?: boolean }>();
  const tombstones = new Set<string>();
  const failures: { method: WalletMethod; when: 'before' | 'after' }[] = [];
  const calls: { method: WalletMethod; body: Record<string, string> }[] = [];

  function handle(method: WalletMethod, b: Record<string, string>): Record<string, string> {
    const answer = (status: string) => ({ status, request_uuid: b.request_uuid, user: b.user, currency, balance: String(balances.get(b.user) ?? 0n) });
    if (!balances.has(b.user)) return answer('RS_ERROR_UNKNOWN_USER');
    if (b.currency !== currency) return answer('RS_ERROR_WRONG_CURRENCY');
    const live = tokens.get(b.token) === b.user;
    if (method === 'balance') return answer(live ? 'RS_OK' : 'RS_ERROR_INVALID_TOKEN');
    const seen = txs.get(b.transaction_uuid);
    if (seen) return seen.amount === BigInt(b.amount ?? '0') && seen.kind === method ? seen.answer : answer('RS_ERROR_DUPLICATE_TRANSACTION');
    let out: Record<string, string>;
    if (method === 'bet') {
      if (!live) return answer('RS_ERROR_INVALID_TOKEN');
      if (tombstones.has(b.transaction_uuid)) return answer('RS_ERROR_TRANSACTION_ROLLED_BACK');
      const amount = BigInt(b.amount);
      if ((balances.get(b.user) ?? 0n) < amount) return answer('RS_ERROR_NOT_ENOUGH_MONEY');
      balances.set(b.user, (balances.get(b.user) ?? 0n) - amount);
      out = answer('RS_OK');
      txs.set(b.transaction_uuid, { kind: 'bet', amount, user: b.user, answer: out });
    } else if (method === 'win') {
      const ref = txs.get(b.reference_transaction_uuid);
      if (!ref) return answer(tombstones.has(b.reference_transaction_uuid) ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (ref.rolledBack) return answer('RS_ERROR_TRANSACTION_ROLLED_BACK');
      const amount = BigInt(b.amount);
      balances.set(b.user, (balances.get(b.user) ?? 0n) + amount);
      out = answer('RS_OK');
      txs.set(b.transaction_uuid, { kind: 'win', amount, user: b.user, answer: out });
    } else {
      const ref = txs.get(b.reference_transaction_uuid);
      if (ref && !ref.rolledBack) {
        ref.rolledBack = true;
        balances.set(b.user, (balances.get(b.user) ?? 0n) + ref.amount);
      } else if (!ref) tombstones.add(b.reference_transaction_uuid);
      out = answer('RS_OK');
      txs.set(b.transaction_uuid, { kind: 'rollback', amount: 0n, user: b.user, answer: out });
    }
    return out;
  }

  const transport: WalletTransport = async (method, rawBody, headers) => {
    const failure = failures.findIndex((f) => f.method === method);
    const fail = failure >= 0 ? failures.splice(failure, 1)[0] : null;
    if (fail?.when === 'before') throw new Error('connect ECONNREFUSED');
    const body = JSON.parse(rawBody) as Record<string, string>;
    calls.push({ method, body });
    const signed = signBody(secret, headers['x-wallet-timestamp'], headers['x-wallet-nonce'], rawBody) === headers['x-wallet-signature'];
    const answer = signed
      ? handle(method, body)
      : { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: body.request_uuid, user: body.user, currency, balance: '0' };
    if (fail?.when === 'after') throw new Error('socket hang up');
    return { httpStatus: 200, text: JSON.stringify(answer) };
  };

  return {
    transport,
    calls,
    failNext: (method: WalletMethod, when: 'before' | 'after', times = 1) => {
      for (let i = 0; i < times; i++) failures.push({ method, when });
    },
    open: (user: bigint, token: string, balance: bigint) => {
      balances.set(String(user), balance);
      tokens.set(token, String(user));
    },
    balanceOf: (user: bigint) => balances.get(String(user)) ?? 0n,
    expire: (token: string) => tokens.delete(token),
  };
}
