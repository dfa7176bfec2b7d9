import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { useAuditList, useVerifyAudit, useVerifyLedger } from './queries.ts';

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
    <BackofficePage
      title={t('adminOps.audit.title')}
      testId="admin-audit"
      filters={
        <Filters>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-verify-ledger" disabled={busy !== null} onClick={verifyLedger}>
            {busy === 'ledger' ? t('adminOps.common.processing') : t('adminOps.audit.verifyLedger')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-verify-audit" disabled={busy !== null} onClick={verifyAudit}>
            {busy === 'audit' ? t('adminOps.common.processing') : t('adminOps.audit.verifyAudit')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </Filters>
      }
    >
      {ledger && <CheckResult check={ledger} testId="admin-verify-ledger-result" />}
      {chain && <CheckResult check={chain} testId="admin-verify-audit-result" />}
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(a) => a.id}
        rowProps={() => ({ 'data-testid': 'admin-audit-row' })}
        columns={[
          { id: 'id', header: 'ID', cell: (a) => a.id, className: 'num' },
          { id: 'time', header: t('adminOps.audit.cols.time'), cell: (a) => formatDateTime(a.created_at), className: 'mono' },
          {
            id: 'actor',
            header: t('adminOps.audit.cols.actor'),
            cell: (a) => (
              <>
                {actorName(a.actor_type)}
                {a.actor_id !== null && <span className="ad-muted"> #{a.actor_id}</span>}
              </>
            ),
          },
          { id: 'action', header: t('adminOps.audit.cols.action'), cell: (a) => a.action, className: 'mono' },
          { id: 'target', header: t('adminOps.audit.cols.target'), cell: (a) => a.target ?? '-', className: 'mono' },
          { id: 'ip', header: t('adminOps.audit.cols.ip'), cell: (a) => a.ip ?? '-', className: 'mono' },
        ]}
      />
    </BackofficePage>
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
