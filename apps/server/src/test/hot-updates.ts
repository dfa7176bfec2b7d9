import type { TestDb } from './db.ts';

/**
 * What keeps a row's update HOT (heap-only: no new index entries, the new version on the same
 * page): no index names a column the update writes, in its keys or its predicate, and the pages
 * keep room (fillfactor below 100). Decision 018, "Bets updated in place".
 */
export async function hotUpdateBlockers(db: TestDb, table: string, columns: string[]) {
  const indexes = (await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1`, [table]))
    .rows;
  const naming = indexes.map((i) => i.indexdef).filter((def) => columns.some((c) => new RegExp(`\\b${c}\\b`).test(def)));
  const opts = (await db.query<{ reloptions: string[] | null }>(`SELECT reloptions FROM pg_class WHERE oid = $1::regclass`, [table])).rows[0].reloptions;
  const fillfactor = Number((opts ?? []).find((o) => o.startsWith('fillfactor='))?.split('=')[1] ?? 100);
  return { indexes: indexes.length, naming, fillfactor };
}
