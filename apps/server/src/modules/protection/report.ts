import { PROTECTION_FIGURES, type CallBody, type CallData, type ProtectionFigure, type ProtectionFigures } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { countAuditActionsByDay, listAuditActions } from '../audit/index.ts';
import { addDays, periodOf } from './period.ts';

/** The audit actions every protection event writes (responsible module, decision 057; the session limit in auth). */
const ACTIONS = ['limits.set', 'limits.raise_scheduled', 'limits.raise_applied', 'limits.hit', 'limits.exclusion'];
const PAGE = 20;

const EXCLUSION_FIGURE: Record<string, ProtectionFigure> = {
  '24h': 'timeouts_24h',
  '7d': 'timeouts_7d',
  '30d': 'timeouts_30d',
  '6m': 'exclusions_6m',
  permanent: 'exclusions_permanent',
};

/** The figure an audit row counts in: its action, and for a refusal its code's kind, for an exclusion its period. */
export function figureOf(action: string, detail: string | null): ProtectionFigure | null {
  if (action === 'limits.set') return 'limits_set';
  if (action === 'limits.raise_scheduled') return 'raises_scheduled';
  if (action === 'limits.raise_applied') return 'raises_applied';
  if (action === 'limits.exclusion') return EXCLUSION_FIGURE[detail ?? ''] ?? null;
  if (action === 'limits.hit') {
    const kind = (detail ?? '').split('_')[0];
    return kind === 'deposit' || kind === 'loss' || kind === 'stake' || kind === 'session' ? `hits_${kind}` : null;
  }
  return null;
}

const zero = (): ProtectionFigures => Object.fromEntries(PROTECTION_FIGURES.map((k) => [k, 0])) as ProtectionFigures;

/** The admin protection report (issue 23): per operator day and in total, and the events, newest first. */
export async function protectionReport(deps: Deps, body: CallBody<'/api/admin/reports/protection'>): Promise<CallData<'/api/admin/reports/protection'>> {
  const p = await periodOf(deps, body, (today) => `${today.slice(0, 8)}01`);
  const byDay = new Map<string, ProtectionFigures>();
  for (let d = p.to; d >= p.from; d = addDays(d, -1)) byDay.set(d, zero());
  const totals = zero();
  for (const r of await countAuditActionsByDay(deps.db, ACTIONS, p.since, p.until, p.offsetMin)) {
    const f = figureOf(r.action, r.detail);
    const row = byDay.get(r.day);
    if (!f || !row) continue;
    row[f] += r.n;
    totals[f] += r.n;
  }
  const ev = await listAuditActions(deps.db, ACTIONS, p.since, p.until, body?.skip ?? 0, PAGE);
  return {
    from: p.from,
    to: p.to,
    days: [...byDay].map(([day, f]) => ({ day, ...f })),
    totals,
    events: ev.rows.flatMap((r) => {
      const figure = figureOf(r.action, r.detail);
      const user = r.target?.match(/^user:(\d+)$/)?.[1];
      return figure
        ? [
            {
              id: Number(r.id),
              at: r.created_at.toISOString(),
              figure,
              detail: r.detail,
              user_id: user ? Number(user) : null,
              account: r.target_name,
              actor_type: r.actor_type,
            },
          ]
        : [];
    }),
    total: ev.total,
  };
}
