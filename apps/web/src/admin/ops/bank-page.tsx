import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_REQUEST_STATUSES, type CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { EmptyRow } from '../../ui/states.tsx';
import { useBankList, useProcessBank } from './queries.ts';
import { AdminList, Badge, skipOf } from './shared.tsx';

type BankType = 'charge' | 'exchange';
type BankStatus = (typeof BANK_REQUEST_STATUSES)[number];
type BankAction = 'approve' | 'refuse' | 'cancel' | 'complete';
type BankRow = CallData<'/api/admin/bank/list'>['rows'][number];

const REFRESH_MS = 10_000;

/** Spec §4: what each state allows. Waiting → approve/refuse; approved → complete (transaction ended) or cancel. */
function actionsFor(status: BankStatus): BankAction[] {
  if (status === 'waiting') return ['approve', 'refuse'];
  if (status === 'approved') return ['complete', 'cancel'];
  return [];
}

const STATUS_TONE: Record<BankStatus, string> = { waiting: 'warn', approved: 'ok', refused: 'danger', cancelled: 'muted', completed: 'info' };

/** Deposit (charge) and withdrawal (exchange) request lists with state-machine actions, refreshed every 10 s. */
export function BankPage({ type }: { type: BankType }) {
  const { t, i18n } = useTranslation();
  const processBank = useProcessBank();
  const [status, setStatus] = useState<BankStatus>('waiting');
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  const body = { type, status, skip: skipOf(page) };
  const query = useBankList(body, REFRESH_MS);
  const rows = query.data?.rows ?? [];

  async function process(row: BankRow, action: BankAction) {
    if (busyId !== null) return;
    const vars = { id: row.id, account: row.account, amount: formatMoney(row.amount, i18n.language) };
    const chargeDone = type === 'charge' && action === 'complete';
    if (!(await showConfirm(chargeDone ? t('adminOps.bank.chargeComplete.confirm', vars) : t(`adminOps.bank.confirm.${action}`, vars)))) return;
    setBusyId(row.id);
    const answer = await processBank.mutateAsync({ type, id: row.id, action });
    setBusyId(null);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    await showAlert(chargeDone ? t('adminOps.bank.chargeComplete.success') : t(`adminOps.bank.success.${action}`));
  }

  const colCount = type === 'charge' ? 13 : 12;
  return (
    <section className="ad-page" data-testid={`admin-bank-${type}`}>
      <div className="ad-title-row">
        <h1 className="ad-title">{t(type === 'charge' ? 'adminOps.bank.chargeTitle' : 'adminOps.bank.exchangeTitle')}</h1>
        <div className="ad-filters">
          <span className="ad-muted">{t('adminOps.common.autoRefresh')}</span>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-bank-refresh" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </div>
      </div>
      <div className="ad-tabs" role="tablist">
        {BANK_REQUEST_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            className={s === status ? 'ad-tab is-active' : 'ad-tab'}
            data-testid={`admin-bank-tab-${s}`}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {t(`adminOps.bank.statuses.${type}.${s}`)}
          </button>
        ))}
      </div>
      <AdminList query={query} page={page} onPage={setPage}>
        <table className="ad-table ad-sticky-actions">
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('adminOps.bank.cols.account')}</th>
              <th>{t('adminOps.bank.cols.nickname')}</th>
              <th>{t('adminOps.bank.cols.level')}</th>
              <th className="num">{t('adminOps.bank.cols.amount')}</th>
              <th>{t('adminOps.bank.cols.holder')}</th>
              <th>{t('adminOps.bank.cols.bank')}</th>
              {type === 'charge' && <th>{t('adminOps.bank.cols.flag')}</th>}
              <th className="num">{t('adminOps.bank.cols.bonus')}</th>
              <th>{t('adminOps.bank.cols.status')}</th>
              <th>{t('adminOps.bank.cols.requestedAt')}</th>
              <th>{t('adminOps.bank.cols.processedAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={colCount} />}
            {rows.map((r) => (
              <tr key={r.id} data-testid="admin-bank-row" data-id={r.id} data-account={r.account}>
                <td className="num">{r.id}</td>
                <td className="strong">{r.account}</td>
                <td>{r.nickname}</td>
                <td className="num">{r.level}</td>
                <td className="num strong">{formatMoney(r.amount, i18n.language)}</td>
                <td>{r.holder ?? '-'}</td>
                <td>{r.bank_name ?? '-'}</td>
                {type === 'charge' && (
                  <td>
                    {r.flag ? (
                      <Badge tone={r.flag === 'double' ? 'danger' : 'warn'} testId="admin-bank-flag">
                        {t(`adminOps.bank.flags.${r.flag}`)}
                      </Badge>
                    ) : (
                      '-'
                    )}
                  </td>
                )}
                <td className="num">{formatPoints(r.bonus_point, i18n.language)}</td>
                <td>
                  <Badge tone={STATUS_TONE[r.status]} testId="admin-bank-status">
                    {t(`adminOps.bank.statuses.${type}.${r.status}`)}
                  </Badge>
                </td>
                <td className="mono">{formatDateTime(r.created_at)}</td>
                <td className="mono">{r.processed_at ? formatDateTime(r.processed_at) : '-'}</td>
                <td>
                  <div className="ad-row-actions">
                    {actionsFor(r.status).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={action === 'approve' || action === 'complete' ? 'ui-btn ui-btn-primary ad-btn-xs' : 'ui-btn ui-btn-danger ad-btn-xs'}
                        data-testid={`admin-bank-${action}`}
                        disabled={busyId !== null}
                        onClick={() => process(r, action)}
                      >
                        {type === 'charge' && action === 'complete' ? t('adminOps.bank.chargeComplete.action') : t(`adminOps.bank.actions.${action}`)}
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
    </section>
  );
}
