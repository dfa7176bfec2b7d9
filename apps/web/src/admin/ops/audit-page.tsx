import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { EmptyRow } from '../../ui/states.tsx';
import { useAuditList, useVerifyAudit, useVerifyLedger } from './queries.ts';
import { AdminList, skipOf } from './shared.tsx';

type Check = { ok: boolean; text: string; problems: string[] };

/** Audit log (every admin action, hash-chained) with on-demand ledger and chain verification. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [ledger, setLedger] = useState<Check | null>(null);
  const [chain, setChain] = useState<Check | null>(null);
  const [busy, setBusy] = useState<'ledger' | 'audit' | null>(null);
  const query = useAuditList(skipOf(page));
  const ledgerCheck = useVerifyLedger();
  const auditCheck = useVerifyAudit();
  const rows = query.data?.rows ?? [];

  async function verifyLedger() {
    setBusy('ledger');
    const answer = await ledgerCheck.mutateAsync(undefined);
    setBusy(null);
    if (!answer.result) return setLedger({ ok: false, text: errorText(answer.error), problems: [] });
    const d = answer.data;
    setLedger({ ok: d.ok, text: d.ok ? t('adminOps.audit.ledgerOk') : t('adminOps.audit.problems', { count: d.problems.length }), problems: d.problems });
  }

  async function verifyAudit() {
    setBusy('audit');
    const answer = await auditCheck.mutateAsync(undefined);
    setBusy(null);
    if (!answer.result) return setChain({ ok: false, text: errorText(answer.error), problems: [] });
    const d = answer.data;
    setChain({
      ok: d.ok,
      text: d.ok ? t('adminOps.audit.auditOk', { rows: d.rows }) : t('adminOps.audit.problems', { count: d.problems.length }),
      problems: d.problems,
    });
  }

  const actorName = (type: string) => (i18n.exists(`adminOps.audit.actors.${type}`) ? t(`adminOps.audit.actors.${type as 'admin'}`) : type);

  return (
    <section className="ad-page" data-testid="admin-audit">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminOps.audit.title')}</h1>
        <div className="ad-filters">
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-verify-ledger" disabled={busy !== null} onClick={verifyLedger}>
            {busy === 'ledger' ? t('adminOps.common.processing') : t('adminOps.audit.verifyLedger')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-verify-audit" disabled={busy !== null} onClick={verifyAudit}>
            {busy === 'audit' ? t('adminOps.common.processing') : t('adminOps.audit.verifyAudit')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </div>
      </div>
      {ledger && <CheckResult check={ledger} testId="admin-verify-ledger-result" />}
      {chain && <CheckResult check={chain} testId="admin-verify-audit-result" />}
      <AdminList query={query} page={page} onPage={setPage}>
        <table className="ad-table">
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('adminOps.audit.cols.time')}</th>
              <th>{t('adminOps.audit.cols.actor')}</th>
              <th>{t('adminOps.audit.cols.action')}</th>
              <th>{t('adminOps.audit.cols.target')}</th>
              <th>{t('adminOps.audit.cols.ip')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6} />}
            {rows.map((a) => (
              <tr key={a.id} data-testid="admin-audit-row">
                <td className="num">{a.id}</td>
                <td className="mono">{formatDateTime(a.created_at)}</td>
                <td>
                  {actorName(a.actor_type)}
                  {a.actor_id !== null && <span className="ad-muted"> #{a.actor_id}</span>}
                </td>
                <td className="mono">{a.action}</td>
                <td className="mono">{a.target ?? '-'}</td>
                <td className="mono">{a.ip ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
    </section>
  );
}

function CheckResult({ check, testId }: { check: Check; testId: string }) {
  return (
    <div className={check.ok ? 'ad-check-result is-ok' : 'ad-check-result is-bad'} data-testid={testId} data-ok={check.ok}>
      <strong>
        {check.ok ? '✓' : '✕'} {check.text}
      </strong>
      {check.problems.length > 0 && (
        <ul>
          {check.problems.map((p, i) => (
            <li key={i} className="mono">
              {p}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
