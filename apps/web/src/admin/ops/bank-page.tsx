import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_REQUEST_STATUSES, ROLES, type CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { newRequestId } from '../../ui/money-rules.ts';
import { useBulkApprove } from '../records/queries.ts';
import { useBankList, useProcessBank } from './queries.ts';
import { Badge } from './shared.tsx';
import { printReceipt, useReceiptPrinter } from '../settings/admin-shell.tsx';

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
  const receiptPrinter = useReceiptPrinter();
  const [status, setStatus] = useState<BankStatus>('waiting');
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const bulkApprove = useBulkApprove();
  const body = { type, status, skip: skipOf(page) };
  const query = useBankList(body, REFRESH_MS);
  // Only waiting requests can be approved: the selection lives on the waiting tab's page on screen.
  const selectable = status === 'waiting' ? (query.data?.rows ?? []).filter((r) => r.status === 'waiting') : [];
  const chosen = selectable.filter((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  /** Approves the selection after one confirmation; every row is its own approval and result (decision 041). */
  async function approveSelected() {
    if (bulkBusy || chosen.length === 0) return;
    if (!(await showConfirm(t('adminRecords.bank.bulkConfirm', { count: chosen.length })))) return;
    setBulkBusy(true);
    const answer = await bulkApprove.mutateAsync({ type, ids: chosen.map((r) => r.id), request_id: newRequestId() });
    setBulkBusy(false);
    setSelected(new Set());
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    const { results } = answer.data;
    const ok = results.filter((r) => r.ok).length;
    const lines = results.map((r) =>
      t('adminRecords.bank.bulkRow', {
        id: r.id,
        result: r.ok ? t('adminRecords.bank.approved') : errorText({ code: r.error!.code, message: r.error!.message, params: r.error!.params }),
      }),
    );
    await showAlert([t('adminRecords.bank.bulkSummary', { ok, failed: results.length - ok }), ...lines].join('\n'), t('adminRecords.bank.bulkTitle'));
  }

  async function process(row: BankRow, action: BankAction) {
    if (busyId !== null) return;
    const vars = { id: row.id, account: row.account, amount: formatMoney(row.amount, i18n.language) };
    const chargeDone = type === 'charge' && action === 'complete';
    if (!(await showConfirm(chargeDone ? t('adminOps.bank.chargeComplete.confirm', vars) : t(`adminOps.bank.confirm.${action}`, vars)))) return;
    setBusyId(row.id);
    const answer = await processBank.mutateAsync({ type, id: row.id, action });
    setBusyId(null);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    if (receiptPrinter && action === 'approve')
      printReceipt(t(`adminSettings.receipt.${type}`), [
        [t('adminSettings.receipt.id'), String(row.id)],
        [t('adminSettings.receipt.account'), `${row.account} (${row.nickname})`],
        [t('adminSettings.receipt.amount'), vars.amount],
        [t('adminSettings.receipt.at'), formatDateTime(new Date().toISOString())],
      ]);
    await showAlert(chargeDone ? t('adminOps.bank.chargeComplete.success') : t(`adminOps.bank.success.${action}`));
  }

  const isCharge = type === 'charge';
  const roleName = (role: string) => (ROLES.some((r) => r.name === role) ? t(`roles.${role as 'user'}`) : role);
  return (
    <BackofficePage
      title={t(isCharge ? 'adminOps.bank.chargeTitle' : 'adminOps.bank.exchangeTitle')}
      testId={`admin-bank-${type}`}
      filters={
        <Filters>
          <span className="ad-muted">{t('adminOps.common.autoRefresh')}</span>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-bank-refresh" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </Filters>
      }
    >
      <Tabs
        tabs={BANK_REQUEST_STATUSES}
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
          setSelected(new Set());
        }}
        label={(s) => t(`adminOps.bank.statuses.${type}.${s}`)}
        testId={(s) => `admin-bank-tab-${s}`}
      />
      {status === 'waiting' && (
        <div className="ad-rec-bulkbar">
          <button
            type="button"
            className="ui-btn ui-btn-primary ad-btn-sm"
            data-testid="admin-bank-bulk-approve"
            disabled={bulkBusy || chosen.length === 0}
            onClick={() => void approveSelected()}
          >
            {t('adminRecords.bank.bulkApprove', { count: chosen.length })}
          </button>
        </div>
      )}
      <ListFrame
        emptyText={t(`admin.empty.${type === 'charge' ? 'deposit' : 'exchange'}`)}
        query={query}
        paging={{
          page,
          onPage: (p) => {
            setPage(p);
            setSelected(new Set());
          },
        }}
        className="ad-sticky-actions"
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'admin-bank-row', 'data-id': r.id, 'data-account': r.account })}
        columns={[
          status === 'waiting' && {
            id: 'select',
            header: (
              <input
                type="checkbox"
                aria-label={t('adminRecords.bank.selectAll')}
                data-testid="admin-bank-select-all"
                checked={selectable.length > 0 && chosen.length === selectable.length}
                onChange={(e) => setSelected(new Set(e.target.checked ? selectable.map((r) => r.id) : []))}
              />
            ),
            cell: (r: BankRow) => (
              <input
                type="checkbox"
                aria-label={`${t('adminRecords.bank.select')} #${r.id}`}
                data-testid="admin-bank-select"
                disabled={r.status !== 'waiting'}
                checked={selected.has(r.id)}
                onChange={() => toggle(r.id)}
              />
            ),
          },
          { id: 'id', header: 'ID', cell: (r: BankRow) => r.id, className: 'num' },
          { id: 'account', header: t('adminOps.bank.cols.account'), cell: (r) => r.account, className: 'strong' },
          { id: 'nickname', header: t('adminOps.bank.cols.nickname'), cell: (r) => r.nickname },
          // Agents' own requests come through the same list; the requester's tier tells them apart (decision 032).
          { id: 'role', header: t('adminOps.bank.cols.role'), cell: (r) => <span data-testid="admin-bank-role">{roleName(r.role)}</span> },
          { id: 'level', header: t('adminOps.bank.cols.level'), cell: (r) => r.level, className: 'num' },
          {
            id: 'amount',
            header: t('adminOps.bank.cols.amount'),
            headClassName: 'num',
            className: 'num strong',
            cell: (r) => formatMoney(r.amount, i18n.language),
          },
          { id: 'holder', header: t('adminOps.bank.cols.holder'), cell: (r) => r.holder ?? '-' },
          { id: 'bank', header: t('adminOps.bank.cols.bank'), cell: (r) => r.bank_name ?? '-' },
          isCharge && {
            id: 'flag',
            header: t('adminOps.bank.cols.flag'),
            // Same member, same amount within 1 or 5 minutes (set at request time), and the depositor
            // name registered on other accounts too (decision 041).
            cell: (r: BankRow) =>
              r.flag || r.holder_accounts > 0 ? (
                <div className="ad-row-actions">
                  {r.flag && (
                    <Badge tone={r.flag === 'double' ? 'danger' : 'warn'} testId="admin-bank-flag">
                      {t(`adminOps.bank.flags.${r.flag}`)}
                    </Badge>
                  )}
                  {r.holder_accounts > 0 && (
                    <span title={t('adminRecords.bank.holderSharedTitle', { count: r.holder_accounts })}>
                      <Badge tone="warn" testId="admin-bank-holder-flag">
                        {t('adminRecords.bank.holderShared', { count: r.holder_accounts + 1 })}
                      </Badge>
                    </span>
                  )}
                </div>
              ) : (
                '-'
              ),
          },
          {
            id: 'bonus',
            header: t('adminOps.bank.cols.bonus'),
            headClassName: 'num',
            className: 'num',
            cell: (r) => formatPoints(r.bonus_point, i18n.language),
          },
          {
            id: 'status',
            header: t('adminOps.bank.cols.status'),
            cell: (r) => (
              <Badge tone={STATUS_TONE[r.status]} testId="admin-bank-status">
                {t(`adminOps.bank.statuses.${type}.${r.status}`)}
              </Badge>
            ),
          },
          { id: 'requested', header: t('adminOps.bank.cols.requestedAt'), cell: (r) => formatDateTime(r.created_at), className: 'mono' },
          {
            id: 'processed',
            header: t('adminOps.bank.cols.processedAt'),
            cell: (r) => (r.processed_at ? formatDateTime(r.processed_at) : '-'),
            className: 'mono',
          },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (r) => (
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
                    {isCharge && action === 'complete' ? t('adminOps.bank.chargeComplete.action') : t(`adminOps.bank.actions.${action}`)}
                  </button>
                ))}
              </div>
            ),
          },
        ]}
      />
    </BackofficePage>
  );
}
