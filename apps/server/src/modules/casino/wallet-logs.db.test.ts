import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { closeIdleSessions } from './service.ts';
import { TIMESTAMP_WINDOW_S } from './signature.ts';

// The wallet's append-only logs (raw calls, nonces) are read by time only in bulk: their time
// index is BRIN, which costs a wallet call no index insert (migration 022). The nonce sweep still
// finds what is past the window through it.

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

describe(`wallet logs (${testEngine})`, () => {
  it('calls and nonces index their time with BRIN, and no B-tree of theirs names it', async () => {
    for (const table of ['casino_wallet_calls', 'casino_wallet_nonces']) {
      const defs = (
        await h.db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1`, [table])
      ).rows.map((r) => r.indexdef);
      expect(defs.filter((d) => /\bUSING brin \(at\)/.test(d))).toHaveLength(1);
      expect(defs.filter((d) => /\bUSING btree\b/.test(d) && /\bat\b/.test(d))).toEqual([]);
    }
  });

  it('the sweep deletes the nonces past four timestamp windows and keeps the recent ones', async () => {
    const now = h.clock.now().getTime();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    const rows = [
      ['sweep-old-1', at(4 * TIMESTAMP_WINDOW_S + 5)],
      ['sweep-old-2', at(3600)],
      ['sweep-new-1', at(4 * TIMESTAMP_WINDOW_S - 5)],
      ['sweep-new-2', at(0)],
    ] as const;
    for (const [nonce, t] of rows) await h.db.query(`INSERT INTO casino_wallet_nonces (vendor, nonce, at) VALUES ('house', $1, $2)`, [nonce, t]);
    await closeIdleSessions(h.deps);
    const left = (await h.db.query<{ nonce: string }>(`SELECT nonce FROM casino_wallet_nonces WHERE nonce LIKE 'sweep-%' ORDER BY nonce`)).rows.map(
      (r) => r.nonce,
    );
    expect(left).toEqual(['sweep-new-1', 'sweep-new-2']);
  });
});
