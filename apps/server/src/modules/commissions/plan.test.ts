import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRY_SCALE, netsOf, payoutsOf, planBatch, spreadWriteOff } from './plan.ts';
import type { AccrualRow, OutboxRow, PathRow } from './repo.ts';

// Decision 027 "Decimals option" and "Crediting at placement", the pure parts of a drain batch.

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
let id = 0n;
const accrual = (agent: bigint, amount: bigint, decimals: number): AccrualRow => ({
  stage: 1,
  kind: 'rolling',
  part: 1,
  agent_id: agent,
  amount,
  decimals,
  bet_id: ++id,
  member_id: 99n,
  game_type: 'casino',
});

describe('payouts through the carry', () => {
  it('over any sequence of batches of accruals and reversals, each agent is paid exactly floor(what stands), in whole won', () => {
    const part = fc.record({ agent: fc.constantFrom(1n, 2n, 3n), amount: fc.bigInt({ min: 1n, max: 10_000_000n }), decimals: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(fc.record({ add: fc.array(part, { maxLength: 6 }), undo: fc.array(fc.nat(), { maxLength: 3 }) }), { maxLength: 12 }), (batches) => {
        const standing: AccrualRow[] = [];
        const carry = new Map<bigint, bigint>();
        const paid = new Map<bigint, bigint>();
        for (const b of batches) {
          const added = b.add.map((p) => accrual(p.agent, p.amount, p.decimals));
          const undone = [...new Set(b.undo.map((i) => (standing.length ? i % standing.length : -1)).filter((i) => i >= 0))].map((i) => standing[i]);
          for (const u of undone) standing.splice(standing.indexOf(u), 1);
          standing.push(...added);
          const nets = netsOf(added, undone);
          for (const [agent, units] of nets.carried) carry.set(agent, (carry.get(agent) ?? 0n) + units);
          for (const [agent, won] of payoutsOf(nets, carry)) paid.set(agent, (paid.get(agent) ?? 0n) + won);
          for (const agent of [1n, 2n, 3n]) {
            const units = standing.filter((a) => a.agent_id === agent).reduce((s, a) => s + a.amount * 10n ** BigInt(4 - a.decimals), 0n);
            expect(paid.get(agent) ?? 0n).toBe(floorDiv(units, CARRY_SCALE));
            expect(carry.get(agent) ?? 0n).toBeGreaterThanOrEqual(0n);
          }
        }
      }),
    );
  });

  it('whole-won accruals never touch the carry (the option off costs the drain no statement)', () => {
    const nets = netsOf([accrual(1n, 500n, 0), accrual(2n, 7n, 0)], [accrual(1n, 200n, 0)]);
    expect(nets.carried.size).toBe(0);
    expect(payoutsOf(nets, new Map())).toEqual(
      new Map([
        [1n, 300n],
        [2n, 7n],
      ]),
    );
  });

  it('a write-off is spread over reversed rows, each at most its amount rounded up to won', () => {
    const rows = [accrual(1n, 150n, 2), accrual(1n, 99n, 2), accrual(1n, 3n, 0)];
    expect(spreadWriteOff(rows, new Map([[1n, 5n]])).map((r) => r.writtenOff)).toEqual([3n, 2n, 0n]);
  });
});

const path: PathRow[] = [
  { member_id: 9n, agent_id: 2n, depth: 1, rolling_json: { minigame_percent: 0.5 } },
  { member_id: 9n, agent_id: 1n, depth: 2, rolling_json: { minigame_percent: 1 } },
];
let oid = 0n;
const row = (bet: bigint, stage: number, kind: 'accrue' | 'reverse', status: string): OutboxRow => ({
  id: ++oid,
  bet_id: bet,
  stage,
  kind,
  user_id: 9n,
  game_type: 'minigame',
  bet_type: 'single',
  game: 'one-test',
  amount: 100_000n,
  status,
  at: new Date(),
  result: status,
  win: 0n,
  placed_at: null,
  vendor: null,
});
const no = () => false;

describe('crediting at placement, within one batch', () => {
  it('a placement accrues; a won result after it in the batch accrues nothing more', () => {
    const p = planBatch([row(1n, 0, 'accrue', 'open'), row(1n, 1, 'accrue', 'won')], path, no);
    expect(p.accruals.map((a) => [a.stage, a.amount])).toEqual([
      [0, 500n],
      [0, 500n],
    ]);
    expect(p.unplaced).toEqual([]);
  });

  it('a placement and its voiding in one batch write nothing', () => {
    const p = planBatch([row(1n, 0, 'accrue', 'open'), row(1n, 1, 'accrue', 'void')], path, no);
    expect(p).toEqual({ accruals: [], unplaced: [], reversals: [] });
  });

  it('a valid result with its placement not in the batch is written only if no placement accrual stands; a void takes stage 0 back', () => {
    const p = planBatch([row(2n, 1, 'accrue', 'lost'), row(3n, 1, 'accrue', 'cancelled')], path, no);
    expect(p.accruals.every((a) => a.ifNotPlaced && a.betId === 2n)).toBe(true);
    expect(p.accruals).toHaveLength(2);
    expect(p.unplaced).toEqual([3n]);
  });

  it('after a voiding in the batch, a re-entered valid result accrues without the check', () => {
    const p = planBatch([row(4n, 1, 'accrue', 'void'), row(4n, 1, 'reverse', 'open'), row(4n, 2, 'accrue', 'won')], path, no, 2);
    expect(p.unplaced).toEqual([4n]);
    expect(p.reversals).toEqual([{ betId: 4n, stage: 1 }]);
    expect(p.accruals.map((a) => [a.stage, a.ifNotPlaced, a.decimals, a.amount])).toEqual([
      [2, false, 2, 50_000n],
      [2, false, 2, 50_000n],
    ]);
  });
});
