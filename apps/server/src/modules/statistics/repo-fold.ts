import type { Sql } from '../../platform/db.ts';
import { FIGURES } from './figures.ts';
import type { AgentDelta, MemberAfter, MemberDelta, SiteDelta } from './fold.ts';

/**
 * The drain batch's statistics writes (decision 030): one upsert per table, each adding the
 * batch's deltas to the rows (a key appears once per statement: fold.ts nets the batch first).
 */

const figureTypes = FIGURES.map((f) => (f.endsWith('_count') ? 'int[]' : 'bigint[]'));
const addCols = (extra: string[]) => [...FIGURES, ...extra].map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ');

function upsertText(table: string, keys: [string, string][], extra: [string, string][], returning = '') {
  const cols = [...keys.map((k) => k[0]), ...FIGURES, ...extra.map((e) => e[0])];
  const types = [...keys.map((k) => k[1]), ...figureTypes, ...extra.map((e) => e[1])];
  const args = types.map((t, i) => `$${i + 1}::${t}`).join(', ');
  return `INSERT INTO ${table} AS t (${cols.join(', ')}) SELECT * FROM unnest(${args})
    ON CONFLICT (${keys.map((k) => k[0]).join(', ')}) DO UPDATE SET ${addCols(extra.map((e) => e[0]))} ${returning}`;
}

const figureArrays = <T extends { d: Record<string, bigint> }>(rows: T[]) => FIGURES.map((f) => rows.map((r) => String(r.d[f])));

const MEMBER_UPSERT = upsertText(
  'stat_member_days',
  [
    ['day', 'date[]'],
    ['member_id', 'bigint[]'],
    ['game_type', 'text[]'],
  ],
  [],
  'RETURNING day::text AS day, member_id, game_type, bet_count',
);

/** Adds the members' deltas; answers each row's bet count after it. */
export async function addMemberDays(sql: Sql, rows: MemberDelta[]): Promise<MemberAfter[]> {
  if (rows.length === 0) return [];
  const r = await sql.query<{ day: string; member_id: bigint; game_type: string; bet_count: number }>(
    MEMBER_UPSERT,
    [rows.map((m) => m.day), rows.map((m) => String(m.memberId)), rows.map((m) => m.gameType), ...figureArrays(rows)],
    'stat_member_days_add',
  );
  return r.rows.map((x) => ({ day: x.day, memberId: BigInt(x.member_id), gameType: x.game_type, betCount: BigInt(x.bet_count) }));
}

const AGENT_UPSERT = upsertText(
  'stat_agent_days',
  [
    ['agent_id', 'bigint[]'],
    ['day', 'date[]'],
    ['game_type', 'text[]'],
  ],
  [
    ['bettors', 'int[]'],
    ['rolling_own', 'bigint[]'],
  ],
);

export async function addAgentDays(sql: Sql, rows: AgentDelta[]) {
  if (rows.length === 0) return;
  // Ascending key order: the rebuild writes the same rows, and a fixed order keeps two writers from deadlocking.
  rows.sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : a.day.localeCompare(b.day) || a.gameType.localeCompare(b.gameType)));
  await sql.query(
    AGENT_UPSERT,
    [
      rows.map((a) => String(a.agentId)),
      rows.map((a) => a.day),
      rows.map((a) => a.gameType),
      ...figureArrays(rows),
      rows.map((a) => a.bettors),
      rows.map((a) => String(a.rollingOwn)),
    ],
    'stat_agent_days_add',
  );
}

const SITE_UPSERT = upsertText(
  'stat_site_days',
  [
    ['day', 'date[]'],
    ['game_type', 'text[]'],
  ],
  [['bettors', 'int[]']],
);

export async function addSiteDays(sql: Sql, rows: SiteDelta[]) {
  if (rows.length === 0) return;
  await sql.query(SITE_UPSERT, [rows.map((s) => s.day), rows.map((s) => s.gameType), ...figureArrays(rows), rows.map((s) => s.bettors)], 'stat_site_days_add');
}
