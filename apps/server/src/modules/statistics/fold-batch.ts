import type { Sql } from '../../platform/db.ts';
import { isZero } from './figures.ts';
import { memberDeltas, rollUp, type StatAccrual, type StatOutboxRow, type StatPath } from './fold.ts';
import { addAgentDays, addMemberDays, addSiteDays } from './repo-fold.ts';

export type StatBatch = { rows: StatOutboxRow[]; accruals: StatAccrual[]; paths: StatPath[] };

/**
 * Folds one commission-drain batch into the day rows (decision 030), inside the drain's
 * transaction: three statements per batch whatever its size, none on the bet path.
 */
export async function foldStatistics(sql: Sql, batch: StatBatch) {
  const members = memberDeltas(batch.rows, batch.accruals);
  if (members.length === 0 && batch.accruals.length === 0) return;
  const after = await addMemberDays(sql, members);
  const { agents, site } = rollUp(members, after, batch.paths, batch.accruals, batch.rows);
  await addAgentDays(
    sql,
    agents.filter((a) => !isZero(a.d) || a.bettors !== 0 || a.rollingOwn !== 0n),
  );
  await addSiteDays(
    sql,
    site.filter((s) => !isZero(s.d) || s.bettors !== 0),
  );
}
